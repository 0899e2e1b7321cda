import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import type { AppServices } from '../../../app/services';
import { pageLifecycleChannel, selectClockOffsetMs, serverNow, signedOut, type PageLifecycleEvent } from '../../session/public';
import { tagChoiceWaitMs } from './tagChoicePolicy';
import { selectTagEvent, tagEventCleared, tagEventEnded, tagEventSelected } from './tagsSlice';
import type { EventSummary } from '../../events/public';

/** The name it is started under (useInjectedSaga); once per store. */
export const TAG_CHOICE_SAGA = 'tagChoice';

/**
 * Ends Tag Moments' choice of event once that event is over, grace included (tagChoicePolicy.ts; docs/decisions.md
 * "Tagging after the event ends"). The end is a wall-clock deadline on the server's clock, as the tags' times are:
 * a background tab's timer fires late or not at all, so the clock is read again whenever the page wakes (shown,
 * focused, online), before the user can tap on a choice left from an earlier game.
 */
export function* tagChoiceSaga(): SagaIterator {
  const { clock }: AppServices = yield getContext('services');
  const wakes: EventChannel<PageLifecycleEvent> = yield call(pageLifecycleChannel);
  try {
    for (;;) {
      const chosen: EventSummary | null = yield select(selectTagEvent);
      if (chosen === null) {
        yield take(tagEventSelected.type);
        continue;
      }
      const wait = tagChoiceWaitMs(chosen, serverNow(clock.now(), yield select(selectClockOffsetMs)));
      if (wait === 0) {
        yield put(tagEventEnded({ eventId: chosen.id }));
        continue;
      }
      // Whichever comes first; each is a moment to look at the choice and the clock again.
      const moves = { wake: take(wakes), changed: take([tagEventSelected.type, tagEventCleared.type, signedOut.type]) };
      yield race(wait === null ? moves : { ...moves, due: delay(wait) });
    }
  } finally {
    wakes.close();
  }
}
