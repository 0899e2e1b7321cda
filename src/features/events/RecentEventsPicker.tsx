import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { ListStates } from '../../components/ListStates';
import type { ListEmptyProps } from '../../components/ListEmpty';
import { PageHeader } from '../../components/PageHeader';
import { EventList } from './EventList';
import { RECENT_VIEW_LABEL, recentEventHref, type RecentPickerContext, type RecentView } from './recentPicker';
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
 * The Recent Events picker (docs/product/part-2.md §2): 'With My Content' or 'All Events', the default
 * detected; each event links to its clips, or, in the highlights context, to highlight creation for it.
 */
export function RecentEventsPicker({ context }: { context: RecentPickerContext }) {
  const { view, choose, items, loading, error } = useRecentEventsPicker();
  const header = HEADER[context];
  return (
    <Stack spacing={1} sx={{ maxWidth: 880 }}>
      <PageHeader title={header.title} subtitle={header.subtitle} />
      <RadioGroup
        row
        aria-label="Show"
        name="recent-events-view"
        value={view ?? ''}
        onChange={(_event, value) => choose(value as RecentView)}
        sx={{ pb: 1 }}
      >
        {VIEWS.map((v) => (
          <FormControlLabel key={v} value={v} control={<Radio color="secondary" />} label={RECENT_VIEW_LABEL[v]} />
        ))}
      </RadioGroup>
      <ListStates
        items={items}
        loading={loading}
        error={error}
        empty={EMPTY[view ?? 'mine']}
        skeleton={{ label: 'Loading recent events...' }}
      >
        {(rows) => (
          <EventList
            rows={rows}
            label={view ? RECENT_VIEW_LABEL[view] : 'Recent events'}
            linkTo={(id) => recentEventHref(context, id)}
            showContent
          />
        )}
      </ListStates>
    </Stack>
  );
}
