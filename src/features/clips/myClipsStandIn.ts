import type { AppDispatch } from '../../app/store';
import { clipsApi } from './clipsApi';
import { standInEvent } from './standInEvent';

/**
 * A stand-in answer for My Clips, for the build only (src/prerender/loadedStyles.ts): loaded with it, the screen
 * draws its list as a user with clips sees it (the unassociated entry, an event), so the build ships the CSS of the
 * loaded screen with its frame. No one's data: invented. Straight into the cache, as an answered entry:
 * upsertQueryData would check it as a raw answer (the API's shape).
 */
export function fillMyClipsStandIn(dispatch: AppDispatch): void {
  const event = standInEvent('stand-in');
  const page = { events: [event], pagination: { page: 1, hasMore: false, total: 1 }, unassociatedClipsCount: 1 };
  dispatch(
    clipsApi.util.upsertQueryEntries([
      { endpointName: 'getMyClipEvents', arg: undefined, value: { pages: [page], pageParams: [1] } },
    ]),
  );
}
