import { toApiFailure } from '../../../api/apiErrors';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LOCATION_TEXT, locationSavedMessage, saveLocationFailedMessage } from '../model/locationMessages';
import { useCreateLocationMutation } from '../api/locationsApi';
import { formatCoordinates } from '../../../lib/geo';
import { placeToLocation, UNNAMED_LOCATION, type PlaceSuggestion } from '../model/placeToLocation';
import { usePlaceSearch } from './usePlaceSearch';

interface Message {
  severity: 'success' | 'error' | 'warning';
  text: string;
}

/** Add Location (docs/product/part-1.md §2, §5, §8): search a place, preview it, save it as a location. */
export default function AddLocationScreen() {
  const search = usePlaceSearch();
  const [createLocation, { isLoading: saving }] = useCreateLocationMutation();
  const [message, setMessage] = useState<Message | null>(null);
  const { place } = search;

  const save = async () => {
    if (!place) {
      setMessage({ severity: 'warning', text: LOCATION_TEXT.noPlace });
      return;
    }
    const payload = placeToLocation(place);
    setMessage(null);
    const result = await createLocation(payload);
    if (result.error) {
      setMessage({ severity: 'error', text: saveLocationFailedMessage(toApiFailure(result.error)) });
      return;
    }
    setMessage({ severity: 'success', text: locationSavedMessage(payload.name) });
    search.clear();
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        Add Location
      </Typography>

      {search.mapsStatus === 'loading' && (
        <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden="true" />
          <Typography>{LOCATION_TEXT.loading}</Typography>
        </Stack>
      )}
      {search.mapsStatus === 'error' && <Alert severity="error">{LOCATION_TEXT.initFailed}</Alert>}

      <Autocomplete<PlaceSuggestion, false, false, false>
        options={search.suggestions}
        value={search.chosen}
        inputValue={search.query}
        onInputChange={(_event, text, reason) => {
          if (reason === 'input') search.setQuery(text);
          else if (reason === 'clear') search.clear();
        }}
        onChange={(_event, option) => search.choose(option)}
        filterOptions={(options) => options}
        getOptionLabel={(option) => option.description}
        isOptionEqualToValue={(option, value) => option.placeId === value.placeId}
        loading={search.searching}
        loadingText="Searching..."
        noOptionsText={search.noResults ? 'No places found' : 'Type a venue name or address'}
        disabled={!search.ready}
        renderOption={(props, option) => {
          const { key, ...optionProps } = props;
          return (
            <Box component="li" key={key} {...optionProps}>
              <Stack>
                <Typography>{option.mainText}</Typography>
                {option.secondaryText && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {option.secondaryText}
                  </Typography>
                )}
              </Stack>
            </Box>
          );
        }}
        renderInput={(params) => <TextField {...params} label="Search for a place" />}
      />

      {search.suggestionsFailed && <Alert severity="error">{LOCATION_TEXT.suggestionsFailed}</Alert>}
      {search.placeFailed && <Alert severity="error">{LOCATION_TEXT.placeFailed}</Alert>}
      {search.loadingPlace && (
        <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden="true" />
          <Typography>Loading place details...</Typography>
        </Stack>
      )}

      {place && (
        <Paper component="section" variant="outlined" aria-labelledby="place-preview-name" sx={{ p: 2 }}>
          <Stack spacing={0.5}>
            <Typography id="place-preview-name" variant="h6" component="h2">
              {place.name || UNNAMED_LOCATION}
            </Typography>
            <Typography>{place.formattedAddress}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Coordinates: {formatCoordinates(place.latitude, place.longitude)}
            </Typography>
          </Stack>
        </Paper>
      )}

      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={!place || !search.ready || saving}>
          Save Location
        </Button>
      </Box>

      {message && <Alert severity={message.severity}>{message.text}</Alert>}
    </Stack>
  );
}
