import type { ListEmptyProps } from '../../../components/ListEmpty';

/** What an empty discovery list is missing: an event (Current & Upcoming, Nearby Events) or a venue. */
export type MissingKind = 'event' | 'venue';

const ADD: Record<MissingKind, { label: string; to: string }> = {
  event: { label: 'Add Event', to: '/event/create' },
  venue: { label: 'Add Location', to: '/location/add' },
};

const ASK: Record<MissingKind, string> = {
  event: 'Events are added by your club’s organizers: ask one to add yours. Meanwhile, clips can be uploaded without an event.',
  venue: 'Venues are added by your club’s organizers: ask one to add yours. Meanwhile, clips can be uploaded without an event.',
};

/**
 * An empty discovery list's next step. Adding events and venues is for administrators (docs/product/part-1.md),
 * so only they are sent to those screens; anyone else would land on 'This page is for administrators…'. They are
 * told who adds them, and offered what they can do now: upload clips, which need no event.
 */
export function emptyNextStep(message: string, missing: MissingKind, isAdmin: boolean): ListEmptyProps {
  if (isAdmin) return { message, action: ADD[missing] };
  return { message: `${message} ${ASK[missing]}`, action: { label: 'Upload Clips', to: '/clips/upload' } };
}
