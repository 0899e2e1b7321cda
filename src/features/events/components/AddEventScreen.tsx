import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toApiFailure } from '../../../api/apiErrors';
import { useLazySearchLocationsQuery, type LocationSummary } from '../../locations/public';
import { useCreateEventMutation } from '../api/eventsApi';
import {
  buildEventPayload,
  EMPTY_EVENT_FORM,
  EVENT_TEXT,
  locationSearchFailedMessage,
  SPORT_SUGGESTIONS,
  type EventForm,
} from '../model/eventForm';

interface Message {
  severity: 'success' | 'error';
  text: string;
}

const dateTimeSlotProps = { inputLabel: { shrink: true } } as const;

/** Add Event (docs/product/part-1.md §2, §5, §8): name, sport, times at the venue, a searched location. */
export default function AddEventScreen() {
  const [form, setForm] = useState<EventForm>(EMPTY_EVENT_FORM);
  const [selected, setSelected] = useState<LocationSummary | null>(null);
  const [query, setQuery] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [searchLocations, search] = useLazySearchLocationsQuery();
  const [createEvent, { isLoading: creating }] = useCreateEventMutation();

  const update = (field: 'name' | 'sport' | 'startTime' | 'endTime', value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const runSearch = () => {
    const q = query.trim();
    if (q) void searchLocations(q);
  };

  const onSearchKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    runSearch();
  };

  const choose = (location: LocationSummary) => {
    setSelected(location);
    setForm((current) => ({ ...current, location }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = buildEventPayload(form);
    if (!built.ok) {
      setMessage({ severity: 'error', text: built.message });
      return;
    }
    setMessage(null);
    const result = await createEvent(built.payload);
    if (result.error) {
      setMessage({ severity: 'error', text: EVENT_TEXT.createFailed });
      return;
    }
    setMessage({ severity: 'success', text: EVENT_TEXT.created });
    setForm(EMPTY_EVENT_FORM);
    setSelected(null);
    setQuery('');
    search.reset();
  };

  const results = search.currentData;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        Add Event
      </Typography>

      <Stack component="form" noValidate spacing={2.5} onSubmit={(e: FormEvent) => void submit(e)}>
        <TextField label="Event Name" required value={form.name} onChange={(e) => update('name', e.target.value)} />

        <Autocomplete<string, false, false, true>
          freeSolo
          options={SPORT_SUGGESTIONS}
          value={form.sport || null}
          inputValue={form.sport}
          onChange={(_event, value) => update('sport', value ?? '')}
          onInputChange={(_event, value) => update('sport', value)}
          renderInput={(params) => <TextField {...params} label="Sport" required />}
        />

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Start Time"
            type="datetime-local"
            required
            fullWidth
            value={form.startTime}
            onChange={(e) => update('startTime', e.target.value)}
            slotProps={dateTimeSlotProps}
          />
          <TextField
            label="End Time (Optional)"
            type="datetime-local"
            fullWidth
            value={form.endTime}
            onChange={(e) => update('endTime', e.target.value)}
            slotProps={dateTimeSlotProps}
          />
        </Stack>

        <Paper component="section" variant="outlined" aria-labelledby="event-location-heading" sx={{ p: 2 }}>
          <Stack spacing={1.5}>
            <Typography id="event-location-heading" variant="h6" component="h2">
              Location
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Search locations"
                placeholder="Venue name or city"
                fullWidth
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                onKeyDown={onSearchKey}
              />
              <Button type="button" variant="outlined" onClick={runSearch} sx={{ height: 56, flexShrink: 0 }}>
                Search
              </Button>
            </Stack>

            {search.isFetching && (
              <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <CircularProgress size={20} aria-hidden="true" />
                <Typography>Searching...</Typography>
              </Stack>
            )}
            {!search.isFetching && search.isError && (
              <Alert severity="error">{locationSearchFailedMessage(toApiFailure(search.error))}</Alert>
            )}
            {!search.isFetching && results && results.length === 0 && <Alert severity="info">{EVENT_TEXT.noLocations}</Alert>}
            {!search.isFetching && results && results.length > 0 && (
              <List aria-label="Locations found" disablePadding>
                {results.map((location) => (
                  <ListItem key={location.id} disablePadding>
                    <ListItemButton
                      selected={selected?.id === location.id}
                      aria-pressed={selected?.id === location.id}
                      onClick={() => choose(location)}
                    >
                      <ListItemText
                        primary={location.name}
                        secondary={location.address ? `${location.address} · ${location.timezone}` : location.timezone}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}

            {selected && <Typography sx={{ fontWeight: 600 }}>Selected: {selected.name}</Typography>}
          </Stack>
        </Paper>

        <Box>
          <Button type="submit" variant="contained" disabled={creating}>
            Add Event
          </Button>
        </Box>

        {message && <Alert severity={message.severity}>{message.text}</Alert>}
      </Stack>
    </Stack>
  );
}
