import type { AppDispatch } from '../../app/store';
import { clipsApi } from './clipsApi';

/**
 * A stand-in answer for My Clips, for the build only (src/prerender/loadedStyles.ts): loaded with it, the screen
 * draws its list as a user with clips sees it (the unassociated entry, an event), so the build ships the CSS of the
 * loaded screen with its frame. No one's data: invented. Straight into the cache, as an answered entry:
 * upsertQueryData would check it as a raw answer (the API's shape).
 */
export function fillMyClipsStandIn(dispatch: AppDispatch): void {
  const event = {
    id: 'stand-in',
    name: 'Event',
    sport: 'Sport',
    startTime: '2026-01-01T10:00:00.000Z',
    timezone: 'UTC',
    location: { name: 'Venue', city: 'City', state: 'ST' },
    clipCount: 2,
  };
  const page = { events: [event], pagination: { page: 1, hasMore: false, total: 1 }, unassociatedClipsCount: 1 };
  dispatch(
    clipsApi.util.upsertQueryEntries([
      { endpointName: 'getMyClipEvents', arg: undefined, value: { pages: [page], pageParams: [1] } },
    ]),
  );
}
