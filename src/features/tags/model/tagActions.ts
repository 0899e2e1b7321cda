import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer';
import type { AppServices } from '../../../app/services';
import { randomId } from '../../../lib/randomId';
import { selectClockOffsetMs, serverNow } from '../../session/public';
import { tagFromTap } from './tagPayload';
import { selectTagEvent, tagRequested } from './tagsSlice';

/** The mark `npm run bench:tag` reads as the tag reaching the store (e2e/bench/tag-bench.ts marks the rest). */
export const TAP_MARK = 'courtside:tag-tap';

export interface TagNowInput {
  description: string;
  location: { latitude: number; longitude: number } | null;
}

/**
 * TAG NOW. The time is read here, synchronously in the tap's handler, before anything else happens: the
 * injected device clock plus the offset the session measured from the server's tokens (docs/product/part-2.md
 * §4 "Tag creation"). The tag is listed at once; tagOutboxSaga keeps and sends it. Answers the validation
 * message when there is no event.
 */
export const tagNow =
  ({ description, location }: TagNowInput): ThunkAction<string | null, RootState, AppServices, UnknownAction> =>
  (dispatch, getState, services) => {
    const tappedAt = services.clock.now();
    const state = getState();
    const made = tagFromTap({
      event: selectTagEvent(state),
      description,
      location,
      serverNowMs: serverNow(tappedAt, selectClockOffsetMs(state)),
      clientId: randomId(),
    });
    if ('error' in made) return made.error;
    dispatch(tagRequested(made.tag));
    performance.mark?.(TAP_MARK, { detail: made.tag.clientId });
    return null;
  };
