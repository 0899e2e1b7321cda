import { http, HttpResponse } from 'msw';
import { channel, multicastChannel, type END, type EventChannel } from 'redux-saga';
import { api } from '../../../api/apiSlice';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { initialSessionState, signedOut } from '../../session/public';
import { tagNow } from './tagActions';
import { TAG_OUTBOX_SAGA, tagOutboxSaga } from './tagOutboxSaga';
import type { TagOutboxServices, TagsChanged } from './tagOutboxServices';
import { readKept } from './tagOutboxStore';
import { selectCreatedTags, tagDiscarded, tagEventSelected, tagRetryRequested } from './tagsSlice';
import { createdTag, tagEvent } from '../../../test/data/tagTestData';
import type { CreatedTag } from './tagTypes';

setupApiServer();

const T0 = Date.UTC(2026, 10, 23, 18, 30, 5, 250);
/** The device clock runs 90 s behind the server's; tags carry the server's time. */
const OFFSET_MS = 90_000;

/** What the server is told, and how it answers each try in turn ('ok' once the script runs out). */
function tagServer(script: Array<'ok' | 'network' | 500 | 404> = []) {
  const requests: Array<{ key: string | null; body: Record<string, unknown> }> = [];
  const made = new Map<string, string>();
  apiServer.use(
    http.post(API('tags'), async ({ request }) => {
      const key = request.headers.get('Idempotency-Key');
      requests.push({ key, body: (await request.json()) as Record<string, unknown> });
      const step = script.shift() ?? 'ok';
      if (step === 'network') return HttpResponse.error();
      if (step === 500) return HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 500 });
      if (step === 404)
        return HttpResponse.json({ success: false, error: 'Event not found', code: 'EVENT_NOT_FOUND' }, { status: 404 });
      const existing = key ? made.get(key) : undefined;
      const id = existing ?? `tag-${made.size + 1}`;
      if (key) made.set(key, id);
      return HttpResponse.json({ success: true, data: { id, timestamp: 'x', metadata: {} } }, { status: existing ? 200 : 201 });
    }),
  );
  /** Tags the server made, however many times each was sent. */
  return { requests, made };
}

/** One device: IndexedDB, the network state, the tab lock and the tab bus are shared by its tabs. */
function device() {
  const idb = new Map<string, unknown>();
  let online = true;
  let lockHeld: Promise<void> = Promise.resolve();
  const bus = multicastChannel<{ from: number; change: TagsChanged }>();
  const vibrate = jest.fn();
  let tabs = 0;

  function tab(): TagOutboxServices & { wake: () => void } {
    const me = (tabs += 1);
    const wakeBus = channel<'wake'>();
    const load = async (userId: string) => readKept(idb.get(userId));
    const edit = async (userId: string, change: (kept: CreatedTag[]) => CreatedTag[]) => {
      const next = change(readKept(idb.get(userId)));
      idb.set(userId, next);
      return next;
    };
    return {
      store: {
        load,
        keep: (userId, tag) =>
          edit(userId, (kept) => [
            ...kept.filter((t) => t.clientId !== tag.clientId),
            { ...tag, status: tag.status === 'failed' ? 'failed' : 'waiting' },
          ]),
        drop: (userId, clientId) => edit(userId, (kept) => kept.filter((t) => t.clientId !== clientId)),
      },
      isOnline: () => online,
      wakes: () => wakeBus as unknown as EventChannel<'wake'>,
      otherTabs: () => {
        const mine = channel<TagsChanged>();
        const relay = (m: { from: number; change: TagsChanged } | END) => {
          if ('change' in m && m.from !== me) mine.put(m.change);
          bus.take(relay);
        };
        bus.take(relay);
        return mine as unknown as EventChannel<TagsChanged>;
      },
      announce: (change) => bus.put({ from: me, change }),
      acquireLock: async () => {
        const before = lockHeld;
        let release!: () => void;
        lockHeld = new Promise<void>((r) => (release = r));
        await before;
        return release;
      },
      vibrate,
      afterPaint: () => Promise.resolve(),
      wake: () => wakeBus.put('wake'),
    };
  }

  return {
    idb,
    vibrate,
    tab,
    goOffline: () => (online = false),
    goOnline: () => (online = true),
  };
}

type TabServices = ReturnType<ReturnType<typeof device>['tab']>;

function openTab(io: TabServices, user = TEST_USER, clockOffsetMs = 0) {
  return openRecordedTab(io, user, clockOffsetMs).store;
}

/** A tab whose actions are recorded (the sagas' puts included). */
function openRecordedTab(io: TabServices, user = TEST_USER, clockOffsetMs = 0) {
  const token = makeToken({ sub: user.id });
  const session = {
    ...initialSessionState,
    status: 'signedIn' as const,
    user,
    token,
    lastActivity: T0,
    lastRefresh: T0,
    clockOffsetMs,
  };
  const { store, recorder } = signedInStore(token, {
    user,
    now: T0,
    services: { clock: { now: () => Date.now() } },
    preloadedState: { session },
    userSagas: [[TAG_OUTBOX_SAGA, () => tagOutboxSaga(io)]],
  });
  return { store, recorder };
}

type Store = ReturnType<typeof openTab>;
type Recorder = ReturnType<typeof openRecordedTab>['recorder'];
/** The cache tags this tab's sagas marked stale (the sending tab's own createTag invalidates without this action). */
const invalidated = (recorder: Recorder) => recorder.ofType(api.util.invalidateTags.type).map((a) => a.payload);
/** What a sent tag at tagEvent makes stale: the tag lists, the event's tags and its counts. */
const SENT_AT_EVENT = [
  { type: 'Tag', id: 'LIST' },
  { type: 'Tag', id: tagEvent.id },
  { type: 'Event', id: tagEvent.id },
];
const statuses = (store: Store) => selectCreatedTags(store.getState()).map((t) => t.status);

/** Lets requests (MSW, real promises) and the sagas settle; `ms` of fake time pass. */
async function settle(ms = 100) {
  for (let i = 0; i < 20; i += 1) await jest.advanceTimersByTimeAsync(ms / 20);
}

beforeEach(() => jest.useFakeTimers({ now: T0, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
afterEach(() => jest.useRealTimers());

function tapTagNow(store: Store, description = '') {
  store.dispatch(tagEventSelected(tagEvent));
  return store.dispatch(tagNow({ description, location: null }));
}

describe('TAG NOW', () => {
  it('lists the tag at once, before any network, then confirms it; the time is the tap’s on the server’s clock', async () => {
    const server = tagServer();
    const dev = device();
    const store = openTab(dev.tab(), TEST_USER, OFFSET_MS);

    expect(tapTagNow(store, '  Goal by #9 ')).toBeNull();
    expect(statuses(store)).toEqual(['sending']);
    expect(dev.vibrate).toHaveBeenCalledTimes(1);

    await settle();
    expect(statuses(store)).toEqual(['sent']);
    const [tag] = selectCreatedTags(store.getState());
    expect(server.requests).toEqual([
      {
        key: tag!.clientId,
        body: {
          timestamp: new Date(T0 + OFFSET_MS).toISOString(),
          eventId: tagEvent.id,
          metadata: { description: 'Goal by #9' },
        },
      },
    ]);
    expect(tag!.serverId).toBe('tag-1');
    expect(readKept(dev.idb.get(TEST_USER.id))).toEqual([]);
  });

  it('a second tap a second later is a second moment', async () => {
    const server = tagServer();
    const store = openTab(device().tab());
    tapTagNow(store);
    await settle(1000);
    tapTagNow(store);
    await settle();
    expect(statuses(store)).toEqual(['sent', 'sent']);
    expect(server.made.size).toBe(2);
    const [later, earlier] = selectCreatedTags(store.getState());
    expect(Date.parse(later!.timestamp) - Date.parse(earlier!.timestamp)).toBe(1000);
  });

  it('without an event, says so and makes nothing', async () => {
    const server = tagServer();
    const store = openTab(device().tab());
    expect(store.dispatch(tagNow({ description: '', location: null }))).toBe('Please select an event');
    await settle();
    expect(selectCreatedTags(store.getState())).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('offline: keeps the tag with its time, shows it waiting, and sends it once when the connection returns', async () => {
    const server = tagServer();
    const dev = device();
    const io = dev.tab();
    dev.goOffline();
    const store = openTab(io);
    tapTagNow(store);
    await settle(60_000);
    expect(statuses(store)).toEqual(['waiting']);
    expect(server.requests).toEqual([]);
    const kept = readKept(dev.idb.get(TEST_USER.id));
    expect(kept).toEqual([{ ...selectCreatedTags(store.getState())[0], status: 'waiting' }]);

    dev.goOnline();
    io.wake(); // the browser's 'online' event
    await settle();
    expect(statuses(store)).toEqual(['sent']);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body.timestamp).toBe(new Date(T0).toISOString());
    expect(readKept(dev.idb.get(TEST_USER.id))).toEqual([]);
  });

  it('a lost connection or a 5xx keeps the tag and tries again with the same Idempotency-Key', async () => {
    const server = tagServer(['network', 500]);
    const store = openTab(device().tab());
    tapTagNow(store);
    await settle();
    expect(statuses(store)).toEqual(['waiting']);
    await settle(2_000); // the first retry: 500
    expect(statuses(store)).toEqual(['waiting']);
    await settle(5_000); // the second: made
    expect(statuses(store)).toEqual(['sent']);
    expect(server.requests).toHaveLength(3);
    expect(new Set(server.requests.map((r) => r.key)).size).toBe(1);
    expect(server.made.size).toBe(1);
  });

  it('a refusal shows the reason; the tag can be retried, or discarded', async () => {
    const server = tagServer([404, 404]);
    const dev = device();
    const store = openTab(dev.tab());
    tapTagNow(store);
    await settle();
    const [refused] = selectCreatedTags(store.getState());
    expect(refused).toMatchObject({ status: 'failed', error: 'Event not found' });
    expect(readKept(dev.idb.get(TEST_USER.id))).toMatchObject([{ status: 'failed', error: 'Event not found' }]);
    await settle(120_000);
    expect(server.requests).toHaveLength(1); // a refused tag is not sent by itself

    store.dispatch(tagRetryRequested(refused!.clientId));
    await settle();
    expect(server.requests).toHaveLength(2);
    expect(statuses(store)).toEqual(['failed']);

    store.dispatch(tagDiscarded(refused!.clientId));
    await settle();
    expect(selectCreatedTags(store.getState())).toEqual([]);
    expect(readKept(dev.idb.get(TEST_USER.id))).toEqual([]);

    tapTagNow(store);
    await settle();
    expect(statuses(store)).toEqual(['sent']); // the script ran out: the server takes it
  });

  it('a tag tapped while a send is failing shows waiting, not sending', async () => {
    tagServer(['network']);
    const store = openTab(device().tab());
    tapTagNow(store, 'first');
    tapTagNow(store, 'second'); // kept while the first is on its way
    await settle();
    expect(statuses(store)).toEqual(['waiting', 'waiting']);
  });

  it('when the tab lock fails, tags are still kept and sent', async () => {
    const server = tagServer();
    const dev = device();
    const io = { ...dev.tab(), acquireLock: () => Promise.reject(new Error('SecurityError')) };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = openTab(io);
    tapTagNow(store);
    await settle();
    expect(statuses(store)).toEqual(['sent']);
    expect(server.requests).toHaveLength(1);
    warn.mockRestore();
  });

  it('keeps tags in order: an earlier kept tag goes first', async () => {
    const server = tagServer();
    const dev = device();
    dev.goOffline();
    const io = dev.tab();
    const store = openTab(io);
    tapTagNow(store, 'first');
    await settle(1000);
    tapTagNow(store, 'second');
    await settle();
    dev.goOnline();
    io.wake();
    await settle();
    expect(server.requests.map((r) => (r.body.metadata as { description: string }).description)).toEqual(['first', 'second']);
  });
});

describe('kept tags across reloads, tabs and users', () => {
  const keptBefore: CreatedTag = createdTag({ clientId: 'kept-1', status: 'waiting', timestamp: '2026-11-23T18:00:00.000Z' });

  it('a reload with kept tags lists them and sends them by itself', async () => {
    const server = tagServer();
    const dev = device();
    dev.idb.set(TEST_USER.id, [keptBefore]);
    const store = openTab(dev.tab());
    await settle();
    expect(server.requests.map((r) => r.key)).toEqual(['kept-1']);
    expect(selectCreatedTags(store.getState())).toMatchObject([{ clientId: 'kept-1', status: 'sent' }]);
  });

  it('two tabs open at once send a kept tag once, and both show it sent', async () => {
    const server = tagServer();
    const dev = device();
    dev.idb.set(TEST_USER.id, [keptBefore]);
    dev.goOffline();
    const tabs = [dev.tab(), dev.tab()];
    const [first, second] = tabs.map((io) => openTab(io));
    await settle();
    expect(statuses(first!)).toEqual(['waiting']);
    expect(statuses(second!)).toEqual(['waiting']);
    dev.goOnline();
    tabs.forEach((io) => io.wake()); // both see the 'online' event
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(statuses(first!)).toEqual(['sent']);
    expect(statuses(second!)).toEqual(['sent']);
  });

  it('another user never sees nor sends them; they stay kept for their owner', async () => {
    const server = tagServer();
    const dev = device();
    dev.idb.set(TEST_USER.id, [keptBefore]);
    const other = { id: 'u-9', email: 'sam@example.com', roles: ['USER'] };
    const store = openTab(dev.tab(), other);
    await settle();
    expect(selectCreatedTags(store.getState())).toEqual([]);
    expect(server.requests).toEqual([]);
    store.dispatch(signedOut({ reason: 'user_logout' }));
    await settle();
    expect(readKept(dev.idb.get(TEST_USER.id))).toHaveLength(1); // kept for its owner
  });

  it('a sign-out aborts a send on its way (it is never repeated under the next session)', async () => {
    const signals: AbortSignal[] = [];
    apiServer.use(
      http.post(API('tags'), async ({ request }) => {
        signals.push(request.signal);
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return HttpResponse.json({ success: true, data: { id: 'late', timestamp: 'x' } }, { status: 201 });
      }),
    );
    const dev = device();
    const store = openTab(dev.tab());
    tapTagNow(store);
    await settle();
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    store.dispatch(signedOut({ reason: 'user_logout' }));
    await settle();
    expect(signals[0]!.aborted).toBe(true);
    expect(readKept(dev.idb.get(TEST_USER.id))).toHaveLength(1); // still kept for its owner
  });

  it('a sign-out clears the list and stops sending', async () => {
    const server = tagServer(['network']);
    const dev = device();
    const store = openTab(dev.tab());
    tapTagNow(store);
    await settle();
    store.dispatch(signedOut({ reason: 'user_logout' }));
    await settle(120_000);
    expect(selectCreatedTags(store.getState())).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(readKept(dev.idb.get(TEST_USER.id))).toHaveLength(1);
  });

  it('a tag sent by another tab refreshes this tab’s tag lists and the event’s counts too', async () => {
    tagServer();
    const dev = device();
    const sender = openTab(dev.tab());
    const other = openRecordedTab(dev.tab());
    await settle();
    tapTagNow(sender);
    await settle();
    expect(statuses(sender)).toEqual(['sent']);
    expect(invalidated(other.recorder)).toEqual([SENT_AT_EVENT]);
  });

  it('this tab’s tag sent by the tab holding the lock refreshes this tab’s lists', async () => {
    const server = tagServer();
    const dev = device();
    dev.goOffline();
    const holderIo = dev.tab();
    const holder = openRecordedTab(holderIo);
    const mine = openRecordedTab(dev.tab());
    tapTagNow(mine.store);
    await settle();
    expect(statuses(mine.store)).toEqual(['waiting']);
    dev.goOnline();
    holderIo.wake(); // only the other tab notices: it sends this tab's kept tag
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(statuses(mine.store)).toEqual(['sent']);
    expect(invalidated(holder.recorder)).toEqual([]);
    expect(invalidated(mine.recorder)).toEqual([SENT_AT_EVENT]);
  });

  it('news from a tab of the previous version (no event) still refreshes the tag lists', async () => {
    const dev = device();
    const mine = openRecordedTab(dev.tab());
    await settle();
    dev.tab().announce({ sent: [{ clientId: 'x', serverId: 'tag-9' }], refused: [], retried: [], discarded: ['y'] });
    await settle();
    expect(invalidated(mine.recorder)).toEqual([[{ type: 'Tag', id: 'LIST' }]]);
    dev.tab().announce({ sent: [], refused: [], retried: [], discarded: ['z'] });
    await settle();
    expect(invalidated(mine.recorder)).toHaveLength(1); // nothing sent, nothing stale
  });
});
