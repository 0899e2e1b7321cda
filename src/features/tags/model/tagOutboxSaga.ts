import { buffers, channel, type Channel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, flush as dropBuffered, fork, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { runMutation, type MutationAnswer } from '../../../api/runMutation';
import { selectSignedInUserId, sessionStarted, signedOut, type PageLifecycleEvent } from '../../session/public';
import { sentTagCacheTags, tagCreateApi } from '../api/tagCreateApi';
import { createTagBody } from './tagPayload';
import { nextToSend, outcomeOf, retryDelayMs } from './tagOutboxPolicy';
import { browserTagOutboxServices, type TagOutboxServices, type TagsChanged } from './tagOutboxServices';
import {
  keptTagsLoaded,
  selectCreatedTags,
  tagConfirmed,
  tagDiscarded,
  tagKept,
  tagRefused,
  tagRequested,
  tagRetryRequested,
  tagsChangedElsewhere,
  tagSending,
} from './tagsSlice';
import type { CreatedTag } from './tagTypes';

export const TAG_OUTBOX_SAGA = 'tagOutbox';

type FlushResult = 'done' | 'offline' | 'retry';

const NO_CHANGE: TagsChanged = { sent: [], refused: [], retried: [], discarded: [] };
type Wanted = Channel<true>;

/** The kept tags are listed (a reload, another tab's), and those still to go show 'Waiting to send'. */
function* holdBack(kept: CreatedTag[]): SagaIterator {
  if (kept.length > 0) yield put(keptTagsLoaded(kept));
  for (const tag of kept) if (tag.status === 'waiting') yield put(tagKept(tag.clientId));
}

/**
 * Sends the kept tags oldest first, one at a time, each with its client id as the Idempotency-Key, until none
 * is left (done), the connection is gone (offline) or a try failed for a reason that may pass (retry). The list
 * is read again before each send: another tab may have sent some meanwhile.
 */
function* flush(owner: string, io: TagOutboxServices): SagaIterator<FlushResult> {
  for (;;) {
    const kept: CreatedTag[] = yield call(io.store.load, owner);
    if (kept.length > 0) yield put(keptTagsLoaded(kept));
    const next = nextToSend(kept);
    if (!next) return 'done';
    if (!io.isOnline()) {
      yield call(holdBack, kept);
      return 'offline';
    }
    yield put(tagSending(next.clientId));
    const answer: MutationAnswer<{ id: string }> = yield call(
      runMutation<{ id: string }>,
      tagCreateApi.endpoints.createTag.initiate({ body: createTagBody(next), idempotencyKey: next.clientId }),
    );
    const outcome = outcomeOf(answer);
    if (outcome.kind === 'sent') {
      yield call(io.store.drop, owner, next.clientId);
      yield put(tagConfirmed({ clientId: next.clientId, serverId: outcome.serverId }));
      const sent = { clientId: next.clientId, serverId: outcome.serverId, eventId: next.eventId };
      yield call(io.announce, { ...NO_CHANGE, sent: [sent] });
    } else if (outcome.kind === 'refused') {
      yield call(io.store.keep, owner, { ...next, status: 'failed', error: outcome.reason });
      yield put(tagRefused({ clientId: next.clientId, error: outcome.reason }));
      yield call(io.announce, { ...NO_CHANGE, refused: [{ clientId: next.clientId, error: outcome.reason }] });
    } else {
      // Read again: a tag tapped while this try was on its way is waiting too, not 'sending'.
      yield call(holdBack, (yield call(io.store.load, owner)) as CreatedTag[]);
      return 'retry';
    }
  }
}

/** One tab sends at a time (Web Locks); the lock is let go between tries, so a waiting tab can take over. */
function* flushAsOneTab(owner: string, io: TagOutboxServices): SagaIterator<FlushResult> {
  if (!io.isOnline()) {
    yield call(holdBack, (yield call(io.store.load, owner)) as CreatedTag[]);
    return 'offline';
  }
  let release: () => void = () => undefined;
  try {
    release = yield call(io.acquireLock);
  } catch (error) {
    // Web Locks refused (a sandboxed frame, a browser quirk): send anyway; the Idempotency-Key keeps it once.
    console.warn('Tag outbox: sending without the tab lock', error);
  }
  try {
    return (yield call(flush, owner, io)) as FlushResult;
  } finally {
    release();
  }
}

/**
 * Flushes whenever something may have changed: a tap, a retry, the page waking or coming back online, another
 * tab's news. After a failed try it waits retryDelayMs (2 s … 60 s), cut short by any of those. A throttled
 * timer in a background tab only makes the next try later; the page waking tries at once.
 */
function* sender(owner: string, io: TagOutboxServices, wanted: Wanted): SagaIterator {
  let failuresInARow = 0;
  for (;;) {
    let result: FlushResult;
    try {
      result = yield call(flushAsOneTab, owner, io);
    } catch (error) {
      // Whatever failed, taps go on being kept (keepTapped runs beside this loop), and sending is tried again.
      console.warn('Tag outbox: a send failed; trying again later', error);
      result = 'retry';
    }
    if (result === 'retry') {
      failuresInARow += 1;
      // A tap or wake that came while this try failed is answered by the next one, not by trying again at once.
      yield dropBuffered(wanted);
      yield race({ later: delay(retryDelayMs(failuresInARow)), wanted: take(wanted) });
    } else {
      failuresInARow = 0;
      yield take(wanted);
    }
  }
}

/** The tap: a short buzz, the tag into the outbox before any network, then the sender is woken after the paint. */
function* keepTapped(
  owner: string,
  io: TagOutboxServices,
  wanted: Wanted,
  { payload }: ReturnType<typeof tagRequested>,
): SagaIterator {
  io.vibrate();
  yield call(io.store.keep, owner, payload);
  // Kept first (a moment is never only in memory longer than a write takes), sent once its row is on screen.
  yield call(io.afterPaint);
  yield put(wanted, true);
}

function* keepForRetry(
  owner: string,
  io: TagOutboxServices,
  wanted: Wanted,
  { payload }: ReturnType<typeof tagRetryRequested>,
): SagaIterator {
  const tag = ((yield select(selectCreatedTags)) as CreatedTag[]).find((t) => t.clientId === payload);
  if (!tag) return;
  yield call(io.store.keep, owner, { ...tag, status: 'waiting', error: null });
  yield call(io.announce, { ...NO_CHANGE, retried: [payload] });
  yield put(wanted, true);
}

function* forget(owner: string, io: TagOutboxServices, { payload }: ReturnType<typeof tagDiscarded>): SagaIterator {
  yield call(io.store.drop, owner, payload);
  yield call(io.announce, { ...NO_CHANGE, discarded: [payload] });
}

function* relayWakes(io: TagOutboxServices, wanted: Wanted): SagaIterator {
  const wakes: EventChannel<PageLifecycleEvent> = yield call(io.wakes);
  try {
    for (;;) if ((yield take(wakes)) === 'wake') yield put(wanted, true);
  } finally {
    wakes.close();
  }
}

function* followOtherTabs(io: TagOutboxServices, wanted: Wanted): SagaIterator {
  const news: EventChannel<TagsChanged> = yield call(io.otherTabs);
  try {
    for (;;) {
      const change: TagsChanged = yield take(news);
      yield put(tagsChangedElsewhere(change));
      // The sending tab's cache went stale with its createTag; this tab's goes stale only here (its own tags too,
      // when another tab held the lock and sent them).
      if (change.sent.length > 0) {
        const eventIds = change.sent.flatMap(({ eventId }) => (eventId ? [eventId] : []));
        yield put(tagCreateApi.util.invalidateTags(sentTagCacheTags(eventIds)));
      }
      yield put(wanted, true);
    }
  } finally {
    news.close();
  }
}

/** Everything of one signed-in user's outbox; cancelled when the session ends or another user signs in. */
function* outboxScope(owner: string, io: TagOutboxServices): SagaIterator {
  const wanted: Wanted = yield call(channel, buffers.sliding<true>(1));
  yield takeEvery(tagRequested, keepTapped, owner, io, wanted);
  yield takeEvery(tagRetryRequested, keepForRetry, owner, io, wanted);
  yield takeEvery(tagDiscarded, forget, owner, io);
  yield fork(relayWakes, io, wanted);
  yield fork(followOtherTabs, io, wanted);
  yield call(sender, owner, io, wanted);
}

/**
 * TAG NOW never loses a moment (docs/product/part-2.md §4 "Tag creation"; docs/architecture.md "How a tag
 * travels"): every tag is kept in IndexedDB under its owner from the tap until the server has it, and sent by
 * itself — when the connection returns, when the app is opened again (src/app/rootSaga.ts starts this saga
 * after sign-in), in order, once, by one tab. Started once per store (the launcher and Tag Moments use the same
 * name); one scope per sign-in.
 */
export function* tagOutboxSaga(io: TagOutboxServices = browserTagOutboxServices): SagaIterator {
  for (;;) {
    let userId: string | null = yield select(selectSignedInUserId);
    if (!userId) {
      const started: ReturnType<typeof sessionStarted> = yield take(sessionStarted.type);
      userId = started.payload.record.user.id;
    }
    const owner = userId;
    yield race({
      run: call(outboxScope, owner, io),
      ended: take(signedOut.type),
      switched: take((a: { type: string }) => sessionStarted.match(a) && a.payload.record.user.id !== owner),
    });
  }
}
