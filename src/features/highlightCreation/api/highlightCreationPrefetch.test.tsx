import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { prefetchRoute } from '../../../app/routePrefetch';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { recordApiCalls, renderRouteAt } from '../../../test/routePrefetchHarness';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { prefetchHighlightCreation } from './highlightCreationPrefetch';
import { answerMakeMyHighlight, EVENT_ID } from '../../../test/data/makeMyHighlightTestData';

setupApiServer();
afterEach(() => apiServer.events.removeAllListeners());

const ADDRESS = `/highlights/create/${EVENT_ID}`;
const EVENT = `events/${EVENT_ID}`;
const TAGS = `tags/event/${EVENT_ID}?page=1&limit=200&clipLimit=300`;
const MINE = `clips/event/${EVENT_ID}?page=1&limit=500`;
const EVERYONE = `clips/event/${EVENT_ID}?page=1&limit=500&allUsers=true`;

const signedIn = () => signedInStore(makeToken({ userId: TEST_USER.id })).store;

describe('Highlight creation’s prefetch (routes.ts `prefetch`, highlightCreationPrefetch.ts)', () => {
  it('asks the screen’s calls in its order, and the screen then shows them without asking again', async () => {
    answerMakeMyHighlight();
    const store = signedIn();
    const asked = recordApiCalls();
    prefetchRoute(store.dispatch, ADDRESS, new AbortController().signal);
    await waitFor(() => expect(asked).toHaveLength(4));
    // The event, then its tags, then both clip lists (in either order).
    expect(asked.slice(0, 2)).toEqual([EVENT, TAGS]);
    expect(asked.slice(2).sort()).toEqual([MINE, EVERYONE]);

    renderRouteAt(store, ADDRESS);
    expect(await screen.findByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
    expect(asked).toHaveLength(4);
  });

  it('and with a screen that mounts while it is under way, each call is asked once', async () => {
    answerMakeMyHighlight();
    const store = signedIn();
    const asked = recordApiCalls();
    prefetchRoute(store.dispatch, ADDRESS, new AbortController().signal);
    renderRouteAt(store, ADDRESS);
    expect(await screen.findByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
    expect([...asked].sort()).toEqual([MINE, EVERYONE, EVENT, TAGS].sort());
  });

  it('stops at a failed event, and the screen asks again when it mounts', async () => {
    answerMakeMyHighlight();
    apiServer.use(
      http.get(API(`events/${EVENT_ID}`), () =>
        HttpResponse.json({ success: false, error: { code: 'SERVER_ERROR', message: 'Down' } }, { status: 500 }),
      ),
    );
    const store = signedIn();
    const asked = recordApiCalls();
    prefetchRoute(store.dispatch, ADDRESS, new AbortController().signal);
    await waitFor(() => expect(asked).toEqual([EVENT]));
    await waitFor(() => expect(store.getState().api.queries[`getHighlightEvent("${EVENT_ID}")`]?.status).toBe('rejected'));
    expect(asked).toEqual([EVENT]);

    renderRouteAt(store, ADDRESS);
    expect(await screen.findByText(/^Error: /)).toBeInTheDocument();
    expect(asked.filter((call) => call === EVENT).length).toBeGreaterThan(1);
    expect(asked.filter((call) => call !== EVENT)).toEqual([]);
  });

  it('takes no further step once its address or user changed', async () => {
    answerMakeMyHighlight();
    const store = signedIn();
    const asked = recordApiCalls();
    const left = new AbortController();
    prefetchHighlightCreation(store.dispatch, { eventId: EVENT_ID }, left.signal);
    left.abort();
    await waitFor(() => expect(store.getState().api.queries[`getHighlightEvent("${EVENT_ID}")`]?.status).toBe('fulfilled'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([EVENT]);
  });
});
