import { http, HttpResponse } from 'msw';
import { api } from '../../../api/apiSlice';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { tagCreateApi } from './tagCreateApi';

setupApiServer();

type CacheTag = { type: 'Tag' | 'Event'; id: string };
const asked: string[] = [];

/** Cached answers that provide one cache tag each, counting how often they are asked for. */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<number, CacheTag>({
      queryFn: (tag) => {
        asked.push(`${tag.type}:${tag.id}`);
        return { data: asked.length };
      },
      providesTags: (_answer, _error, tag) => [tag],
    }),
  }),
});

function signedInStore() {
  const { session } = signedInState();
  return makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
}

const body = { timestamp: '2026-11-23T18:30:05.250Z', eventId: 'e-1', metadata: {} };

async function settle(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('createTag', () => {
  it('a made tag refreshes the tag lists, the event’s tags and what shows the event’s counts; a refused one nothing', async () => {
    let answer = () => HttpResponse.json({ success: true, data: { id: 'tag-1', timestamp: body.timestamp } }, { status: 201 });
    apiServer.use(http.post(API('tags'), () => answer()));
    const store = signedInStore();
    const shown: CacheTag[] = [
      { type: 'Tag', id: 'LIST' },
      { type: 'Tag', id: 'e-1' },
      { type: 'Event', id: 'e-1' },
      { type: 'Event', id: 'e-2' },
    ];
    const subscriptions = shown.map((tag) => store.dispatch(probeApi.endpoints.probe.initiate(tag)));
    await Promise.all(subscriptions);
    asked.length = 0;

    await store.dispatch(tagCreateApi.endpoints.createTag.initiate({ body, idempotencyKey: 'c-1' }));
    await settle(() => asked.length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked.sort()).toEqual(['Event:e-1', 'Tag:LIST', 'Tag:e-1']);

    asked.length = 0;
    answer = () => HttpResponse.json({ success: false, error: 'Event not found' }, { status: 404 });
    await store.dispatch(tagCreateApi.endpoints.createTag.initiate({ body, idempotencyKey: 'c-2' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked).toEqual([]);
    subscriptions.forEach((sub) => sub.unsubscribe());
  });
});
