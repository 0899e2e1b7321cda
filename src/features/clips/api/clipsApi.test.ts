import { http, HttpResponse } from 'msw';
import { api } from '../../../api/apiSlice';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { completedUploadTags } from '../../uploads/public';
import { clipsApi } from './clipsApi';
import { EVENT_ID, eventClipsAnswer, myClipsAnswer, rawEvent, unassociatedAnswer } from '../../../test/data/clipTestData';
import { mergePages } from '../../../lib/mergePages';

setupApiServer();

function signedInStore() {
  const { session } = signedInState();
  return makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
}

type Store = ReturnType<typeof signedInStore>;

/** The event's clips answered from a list that the test can grow; records the pages asked for. */
function eventClipsServer(total: { value: number }) {
  const asked: string[] = [];
  apiServer.use(
    http.get(API(`clips/event/${EVENT_ID}`), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(`page=${params.get('page')}&limit=${params.get('limit')}`);
      return HttpResponse.json(eventClipsAnswer(Number(params.get('page')), total.value));
    }),
  );
  return asked;
}

const eventClipIds = (store: Store) =>
  mergePages(
    clipsApi.endpoints.getEventClips
      .select(EVENT_ID)(store.getState())
      .data?.pages.map((p) => p.clips) ?? [],
  ).map((c) => c.id);

/** Lets RTK Query's refetches (started by middleware, not awaited here) finish. */
async function settle(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('clipsApi', () => {
  it('loads an event’s clips 12 a page and merges the next page on request', async () => {
    const total = { value: 13 };
    const asked = eventClipsServer(total);
    const store = signedInStore();
    const query = store.dispatch(clipsApi.endpoints.getEventClips.initiate(EVENT_ID));
    await query;
    expect(eventClipIds(store)).toHaveLength(12);
    expect(clipsApi.endpoints.getEventClips.select(EVENT_ID)(store.getState()).hasNextPage).toBe(true);

    await store.dispatch(clipsApi.endpoints.getEventClips.initiate(EVENT_ID, { direction: 'forward' }));
    expect(eventClipIds(store)).toEqual(Array.from({ length: 13 }, (_, i) => `clip-${i + 1}`));
    expect(clipsApi.endpoints.getEventClips.select(EVENT_ID)(store.getState()).hasNextPage).toBe(false);
    expect(asked).toEqual(['page=1&limit=12', 'page=2&limit=12']);
    query.unsubscribe();
  });

  it('refetches every loaded page when an upload to the event completes, so the new clip shows', async () => {
    const total = { value: 13 };
    const asked = eventClipsServer(total);
    const store = signedInStore();
    const query = store.dispatch(clipsApi.endpoints.getEventClips.initiate(EVENT_ID));
    await query;
    await store.dispatch(clipsApi.endpoints.getEventClips.initiate(EVENT_ID, { direction: 'forward' }));
    asked.length = 0;

    total.value = 14;
    store.dispatch(api.util.invalidateTags(completedUploadTags(EVENT_ID)));
    await settle(() => eventClipIds(store).length === 14);
    expect(asked).toEqual(['page=1&limit=12', 'page=2&limit=12']);
    expect(eventClipIds(store).at(-1)).toBe('clip-14');
    query.unsubscribe();
  });

  it('refreshes My Clips on any completed upload, and only the list the clip joined', async () => {
    let myClipsFetches = 0;
    let unassociatedFetches = 0;
    const total = { value: 2 };
    const asked = eventClipsServer(total);
    apiServer.use(
      http.get(API('clips'), () => {
        myClipsFetches += 1;
        return HttpResponse.json(myClipsAnswer([rawEvent()], 1));
      }),
      http.get(API('clips/unassociated'), () => {
        unassociatedFetches += 1;
        return HttpResponse.json(unassociatedAnswer(1, 1));
      }),
    );
    const store = signedInStore();
    const subscriptions = [
      store.dispatch(clipsApi.endpoints.getMyClipEvents.initiate()),
      store.dispatch(clipsApi.endpoints.getUnassociatedClips.initiate()),
      store.dispatch(clipsApi.endpoints.getEventClips.initiate(EVENT_ID)),
    ];
    await Promise.all(subscriptions);
    expect([myClipsFetches, unassociatedFetches, asked.length]).toEqual([1, 1, 1]);

    store.dispatch(api.util.invalidateTags(completedUploadTags(null)));
    await settle(() => myClipsFetches === 2 && unassociatedFetches === 2);
    expect([myClipsFetches, unassociatedFetches, asked.length]).toEqual([2, 2, 1]);

    store.dispatch(api.util.invalidateTags(completedUploadTags(EVENT_ID)));
    await settle(() => myClipsFetches === 3 && asked.length === 2);
    expect([myClipsFetches, unassociatedFetches, asked.length]).toEqual([3, 2, 2]);
    subscriptions.forEach((s) => s.unsubscribe());
  });

  it('sends the unassociated list’s page and size, and My Clips its page', async () => {
    const urls: string[] = [];
    apiServer.use(
      http.get(API('clips/unassociated'), ({ request }) => {
        urls.push(new URL(request.url).search);
        return HttpResponse.json(unassociatedAnswer(1, 1));
      }),
      http.get(API('clips'), ({ request }) => {
        urls.push(new URL(request.url).search);
        return HttpResponse.json(myClipsAnswer([]));
      }),
    );
    const store = signedInStore();
    await store.dispatch(clipsApi.endpoints.getUnassociatedClips.initiate());
    await store.dispatch(clipsApi.endpoints.getMyClipEvents.initiate());
    expect(urls).toEqual(['?page=1&limit=12', '?page=1&limit=50']);
  });

  it("turns a malformed answer into 'Unexpected response format', not a crash", async () => {
    apiServer.use(http.get(API(`clips/event/${EVENT_ID}`), () => HttpResponse.json({ success: true, data: { clips: 'none' } })));
    const store = signedInStore();
    const result = await store.dispatch(clipsApi.endpoints.getEventClips.initiate(EVENT_ID));
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: 'Unexpected response format' });
  });
});
