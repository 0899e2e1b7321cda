import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { ListEmpty } from '../../../components/ListEmpty';
import { ListError } from '../../../components/ListError';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { formatVenueDateTime } from '../../../lib/venueTime';
import { MakeMyHighlightButton } from '../../highlightCreation/public';
import { selectSignedInUserId } from '../../session/public';
import { EventTagMoment } from './EventTagMoment';
import { EVENT_ID_NOT_PROVIDED, EVENT_NOT_FOUND, isEventNotFound } from '../model/tagListMessages';
import { tagCountLabel } from './TagListGroup';
import { eventTagsHeaderOf, readEventTagsState, TAGGED_EVENTS_PATH, type EventTagsHeader } from '../model/tagNavigation';
import { eventTagsArg } from '../api/tagsPrefetch';
import { useEventTags } from './useTagLists';

const BACK = { to: TAGGED_EVENTS_PATH, label: 'Back to My Tagged Events' };
const TO_TAGGED_EVENTS = { label: 'Go to My Tagged Events', to: TAGGED_EVENTS_PATH };

function subtitleOf(header: EventTagsHeader): string {
  const parts = [header.place];
  // The start on the venue's clock, once its zone is known (not on a guessed one).
  if (header.timezone) parts.push(formatVenueDateTime(header.startTime, header.timezone));
  if (header.tagCount !== null) parts.push(tagCountLabel(header.tagCount));
  return parts.join(' · ');
}

/** The clip playing on the page: one at a time, across moments (a clip can match two moments). */
interface Playing {
  tagId: string;
  clipId: string;
}

/**
 * Event tags (/tags/by-event/{eventId}; docs/product/part-2.md §2): the user's tagged moments at an event, oldest
 * first, each with the clips filmed around it. The header comes from the navigation state of All My Tags or My
 * Tagged Events at once (when made for the user signed in now), or from the API's event on a deep link. Once the
 * event is known, 'Make my highlight' opens the editor with the clips of these moments.
 */
export default function EventTagsScreen() {
  const eventId = eventTagsArg(useParams());
  const { state } = useLocation();
  const userId = useAppSelector(selectSignedInUserId);
  const view = useEventTags(eventId);
  const [playing, setPlaying] = useState<Playing | null>(null);
  const play = useCallback((tagId: string, clipId: string) => setPlaying({ tagId, clipId }), []);
  const stop = useCallback(() => setPlaying(null), []);

  if (eventId === '') {
    return (
      <>
        <PageHeader title={EVENT_ID_NOT_PROVIDED} back={BACK} />
        <ListEmpty message="Open an event from My Tagged Events to see its tagged moments." action={TO_TAGGED_EVENTS} />
      </>
    );
  }

  const notFound = !view.answer && view.failure !== null && isEventNotFound(view.failure);
  if (notFound) {
    return (
      <>
        <PageHeader title={EVENT_NOT_FOUND} back={BACK} />
        <ListEmpty
          message="This event does not exist, or it is no longer available. The events you tagged are in My Tagged Events."
          action={TO_TAGGED_EVENTS}
        />
      </>
    );
  }

  const header = eventTagsHeaderOf(view.event, readEventTagsState(state, userId));
  const timeZone = view.event?.timezone;
  const shown = (view.tags?.length ?? 0) > 0;
  return (
    <>
      <PageHeader title={header?.name ?? 'Event Tags'} back={BACK} subtitle={header ? subtitleOf(header) : undefined} />
      <Stack spacing={2}>
        {/* 'Make my highlight': the caller's moments here, in one tap, as a highlight in the editor; once the event is known. */}
        {view.event && <MakeMyHighlightButton eventId={eventId} />}
        {/* A refresh that failed leaves the moments shown, the error beside them. */}
        {shown && view.error && <ListError {...view.error} />}
        <ListStates
          items={view.tags}
          loading={view.loading}
          error={view.error}
          empty={{
            message: 'You have no tagged moments at this event. Tag moments while you are at an event to find its clips here.',
            action: { label: 'Tag Moments', to: '/tags/add' },
          }}
          skeleton={{ variant: 'rows', count: 4, label: 'Loading tagged moments...' }}
        >
          {(tags) =>
            timeZone && (
              <Stack spacing={2}>
                {tags.map((tag) => (
                  <EventTagMoment
                    key={tag.id}
                    tag={tag}
                    timeZone={timeZone}
                    playingClipId={playing?.tagId === tag.id ? playing.clipId : null}
                    onPlay={play}
                    onStop={stop}
                  />
                ))}
              </Stack>
            )
          }
        </ListStates>
      </Stack>
    </>
  );
}
