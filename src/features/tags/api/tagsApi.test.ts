import { http, HttpResponse } from 'msw';
import { api } from '../../../api/apiSlice';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { mergePages } from '../../../lib/mergePages';
import {
  EVENT_ID,
  eventTagsAnswer,
  myTagsAnswer,
  rawTag,
  rawTaggedEvent,
  taggedEventsAnswer,
} from '../../../test/data/tagBrowseTestData';
import { tagsApi } from './tagsApi';

setupApiServer();

function signedInStore() {
  const { session } = signedInState();
  return makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
}

type Store = ReturnType<typeof signedInStore>;

/** GET /tags answered from a list the test can grow (newest first); records the offset and limit asked for. */
function myTagsServer(total: { value: number }) {
  const asked: string[] = [];
  apiServer.use(
    http.get(API('tags'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(`offset=${params.get('offset')}&limit=${params.get('limit')}`);
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      // A tag made since the first load is the newest: tag-000, then tag-001 …, shifting the list by one.
      const shift = total.value - 45;
      const tagAt = (position: number) => rawTag(position - shift, { id: `tag-${String(position - shift).padStart(3, '0')}` });
      return HttpResponse.json(myTagsAnswer(offset, limit, total.value, tagAt));
    }),
  );
  return asked;
}

const loadedTagIds = (store: Store) =>
  mergePages(
    tagsApi.endpoints.getMyTags
      .select()(store.getState())
      .data?.pages.map((p) => p.tags) ?? [],
  ).map((t) => t.id);

async function settle(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('tagsApi', () => {
  it('All My Tags: 20 first, then 10 a page from the tags loaded so far (offsets 20, 30, 40), none skipped or repeated', async () => {
    const asked = myTagsServer({ value: 45 });
    const store = signedInStore();
    const query = store.dispatch(tagsApi.endpoints.getMyTags.initiate());
    await query;
    expect(loadedTagIds(store)).toHaveLength(20);
    for (let i = 0; i < 3; i += 1)
      await store.dispatch(tagsApi.endpoints.getMyTags.initiate(undefined, { direction: 'forward' }));
    expect(asked).toEqual(['offset=0&limit=20', 'offset=20&limit=10', 'offset=30&limit=10', 'offset=40&limit=10']);
    const ids = loadedTagIds(store);
    expect(ids).toEqual(Array.from({ length: 45 }, (_, i) => `tag-${String(i + 1).padStart(3, '0')}`));
    expect(tagsApi.endpoints.getMyTags.select()(store.getState()).hasNextPage).toBe(false);
    query.unsubscribe();
  });

  it('a confirmed tag ({Tag, LIST}) refetches every loaded page in order; the new tag leads and none repeats', async () => {
    const total = { value: 45 };
    const asked = myTagsServer(total);
    const store = signedInStore();
    const query = store.dispatch(tagsApi.endpoints.getMyTags.initiate());
    await query;
    await store.dispatch(tagsApi.endpoints.getMyTags.initiate(undefined, { direction: 'forward' }));
    asked.length = 0;

    total.value = 46;
    store.dispatch(api.util.invalidateTags([{ type: 'Tag', id: 'LIST' }]));
    await settle(() => loadedTagIds(store)[0] === 'tag-000');
    expect(asked).toEqual(['offset=0&limit=20', 'offset=20&limit=10']);
    const ids = loadedTagIds(store);
    expect(ids[0]).toBe('tag-000');
    expect(new Set(ids).size).toBe(ids.length);
    query.unsubscribe();
  });

  it('My Tagged Events: page by page, 50 a page', async () => {
    const asked: string[] = [];
    apiServer.use(
      http.get(API('tags/events'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(taggedEventsAnswer([rawTaggedEvent()]));
      }),
    );
    const store = signedInStore();
    const query = store.dispatch(tagsApi.endpoints.getTaggedEvents.initiate());
    await query;
    expect(asked).toEqual(['?page=1&limit=50']);
    expect(tagsApi.endpoints.getTaggedEvents.select()(store.getState()).data?.pages[0]?.events[0]?.tagCount).toBe(2);
    query.unsubscribe();
  });

  it('Event tags: one call for up to 250 tags; refreshed by a new tag, a tag at the event, or an upload there', async () => {
    const asked: string[] = [];
    apiServer.use(
      http.get(API(`tags/clips/${EVENT_ID}`), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(eventTagsAnswer([rawTag(1)]));
      }),
    );
    const store = signedInStore();
    const query = store.dispatch(tagsApi.endpoints.getEventTags.initiate(EVENT_ID));
    const answer = await query;
    expect(asked).toEqual(['?limit=250']);
    expect(answer.data?.event.name).toBe('City Cup Final');
    expect(answer.data?.tags.map((t) => t.id)).toEqual(['tag-001']);

    for (const tag of [
      { type: 'Tag', id: 'LIST' },
      { type: 'Tag', id: EVENT_ID },
      { type: 'EventClips', id: EVENT_ID },
    ] as const) {
      const before = asked.length;
      store.dispatch(api.util.invalidateTags([tag]));
      await settle(() => asked.length === before + 1);
      expect(asked).toHaveLength(before + 1);
    }
    // Another event's news leaves it alone.
    store.dispatch(api.util.invalidateTags([{ type: 'Tag', id: 'another-event' }]));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked).toHaveLength(4);
    query.unsubscribe();
  });

  it('a malformed answer is an ordinary "Unexpected response format" error', async () => {
    apiServer.use(http.get(API('tags'), () => HttpResponse.json({ success: true, data: { tags: [] } })));
    const store = signedInStore();
    const query = store.dispatch(tagsApi.endpoints.getMyTags.initiate());
    const result = await query;
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: 'Unexpected response format' });
    query.unsubscribe();
  });
});
