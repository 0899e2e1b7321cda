import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, put, take } from 'redux-saga/effects';
import * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { CLIPS_CHANNEL, completedUploadTags, THIS_TAB } from '../../uploads/public';

/** Another tab's "an upload completed" (features/uploads/model/clipsChangedSignal.ts); anything else is ignored. */
const clipsChangedSchema = v.object({
  type: v.literal('clipsChanged'),
  eventId: v.nullable(v.string()),
  from: v.string(),
});

export type ClipsChanged = v.InferOutput<typeof clipsChangedSchema>;

/** Uploads completed in the other tabs (this tab's own are already applied where they happened). */
export function clipsChangedChannel(): EventChannel<ClipsChanged> {
  return eventChannel<ClipsChanged>((emit) => {
    if (typeof BroadcastChannel !== 'function') return () => undefined;
    const channel = new BroadcastChannel(CLIPS_CHANNEL);
    channel.onmessage = (e: MessageEvent) => {
      const parsed = v.safeParse(clipsChangedSchema, e.data);
      if (parsed.success && parsed.output.from !== THIS_TAB) emit(parsed.output);
    };
    return () => channel.close();
  });
}

/**
 * Keeps this tab's clip lists in step with uploads made in other tabs: each one marks the same cached
 * lists stale as the upload queue does in its own tab, and the lists on screen refetch at once. Started
 * by the clip screens (useInjectedSaga), it runs for the page's lifetime.
 */
export function* clipsSyncSaga(): SagaIterator {
  const changes: EventChannel<ClipsChanged> = yield call(clipsChangedChannel);
  try {
    for (;;) {
      const change: ClipsChanged = yield take(changes);
      yield put(api.util.invalidateTags(completedUploadTags(change.eventId)));
    }
  } finally {
    changes.close();
  }
}
