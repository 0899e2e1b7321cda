import { useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { ListEmpty } from '../../../components/ListEmpty';
import { PageHeader } from '../../../components/PageHeader';
import { formatVenueDateTime } from '../../../lib/venueTime';
import { selectSignedInUserId } from '../../session/public';
import { clipCountLabel } from '../model/clipDisplay';
import { EVENT_NOT_FOUND, isEventNotFound } from '../model/clipListMessages';
import { eventHeaderOf, readEventClipsState, type EventHeader } from '../model/clipNavigation';
import { eventClipsArg } from '../api/clipsPrefetch';
import { ClipGrid } from './ClipGrid';
import { PagedListView } from '../../../components/PagedListView';
import { useEventClips } from './useClipLists';

const BACK = { to: '/clips', label: 'Back to My Clips' };

function subtitleOf(header: EventHeader): string {
  const parts = [header.place, formatVenueDateTime(header.startTime, header.timezone)];
  if (header.clipCount !== null) parts.push(clipCountLabel(header.clipCount));
  return parts.join(' · ');
}

/**
 * Clips of an event (/clips/event/{eventId}; docs/product/part-2.md §2): 12 a page with 'Load More Clips'. The
 * header comes from the navigation state My Clips sends, at once; on a deep link, from the API's event. The state
 * is trusted only when My Clips made it for the user signed in now: after a sign-out it stays in the tab's
 * history, and the next user's Back must not show the previous user's event (clipNavigation.ts).
 */
export default function EventClipsScreen() {
  const eventId = eventClipsArg(useParams());
  const { state } = useLocation();
  const userId = useAppSelector(selectSignedInUserId);
  const list = useEventClips(eventId);
  const header = eventHeaderOf(list.event && { event: list.event, total: list.total }, readEventClipsState(state, userId));
  const notFound = !list.items && list.failure !== null && isEventNotFound(list.failure);

  return (
    <>
      <PageHeader
        title={notFound ? EVENT_NOT_FOUND : (header?.name ?? 'Event Clips')}
        back={BACK}
        subtitle={!notFound && header ? subtitleOf(header) : undefined}
      />
      {notFound ? (
        <ListEmpty
          message="This event does not exist, or it is no longer available. Your events with clips are in My Clips."
          action={{ label: 'Go to My Clips', to: '/clips' }}
        />
      ) : (
        <PagedListView
          list={list}
          empty={{
            message: 'You have no clips of this event yet. Upload the videos you filmed there to see them here.',
            action: { label: 'Upload Clips', to: '/clips/upload' },
          }}
          skeleton={{ variant: 'cards', count: 6, label: 'Loading clips...' }}
          loadMoreLabel="Load More Clips"
          heading="Clips"
        >
          {(clips) => <ClipGrid clips={clips} timeZone={header?.timezone ?? null} label="Clips of this event" />}
        </PagedListView>
      )}
    </>
  );
}
