import Alert from '@mui/material/Alert';
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
import { useId, useState, type FormEvent } from 'react';
import { formatEventPlace, formatEventStart } from '../model/eventDisplay';
import { noEventsFound, SEARCH_FAILED, useEventSearch, type EventSearchArgs } from '../api/eventSearchApi';
import type { EventSummary } from '../model/eventTypes';
import { useRecentEvents } from '../model/recentEvents';

export interface EventPickerProps {
  selected: EventSummary | null;
  onSelect: (event: EventSummary) => void;
  /** Leaves the choice empty ("upload without an event"); no button without it. */
  onClear?: () => void;
  mode?: EventSearchArgs['mode'];
  near?: EventSearchArgs['near'];
  radiusKm?: number;
}

const FALLBACK_NOTE = {
  cache: 'The search could not reach the server. Showing saved results from an earlier search.',
  recent: 'The search could not reach the server. Showing your recent events instead.',
} as const;

function EventList({ events, label, onPick }: { events: EventSummary[]; label: string; onPick: (e: EventSummary) => void }) {
  return (
    <List aria-label={label} disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {events.map((event) => (
        <ListItem key={event.id} disablePadding divider>
          <ListItemButton onClick={() => onPick(event)} sx={{ minHeight: 56 }}>
            <ListItemText
              primary={event.name}
              secondary={`${event.sport ? `${event.sport} · ` : ''}${formatEventStart(event)} · ${formatEventPlace(event)}`}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The event picker of Upload Clips (docs/product/part-1.md §2): collapsed with a selected event, collapsed
 * with none, or expanded for searching. Selecting an event records it as recent.
 */
export function EventPicker({ selected, onSelect, onClear, mode = 'general', near, radiusKm }: EventPickerProps) {
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const { recent, remember } = useRecentEvents();
  const search = useEventSearch(query ? { q: query, near, radiusKm, mode } : null);
  const inputId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return; // an empty query is ignored (docs/product/part-1.md §5)
    if (q === query) search.retry();
    else setQuery(q);
  };

  const pick = (event: EventSummary) => {
    remember(event);
    onSelect(event);
    setExpanded(false);
  };

  if (!expanded) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        {selected ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }} aria-label="Selected event" role="group">
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{selected.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[selected.sport, formatEventStart(selected)].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatEventPlace(selected)}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" size="large" onClick={() => setExpanded(true)} sx={{ flex: { xs: 1, sm: 'none' } }}>
                Change
              </Button>
              {onClear && (
                <Button size="large" onClick={onClear} sx={{ flex: { xs: 1, sm: 'none' } }}>
                  No event
                </Button>
              )}
            </Stack>
          </Stack>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>No event selected</Typography>
              <Typography variant="body2" color="text.secondary">
                You can also upload without an event.
              </Typography>
            </Box>
            <Button variant="contained" size="large" onClick={() => setExpanded(true)}>
              Choose Event
            </Button>
          </Stack>
        )}
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Box component="form" role="search" onSubmit={submit} noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              id={inputId}
              label="Search events"
              // The primary green on white is 2:1 for the focused label; secondary keeps it readable.
              color="secondary"
              placeholder="Event, sport, venue or city"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (!e.target.value.trim()) setQuery(''); // back to the recent events
              }}
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { enterKeyHint: 'search' } }}
            />
            <Button type="submit" variant="contained" size="large" sx={{ minWidth: 112, minHeight: 56 }}>
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
          <Alert severity="error" action={<Button onClick={search.retry}>Retry</Button>}>
            {SEARCH_FAILED}
          </Alert>
        )}
        {search.status === 'done' && (
          <Stack spacing={1}>
            {search.source !== 'server' && <Alert severity="info">{FALLBACK_NOTE[search.source]}</Alert>}
            {search.events.length === 0 ? (
              <Typography role="status">{noEventsFound(query)}</Typography>
            ) : (
              <EventList events={search.events} label="Search results" onPick={pick} />
            )}
          </Stack>
        )}
        {search.status === 'idle' && recent.length > 0 && (
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="h3">
              Recent events
            </Typography>
            <EventList events={recent} label="Recent events" onPick={pick} />
          </Stack>
        )}

        <Box>
          <Button size="large" onClick={() => setExpanded(false)}>
            Cancel
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
