import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { ListStates } from '../../../components/ListStates';
import { selectIsAdmin } from '../../session/public';
import { emptyNextStep } from '../model/emptyNextStep';
import { PageHeader } from '../../../components/PageHeader';
import { EventList } from './EventList';
import type { EventRow } from '../model/eventRows';
import { UPCOMING_WINDOW_DAYS } from '../model/eventTiming';
import { useCurrentAndUpcoming } from './useCurrentAndUpcoming';

export const CURRENT_UPCOMING_TEXT = {
  title: 'Current & Upcoming Events',
  subtitle: `Live now, then the next ${UPCOMING_WINDOW_DAYS} days. Times are the venue's.`,
  live: 'Live now',
  next: `Next ${UPCOMING_WINDOW_DAYS} days`,
  empty: `No live events, and none in the next ${UPCOMING_WINDOW_DAYS} days.`,
  loading: 'Loading events...',
} as const;

function Section({ title, rows }: { title: string; rows: readonly EventRow[] }) {
  const headingId = useId();
  if (rows.length === 0) return null;
  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <EventList rows={rows} label={title} />
    </Stack>
  );
}

/** Current & Upcoming Events (docs/product/part-2.md §2): live events first with the LIVE badge, then the next 7 days. */
export default function CurrentUpcomingScreen() {
  const { sections, items, loading, error } = useCurrentAndUpcoming();
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <Stack spacing={1} sx={{ maxWidth: 880 }}>
      <PageHeader title={CURRENT_UPCOMING_TEXT.title} subtitle={CURRENT_UPCOMING_TEXT.subtitle} />
      <ListStates
        items={items}
        loading={loading}
        error={error}
        empty={emptyNextStep(CURRENT_UPCOMING_TEXT.empty, 'event', isAdmin)}
        skeleton={{ label: CURRENT_UPCOMING_TEXT.loading }}
      >
        {() => (
          <Stack spacing={3}>
            <Section title={CURRENT_UPCOMING_TEXT.live} rows={sections?.live ?? []} />
            <Section title={CURRENT_UPCOMING_TEXT.next} rows={sections?.next ?? []} />
          </Stack>
        )}
      </ListStates>
    </Stack>
  );
}
