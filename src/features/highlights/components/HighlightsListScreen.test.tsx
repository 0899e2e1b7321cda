import { act, screen, waitFor, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { EDITING_CANCELLED, RENDERING_STARTED } from '../model/editingReturn';
import {
  HIGHLIGHT_ID,
  highlightsAnswer,
  highlightsPageAnswer,
  PROCESSING_ID,
  rawFailedHighlight,
  rawHighlight,
  rawProcessingHighlight,
} from '../../../test/data/highlightListTestData';
import HighlightsListScreen from './HighlightsListScreen';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago';
});
afterEach(() => {
  Settings.defaultZone = 'system';
  jest.useRealTimers();
});

function renderScreen(route = '/highlights/view') {
  const { session } = signedInState();
  return renderWithProviders(<HighlightsListScreen />, {
    route,
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
}

/** GET /highlights answered in turn (the last answer repeats); returns how many times it was asked. */
function answerHighlights(...answers: Array<object | (() => Response)>) {
  const asked = { count: 0 };
  apiServer.use(
    http.get(API('highlights'), () => {
      asked.count += 1;
      const answer = answers[Math.min(asked.count - 1, answers.length - 1)]!;
      return typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer);
    }),
  );
  return asked;
}

/** The rows' titles in order (text, not roles: a role query over a hundred rows takes seconds in jsdom). */
const rowTitles = (list: HTMLElement) => within(list).getAllByText(/^Highlight \d+$/);

describe('HighlightsListScreen (docs/product/part-2.md §2 "Highlights list")', () => {
  it('the count, then rows with title, event, estimated duration, clip count and created date', async () => {
    answerHighlights(highlightsAnswer([rawProcessingHighlight(42), rawHighlight()]));
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'My Highlights' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your highlights...' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Highlights' });
    expect(screen.getByText('2 highlights')).toBeInTheDocument();
    const ready = within(list).getByRole('link', { name: /Summer Final/ });
    expect(ready).toHaveTextContent('City Cup Final · Est. 0:40 · 4 clips · Jul 4, 2026, 8:30 PM');
    expect(ready).not.toHaveTextContent('Processing');
    expect(ready).toHaveAttribute('href', `/highlight/view/${HIGHLIGHT_ID}`);
    const processing = within(list).getByRole('link', { name: /Second Half/ });
    expect(processing).toHaveTextContent('Est. 0:20 · 2 clips');
    expect(processing).toHaveTextContent('Processing');
    expect(processing).toHaveTextContent('Rendering 42 %');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('Share beside each playable row, outside its link; it opens the dialog and stays on the list', async () => {
    answerHighlights(highlightsAnswer([rawProcessingHighlight(42), rawHighlight(), rawFailedHighlight()]));
    let linksAsked = 0;
    apiServer.use(
      http.get(API(`highlights/${HIGHLIGHT_ID}/shares`), () => {
        linksAsked += 1;
        return HttpResponse.json({ success: true, data: { shares: [] } });
      }),
    );
    const { user, router } = renderScreen();
    const list = await screen.findByRole('list', { name: 'Highlights' });
    const share = within(list).getByRole('button', { name: 'Share Summer Final' });
    expect(within(list).getAllByRole('button', { name: /^Share / })).toEqual([share]);
    expect(share.closest('a')).toBeNull();
    await user.click(share);
    const dialog = within(await screen.findByRole('dialog', { name: 'Share highlight' }));
    expect(dialog.getByText('Summer Final')).toBeInTheDocument();
    await waitFor(() => expect(linksAsked).toBe(1));
    expect(router.state.location.pathname).toBe('/highlights/view');
  });

  it('a failed render says so, with its reason', async () => {
    answerHighlights(highlightsAnswer([rawFailedHighlight()]));
    renderScreen();
    const row = await screen.findByRole('link', { name: /Broken One/ });
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('Rendering failed: Clip 2 could not be read');
  });

  it('opens the viewer with the highlight in navigation state, stamped with the user', async () => {
    answerHighlights(highlightsAnswer([rawHighlight()]));
    const { user, router } = renderScreen();
    await user.click(await screen.findByRole('link', { name: /Summer Final/ }));
    expect(router.state.location.pathname).toBe(`/highlight/view/${HIGHLIGHT_ID}`);
    expect(router.state.location.state).toMatchObject({
      userId: signedInState().session.user!.id,
      highlight: { id: HIGHLIGHT_ID, title: 'Summer Final', status: 'ready', clipCount: 4 },
    });
  });

  it('polls every 2 s while something processes, and stops once everything is ready', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'], advanceTimers: true });
    const asked = answerHighlights(
      highlightsAnswer([rawProcessingHighlight(10)]),
      highlightsAnswer([rawProcessingHighlight(60)]),
      highlightsAnswer([rawHighlight({ id: PROCESSING_ID, title: 'Second Half' })]),
    );
    renderScreen();
    expect(await screen.findByText('Rendering 10 %')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(2_100));
    expect(await screen.findByText('Rendering 60 %')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(2_100));
    await screen.findByRole('link', { name: /Second Half/ });
    expect(await screen.findByText(/Est\. 0:40 · 4 clips/)).toBeInTheDocument();
    expect(screen.queryByText('Processing')).not.toBeInTheDocument();
    const after = asked.count;
    expect(after).toBe(3);
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(asked.count).toBe(after);
  });

  it('does not poll when nothing processes', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'], advanceTimers: true });
    const asked = answerHighlights(highlightsAnswer([rawHighlight(), rawFailedHighlight()]));
    renderScreen();
    await screen.findByRole('link', { name: /Summer Final/ });
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(asked.count).toBe(1);
  });

  it('empty: says so and links to the main menu', async () => {
    answerHighlights(highlightsAnswer([]));
    renderScreen();
    expect(await screen.findByText(/No highlights yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Main Menu' })).toHaveAttribute('href', '/');
  });

  it("error: 'Failed to fetch highlights: ...' with Retry, which loads again", async () => {
    answerHighlights(
      () => HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 503 }),
      highlightsAnswer([rawHighlight()]),
    );
    const { user } = renderScreen();
    expect(await screen.findByText('Failed to fetch highlights: Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Summer Final/ })).toBeInTheDocument();
  });

  it("a malformed answer: 'Failed to fetch highlights: Unexpected response format'", async () => {
    answerHighlights({ success: true, data: { highlights: [{ id: 1 }] } });
    renderScreen();
    expect(await screen.findByText('Failed to fetch highlights: Unexpected response format')).toBeInTheDocument();
  });

  it('back from the editor after Render: the confirmation (polite), the parameters gone, the list refreshed', async () => {
    const asked = answerHighlights(highlightsAnswer([rawProcessingHighlight(0, { render: { stage: 'queued', progress: 0 } })]));
    const { router } = renderScreen(
      '/highlights/view?editing_session=4b0d3c1e-2f9a-4c55-9d3e-0a6c1f2b7e11&editing_completed=true',
    );
    expect(await screen.findByText(RENDERING_STARTED)).toBeInTheDocument();
    expect(screen.getByText(RENDERING_STARTED).closest('[role="status"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/highlights/view');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    // {Highlight, LIST} invalidated: asked again even though this visit had just loaded it.
    await waitFor(() => expect(asked.count).toBe(2));
  });

  it('back from the editor after Cancel: “Editing cancelled”, and the parameters gone', async () => {
    answerHighlights(highlightsAnswer([rawHighlight()]));
    const { router } = renderScreen('/highlights/view?editing_session=4b0d3c1e-2f9a-4c55-9d3e-0a6c1f2b7e11');
    expect(await screen.findByText(EDITING_CANCELLED)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(RENDERING_STARTED)).not.toBeInTheDocument();
  });

  it('a plain visit shows no notice and keeps the address', async () => {
    const asked = answerHighlights(highlightsAnswer([rawHighlight()]));
    const { router } = renderScreen('/highlights/view');
    await screen.findByRole('link', { name: /Summer Final/ });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(asked.count).toBe(1);
    expect(screen.queryByText(RENDERING_STARTED)).not.toBeInTheDocument();
    expect(screen.queryByText(EDITING_CANCELLED)).not.toBeInTheDocument();
    expect(router.state.historyAction).toBe('POP');
  });

  it("past one page: the total as the count, 'Load More Highlights' until the oldest is shown", async () => {
    const pages: number[] = [];
    apiServer.use(
      http.get(API('highlights'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        pages.push(Number(params.get('page')));
        return HttpResponse.json(highlightsPageAnswer(Number(params.get('page')), Number(params.get('limit')), 105));
      }),
    );
    const { user } = renderScreen();
    const list = await screen.findByRole('list', { name: 'Highlights' });
    expect(screen.getByText('105 highlights')).toBeInTheDocument();
    expect(rowTitles(list)).toHaveLength(50);
    expect(rowTitles(list)[0]).toHaveTextContent(/^Highlight 1$/);
    await user.click(screen.getByRole('button', { name: 'Load More Highlights' }));
    await waitFor(() => expect(rowTitles(list)).toHaveLength(100));
    expect(screen.getByText('105 highlights')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More Highlights' }));
    await waitFor(() => expect(rowTitles(list)).toHaveLength(105));
    expect(rowTitles(list).at(-1)).toHaveTextContent(/^Highlight 105$/);
    expect(screen.queryByRole('button', { name: 'Load More Highlights' })).not.toBeInTheDocument();
    expect(pages).toEqual([1, 2, 3]);
  });
});
