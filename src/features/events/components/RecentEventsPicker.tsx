import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ListEmptyProps } from '../../../components/ListEmpty';
import { PageHeader } from '../../../components/PageHeader';
import { PagedListView } from '../../../components/PagedListView';
import { EventList } from './EventList';
import {
  RECENT_SEARCH_MAX,
  RECENT_VIEW_LABEL,
  recentEventHref,
  type RecentPickerContext,
  type RecentView,
} from '../model/recentPicker';
import { useRecentEventsPicker } from './useRecentEventsPicker';

const HEADER: Record<RecentPickerContext, { title: string; subtitle: string }> = {
  clips: { title: 'Recent Events', subtitle: 'Choose an event to see its clips.' },
  highlights: { title: 'Create Highlight', subtitle: 'Choose the event to make a highlight from.' },
};

const EMPTY: Record<RecentView, ListEmptyProps> = {
  // docs/product/part-2.md §2: the empty state with the user's content links to the upload.
  mine: {
    message: 'You have no clips or tags at a recent event yet.',
    action: { label: 'Upload Clips', to: '/clips/upload' },
  },
  all: { message: 'No events have started yet.', action: { label: 'See upcoming events', to: '/event/upcoming' } },
};

const VIEWS: RecentView[] = ['mine', 'all'];

/**
 * The search box: its text is the user's draft until Enter or Search, then the list's words. Not a <form>: the
 * words go to the address, and the router applies that in a transition, which React 19 would take for a form
 * action of its own.
 */
function SearchForm({ search, onSearch }: { search: string; onSearch: (words: string) => void }) {
  const [draft, setDraft] = useState(search);
  return (
    <Stack role="search" aria-label="Search recent events" direction="row" spacing={1}>
      <TextField
        type="search"
        size="small"
        label="Search events"
        placeholder="Event, sport or venue"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(draft);
        }}
        slotProps={{
          htmlInput: { maxLength: RECENT_SEARCH_MAX, enterKeyHint: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flex: 1, maxWidth: 480 }}
      />
      <Button variant="outlined" onClick={() => onSearch(draft)}>
        Search
      </Button>
    </Stack>
  );
}

/**
 * The Recent Events picker (docs/product/part-2.md §2): 'With My Content' or 'All Events', the default
 * detected, 20 a page with 'Load More Events' and a search by words; each event links to its clips, or, in the
 * highlights context, to highlight creation for it.
 */
export function RecentEventsPicker({ context }: { context: RecentPickerContext }) {
  const { view, choose, search, setSearch, list } = useRecentEventsPicker();
  const header = HEADER[context];
  const empty: ListEmptyProps = search
    ? { message: `No recent events match “${search}”.`, action: { label: 'Clear search', onClick: () => setSearch('') } }
    : EMPTY[view ?? 'mine'];
  return (
    <Stack spacing={1} sx={{ maxWidth: 880 }}>
      <PageHeader title={header.title} subtitle={header.subtitle} />
      <RadioGroup
        row
        aria-label="Show"
        name="recent-events-view"
        value={view ?? ''}
        onChange={(_event, value) => choose(value as RecentView)}
      >
        {VIEWS.map((v) => (
          <FormControlLabel key={v} value={v} control={<Radio color="secondary" />} label={RECENT_VIEW_LABEL[v]} />
        ))}
      </RadioGroup>
      {/* Keyed by the words in the address: Back, or 'Clear search', shows them in the box too. */}
      <SearchForm key={search} search={search} onSearch={setSearch} />
      <Stack sx={{ pt: 1 }}>
        <PagedListView
          list={list}
          empty={empty}
          skeleton={{ label: 'Loading recent events...' }}
          loadMoreLabel="Load More Events"
        >
          {(rows) => (
            <EventList
              rows={rows}
              label={view ? RECENT_VIEW_LABEL[view] : 'Recent events'}
              linkTo={(id) => recentEventHref(context, id)}
              showContent
            />
          )}
        </PagedListView>
      </Stack>
    </Stack>
  );
}
