import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../../../api/apiSlice';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { EVENT_FETCH_FAILED } from '../model/highlightCreationMessages';
import { highlightCreationApi } from '../api/highlightCreationApi';
import { answerMakeMyHighlight, EVENT_ID } from '../../../test/data/makeMyHighlightTestData';
import { renderHighlightCreation } from '../../../test/renderHighlightCreation';

setupApiServer();

const failing = () => HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 500 });
const tagHeadings = () => screen.queryAllByRole('heading', { level: 2, name: /^Tag \d+ - / });

/** The screen loaded: the event's header and both tags' sections. */
async function renderLoaded() {
  answerMakeMyHighlight();
  const { store } = signedInStore(makeToken({ userId: TEST_USER.id }));
  renderHighlightCreation(store);
  expect(await screen.findByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
  await waitFor(() => expect(tagHeadings()).toHaveLength(2));
  const entry = {
    event: () => highlightCreationApi.endpoints.getHighlightEvent.select(EVENT_ID)(store.getState()),
    tags: () => highlightCreationApi.endpoints.getHighlightTags.select(EVENT_ID)(store.getState()),
  };
  return { store, entry };
}

function expectLoadedScreen() {
  expect(screen.getByRole('heading', { level: 1, name: 'City Cup Final' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
  expect(tagHeadings()).toHaveLength(2);
  expect(screen.queryByText(`Error: ${EVENT_FETCH_FAILED}`)).not.toBeInTheDocument();
}

describe('Highlight creation when a refetch fails (docs/decisions.md "Loaded items stay on screen")', () => {
  afterEach(() => cleanup());

  it('an upload to the event ends and its refetch fails: the loaded event, its tags and clips stay', async () => {
    const { store, entry } = await renderLoaded();
    apiServer.use(http.get(API(`events/${EVENT_ID}`), failing), http.get(API(`tags/event/${EVENT_ID}`), failing));
    // What a finished upload marks stale (architecture.md "How one upload flows", step 5).
    act(() => {
      store.dispatch(
        api.util.invalidateTags([
          { type: 'Clip', id: 'LIST' },
          { type: 'EventClips', id: EVENT_ID },
          { type: 'Event', id: EVENT_ID },
        ]),
      );
    });
    await waitFor(() => expect(entry.event().isError && entry.tags().isError).toBe(true));
    expectLoadedScreen();

    // Back within 60 s: the errored entries are still cached, and the screen still shows what they hold.
    cleanup();
    renderHighlightCreation(store);
    expect(await screen.findByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
    await waitFor(() => expect(tagHeadings()).toHaveLength(2));
    expectLoadedScreen();
  });

  it('a tag is sent and the tags’ refetch fails: every tag section stays', async () => {
    const { store, entry } = await renderLoaded();
    apiServer.use(http.get(API(`tags/event/${EVENT_ID}`), failing));
    // What a sent tag marks stale (architecture.md "How a tag travels", step 3).
    act(() => {
      store.dispatch(
        api.util.invalidateTags([
          { type: 'Tag', id: 'LIST' },
          { type: 'Tag', id: EVENT_ID },
        ]),
      );
    });
    await waitFor(() => expect(entry.tags().isError).toBe(true));
    expectLoadedScreen();
  });
});
