import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { GeoPoint } from '../../../lib/geo';
import { noCurrentEventsFound, SEARCH_FAILED, useCurrentEventSearch, type EventSummary } from '../../events/public';
import { CurrentEventOptions } from './CurrentEventOptions';

export const SEARCH_PLACEHOLDER = 'Search for events...';
/** The search answered from this device's saved results (the server could not be reached). */
export const SAVED_RESULTS_NOTE = 'The search could not reach the server. Showing saved results.';

export interface CurrentEventSearchProps {
  /** The device's location: the search looks near it when known, anywhere otherwise. */
  near: GeoPoint | null;
  selectedId: string | null;
  onPick: (event: EventSummary) => void;
}

/**
 * The text search of Select Current Event (docs/product/part-2.md §2, §5): runs on Enter or Search, only for a
 * non-blank text; Search is disabled while the field is blank and while a search runs. Lists the live events found.
 */
export function CurrentEventSearch({ near, selectedId, onPick }: CurrentEventSearchProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = useCurrentEventSearch(query, near);
  const searching = search.status === 'loading';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q || searching) return;
    if (q === query) search.retry();
    else setQuery(q);
  };

  return (
    <Stack spacing={1.5}>
      <Box component="form" role="search" aria-label="Search current events" onSubmit={submit} noValidate>
        <Stack direction="row" spacing={1}>
          <TextField
            label="Event search"
            // The primary green on white is 2:1 for the focused label; secondary keeps it readable.
            color="secondary"
            placeholder={SEARCH_PLACEHOLDER}
            value={text}
            onChange={(e) => setText(e.target.value)}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { enterKeyHint: 'search', type: 'search' } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!text.trim() || searching}
            sx={{ minWidth: 96, minHeight: 56, flexShrink: 0 }}
          >
            Search
          </Button>
        </Stack>
      </Box>

      {search.status === 'loading' && (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden="true" />
          <Typography>Searching...</Typography>
        </Stack>
      )}
      {search.status === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={search.retry}>
              Retry
            </Button>
          }
          sx={{ alignItems: 'center' }}
        >
          {SEARCH_FAILED}
        </Alert>
      )}
      {search.status === 'done' && (
        <Stack spacing={1}>
          {search.source !== 'server' && <Alert severity="info">{SAVED_RESULTS_NOTE}</Alert>}
          {search.events.length === 0 ? (
            <Typography role="status">{noCurrentEventsFound(query)}</Typography>
          ) : (
            <CurrentEventOptions options={search.events} label="Search results" selectedId={selectedId} onPick={onPick} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
