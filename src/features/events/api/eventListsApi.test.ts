import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../../../api/apiSlice';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { apiEvent, eventsAnswer, serveEventLists } from '../../../test/data/eventListFixtures';
import {
  dependsOnUserContent,
  eventListParams,
  eventListsApi,
  nearbySearchParams,
  recentEventsParams,
  type NearbyEventsArgs,
} from './eventListsApi';

setupApiServer();

function store() {
  const session = signedInState().session;
  return makeStore({ runSagas: false, preloadedState: { session: { ...session, token: makeToken({}) } } });
}

// The device at Soldier Field; Wrigley is 6.3 miles north, Milwaukee ~81 miles.
const HERE: NearbyEventsArgs = { lat: 41.8623, lng: -87.6167, radius: 25, time: '2026-05-01T18:00:00.000Z' };
const wrigley = apiEvent({ id: 'wrigley-game', name: 'At Wrigley' });
const milwaukee = apiEvent({
  id: 'milwaukee-game',
  name: 'In Milwaukee',
  location: { ...apiEvent().location, name: 'American Family Field', coordinates: null, latitude: 43.028, longitude: -87.9712 },
});
const soldier = apiEvent({
  id: 'soldier-game',
  name: 'At Soldier Field',
  location: { ...apiEvent().location, name: 'Soldier Field', coordinates: { lat: 41.8623, lng: -87.6167 } },
});

const nearby = (args = HERE) => store().dispatch(eventListsApi.endpoints.getNearbyEvents.initiate(args));

function serveSearch(answer: () => Response) {
  const seen: URLSearchParams[] = [];
  apiServer.use(
    http.get(API('events/search'), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return seen;
}

describe('query strings', () => {
  it("the Recent Events picker's pages: 20 each, the user's events, the words trimmed and sent only when given", () => {
    expect(recentEventsParams({ userAssociated: true, search: '' }, 1)).toEqual({
      timeFilter: 'recent',
      page: '1',
      limit: '20',
      userAssociated: 'true',
    });
    expect(recentEventsParams({ userAssociated: false, search: '  cup final ' }, 3)).toEqual({
      timeFilter: 'recent',
      page: '3',
      limit: '20',
      q: 'cup final',
    });
  });

  it('GET /events sends only what is set', () => {
    expect(eventListParams({})).toEqual({});
    expect(eventListParams({ timeFilter: 'recent', userAssociated: true, limit: 1 })).toEqual({
      timeFilter: 'recent',
      userAssociated: 'true',
      limit: '1',
    });
    expect(eventListParams({ timeFilter: 'upcoming', days: 7 })).toEqual({ timeFilter: 'upcoming', days: '7' });
  });

  it('GET /events/search: near=lat,lng, radius in miles, time when given', () => {
    expect(nearbySearchParams(HERE)).toEqual({ near: '41.8623,-87.6167', radius: '25', time: '2026-05-01T18:00:00.000Z' });
    expect(nearbySearchParams({ lat: 1, lng: 2, radius: 25 })).toEqual({ near: '1,2', radius: '25' });
  });
});

describe('getEvents', () => {
  it('maps the events in `data`', async () => {
    const queries = serveEventLists(() => eventsAnswer([apiEvent({ clipCount: 3 })], 9));
    const result = await store().dispatch(
      eventListsApi.endpoints.getEvents.initiate({ timeFilter: 'recent', userAssociated: true, limit: 1 }),
    );
    expect(queries).toEqual(['?timeFilter=recent&userAssociated=true&limit=1']);
    expect(result.data).toEqual({ events: [expect.objectContaining({ id: 'e-1', clipCount: 3, distanceMiles: null })] });
  });

  it('an answer without pagination is read the same', async () => {
    serveEventLists(() => HttpResponse.json({ success: true, data: [apiEvent()] }));
    const result = await store().dispatch(eventListsApi.endpoints.getEvents.initiate({ timeFilter: 'current' }));
    expect(result.data?.events).toHaveLength(1);
  });

  it("a malformed answer is 'Unexpected response format', not a crash", async () => {
    serveEventLists(() => HttpResponse.json({ success: true, data: { events: [] } }));
    const result = await store().dispatch(eventListsApi.endpoints.getEvents.initiate({ timeFilter: 'current' }));
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: 'Unexpected response format' });
  });
});

describe('getEvents after a completed upload or a sent tag (the {Clip, LIST} or {Tag, LIST} they invalidate)', () => {
  const MINE = { timeFilter: 'recent', userAssociated: true } as const;
  const DETECT_MINE = { timeFilter: 'recent', userAssociated: true, limit: 1 } as const;
  const DETECT_ALL = { timeFilter: 'recent', limit: 1 } as const;
  const CURRENT = { timeFilter: 'current' } as const;

  it("asks again for the lists that depend on the user's content: a first clip at a recent event makes it appear", async () => {
    let mine: unknown[] = [];
    const queries = serveEventLists((params) =>
      params.get('userAssociated') === 'true' ? eventsAnswer(mine) : eventsAnswer([apiEvent({ id: 'other' })]),
    );
    const s = store();
    const subscriptions = [MINE, DETECT_MINE, DETECT_ALL, CURRENT].map((args) =>
      s.dispatch(eventListsApi.endpoints.getEvents.initiate(args)),
    );
    await Promise.all(subscriptions);
    expect(eventListsApi.endpoints.getEvents.select(MINE)(s.getState()).data?.events).toEqual([]);
    queries.length = 0;

    // The upload of a first clip to event e-1 completes (uploads/model/uploadQueuePolicy.ts completedUploadTags).
    mine = [apiEvent({ id: 'e-1', clipCount: 1 })];
    s.dispatch(
      api.util.invalidateTags([
        { type: 'Clip', id: 'LIST' },
        { type: 'EventClips', id: 'e-1' },
        { type: 'Event', id: 'e-1' },
      ]),
    );
    await waitFor(() =>
      expect(
        eventListsApi.endpoints.getEvents
          .select(MINE)(s.getState())
          .data?.events.map((e) => e.id),
      ).toEqual(['e-1']),
    );
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(queries.sort()).toEqual([
      '?timeFilter=recent&limit=1',
      '?timeFilter=recent&userAssociated=true',
      '?timeFilter=recent&userAssociated=true&limit=1',
    ]);
    subscriptions.forEach((sub) => sub.unsubscribe());
  });

  it('a sent tag ({Tag, LIST}) asks again for the same lists, not the others: a first tag at a recent event makes it appear', async () => {
    let mine: unknown[] = [];
    const queries = serveEventLists((params) =>
      params.get('userAssociated') === 'true' ? eventsAnswer(mine) : eventsAnswer([apiEvent({ id: 'other' })]),
    );
    const s = store();
    const subscriptions = [MINE, DETECT_MINE, DETECT_ALL, CURRENT].map((args) =>
      s.dispatch(eventListsApi.endpoints.getEvents.initiate(args)),
    );
    await Promise.all(subscriptions);
    queries.length = 0;

    // A first tag at event e-1 is sent (tags/api/tagCreateApi.ts sentTagCacheTags).
    mine = [apiEvent({ id: 'e-1', tagCount: 1 })];
    s.dispatch(
      api.util.invalidateTags([
        { type: 'Tag', id: 'LIST' },
        { type: 'Tag', id: 'e-1' },
        { type: 'Event', id: 'e-1' },
      ]),
    );
    await waitFor(() =>
      expect(
        eventListsApi.endpoints.getEvents
          .select(MINE)(s.getState())
          .data?.events.map((e) => [e.id, e.tagCount]),
      ).toEqual([['e-1', 1]]),
    );
    await waitFor(() => expect(queries).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(queries.sort()).toEqual([
      '?timeFilter=recent&limit=1',
      '?timeFilter=recent&userAssociated=true',
      '?timeFilter=recent&userAssociated=true&limit=1',
    ]);
    subscriptions.forEach((sub) => sub.unsubscribe());
  });

  it("which lists depend on the user's content", () => {
    expect(dependsOnUserContent(MINE)).toBe(true);
    expect(dependsOnUserContent(DETECT_MINE)).toBe(true);
    expect(dependsOnUserContent(DETECT_ALL)).toBe(true);
    expect(dependsOnUserContent({ timeFilter: 'recent' })).toBe(false);
    expect(dependsOnUserContent(CURRENT)).toBe(false);
  });
});

describe('getNearbyEvents', () => {
  it('asks /events/search and keeps its distances in miles', async () => {
    const seen = serveSearch(() => HttpResponse.json({ success: true, data: [{ ...wrigley, distance: 6.3 }] }));
    const result = await nearby();
    expect(seen.map((p) => p.toString())).toEqual(['near=41.8623%2C-87.6167&radius=25&time=2026-05-01T18%3A00%3A00.000Z']);
    expect(result.data).toEqual({
      events: [expect.objectContaining({ id: 'wrigley-game', distanceMiles: 6.3 })],
      source: 'search',
    });
  });

  it('measures an event the search sent without a distance', async () => {
    serveSearch(() => HttpResponse.json({ success: true, data: [wrigley] }));
    expect((await nearby()).data?.events[0]?.distanceMiles).toBe(6.3);
  });

  it.each([
    ['fails', () => HttpResponse.json({ success: false, error: 'Search is down' }, { status: 500 })],
    ['cannot be reached', () => HttpResponse.error()],
    ['answers in the wrong shape', () => HttpResponse.json({ success: true, data: { events: [] } })],
  ])('when the search %s, falls back to the current events within the radius, nearest first (§7)', async (_case, answer) => {
    serveSearch(answer);
    const queries = serveEventLists(() => eventsAnswer([milwaukee, wrigley, soldier]));
    const result = await nearby();
    expect(queries).toEqual(['?timeFilter=current']);
    expect(result.data?.source).toBe('current');
    expect(result.data?.events.map((e) => [e.id, e.distanceMiles])).toEqual([
      ['soldier-game', 0],
      ['wrigley-game', 6.3],
    ]);
  });

  it('the fallback measures itself rather than trusting a distance it did not ask for', async () => {
    serveSearch(() => HttpResponse.error());
    serveEventLists(() => eventsAnswer([{ ...milwaukee, distance: 1 }]));
    expect((await nearby()).data?.events).toEqual([]);
  });

  it('when the fallback fails too, fails with its error', async () => {
    serveSearch(() => HttpResponse.error());
    serveEventLists(() => HttpResponse.json({ success: false, error: 'Database is waking up' }, { status: 503 }));
    const result = await nearby();
    expect(result.error).toMatchObject({ status: 503, data: { error: 'Database is waking up' } });
  });

  it("a malformed fallback answer is 'Unexpected response format'", async () => {
    serveSearch(() => HttpResponse.error());
    serveEventLists(() => HttpResponse.json({ success: true, data: 'none' }));
    expect((await nearby()).error).toMatchObject({ error: 'Unexpected response format' });
  });

  it('a refusal of the session (403) is not a search failure: no fallback', async () => {
    serveSearch(() => HttpResponse.json({ success: false, error: 'Forbidden', code: 'FORBIDDEN' }, { status: 403 }));
    const queries = serveEventLists(() => eventsAnswer([]));
    const result = await nearby();
    expect(queries).toEqual([]);
    expect(result.error).toMatchObject({ status: 403 });
  });
});
