import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../test/apiServer';
import { signedInStore } from '../../test/sessionStore';
import { makeToken, TEST_USER } from '../../test/tokens';
import { prefetchHighlightCreation } from './highlightCreationPrefetch';
import { answerMakeMyHighlight, EVENT_ID } from './makeMyHighlightTestData';
import { renderHighlightCreation } from './renderHighlightCreation';

setupApiServer();

/** Counts the event's requests (answerMakeMyHighlight counts the others). */
function countEventRequests(status = 200) {
  const asked: string[] = [];
  apiServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(`/events/${EVENT_ID}`)) asked.push(request.url);
  });
  if (status !== 200) {
    apiServer.use(
      http.get(API(`events/${EVENT_ID}`), () =>
        HttpResponse.json({ success: false, error: { code: 'SERVER_ERROR', message: 'Down' } }, { status }),
      ),
    );
  }
  return asked;
}

afterEach(() => apiServer.events.removeAllListeners());

describe('prefetchHighlightCreation', () => {
  it("asks the screen's calls in its order, and the screen then shows them without asking again", async () => {
    const asked = answerMakeMyHighlight();
    const events = countEventRequests();
    const { store } = signedInStore(makeToken({ userId: TEST_USER.id }));

    await prefetchHighlightCreation(store.dispatch, EVENT_ID);
    expect(events).toHaveLength(1);
    expect(asked.tags).toEqual(['?page=1&limit=200&clipLimit=300']);
    expect(asked.clips.sort()).toEqual(['?page=1&limit=500', '?page=1&limit=500&allUsers=true']);

    renderHighlightCreation(store);
    expect(await screen.findByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
    expect(events).toHaveLength(1);
    expect(asked.tags).toHaveLength(1);
    expect(asked.clips).toHaveLength(2);
  });

  it('stops at a failed event, and the screen asks again when it mounts', async () => {
    const asked = answerMakeMyHighlight();
    const events = countEventRequests(500);
    const { store } = signedInStore(makeToken({ userId: TEST_USER.id }));

    await prefetchHighlightCreation(store.dispatch, EVENT_ID);
    expect(events).toHaveLength(1);
    expect(asked.tags).toEqual([]);
    expect(asked.clips).toEqual([]);

    renderHighlightCreation(store);
    expect(await screen.findByText(/^Error: /)).toBeInTheDocument();
    expect(events.length).toBeGreaterThan(1);
  });
});
