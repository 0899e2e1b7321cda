import { screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderRouter, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { EVENT_ID, eventClipsAnswer } from '../../../test/data/clipTestData';
import EventClipsScreen from './EventClipsScreen';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago'; // the device; the event is in New York
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

/** The signed-in user of these tests (signedInState). */
const USER_ID = signedInState().session.user!.id;

const FROM_MY_CLIPS = {
  userId: USER_ID,
  eventName: 'City Cup Final',
  locationName: 'Fenway Park',
  eventDate: '2026-07-04T23:00:00.000Z',
  clipCount: 13,
  timezone: 'America/New_York',
};

/** The screen at /clips/event/{id}, reached from My Clips (with its state) or by a deep link (none). */
function renderScreen({ state = null as object | null, eventId = EVENT_ID } = {}) {
  const { session } = signedInState();
  const store = makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
  const router = createMemoryRouter(
    [
      { path: '/clips/event/:eventId', element: <EventClipsScreen /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: `/clips/event/${eventId}`, state }] },
  );
  return renderRouter(store, router);
}

/** Answers page after page from `answers` (the last one repeats); records the pages asked for. */
function answerPages(...answers: Array<object | (() => Response)>) {
  const pages: string[] = [];
  apiServer.use(
    http.get(API(`clips/event/${EVENT_ID}`), ({ request }) => {
      pages.push(new URL(request.url).searchParams.get('page') ?? '');
      const answer = answers[Math.min(pages.length - 1, answers.length - 1)]!;
      return typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer);
    }),
  );
  return pages;
}

const cards = () => within(screen.getByRole('list', { name: 'Clips of this event' })).getAllByRole('listitem');

describe('EventClipsScreen (docs/product/part-2.md §2 "Clips of an event")', () => {
  it('shows the header from My Clips at once, skeleton cards while the clips load, and a back link to /clips', async () => {
    answerPages(eventClipsAnswer(1, 13));
    renderScreen({ state: FROM_MY_CLIPS });
    expect(screen.getByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fenway Park · Jul 4, 2026, 7:00 PM EDT · 13 clips')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading clips...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Clips' })).toHaveAttribute('href', '/clips');
    expect(await screen.findAllByRole('article')).toHaveLength(12);
  });

  it('after a sign-out, does not show the state another user left in the tab’s history: waits for the API’s event', async () => {
    // User A opened the event from My Clips and signed out; user B (signed in now) presses Back into its page.
    let release = () => undefined as void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    apiServer.use(
      http.get(API(`clips/event/${EVENT_ID}`), async () => {
        await answered;
        return HttpResponse.json(eventClipsAnswer(1, 2));
      }),
    );
    renderScreen({ state: { ...FROM_MY_CLIPS, userId: 'user-a', eventName: 'A’s private scrimmage', clipCount: 40 } });
    expect(screen.getByRole('heading', { name: 'Event Clips', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/A’s private scrimmage/)).not.toBeInTheDocument();
    expect(screen.queryByText(/40 clips/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Fenway Park/)).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fenway Park · Jul 4, 2026, 7:00 PM EDT · 2 clips')).toBeInTheDocument();
    expect(screen.queryByText(/A’s private scrimmage/)).not.toBeInTheDocument();
  });

  it('does not trust a state that names no user (left from before the stamp)', async () => {
    answerPages(eventClipsAnswer(1, 13));
    const { userId: _, ...unstamped } = FROM_MY_CLIPS;
    renderScreen({ state: { ...unstamped, eventName: 'Unstamped' } });
    expect(screen.getByRole('heading', { name: 'Event Clips', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/Unstamped|13 clips/)).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
  });

  it('on a deep link, shows the same header from the API’s event', async () => {
    answerPages(eventClipsAnswer(1, 13));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fenway Park · Jul 4, 2026, 7:00 PM EDT · 13 clips')).toBeInTheDocument();
  });

  it("shows 12 clips a page; 'Load More Clips' adds the next page and goes once all are shown", async () => {
    const pages = answerPages(eventClipsAnswer(1, 13), eventClipsAnswer(2, 13));
    const { user } = renderScreen({ state: FROM_MY_CLIPS });
    await screen.findAllByRole('article');
    expect(cards()).toHaveLength(12);
    expect(screen.queryByRole('article', { name: 'Jul 4, 2026, 7:13 PM EDT' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More Clips' }));
    expect(await screen.findByRole('article', { name: 'Jul 4, 2026, 7:13 PM EDT' })).toBeInTheDocument();
    expect(cards()).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Load More Clips' })).not.toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
  });

  it('keeps the clips shown when the next page fails, with its error and a retry for that page', async () => {
    answerPages(
      eventClipsAnswer(1, 13),
      () => HttpResponse.json({ success: false, error: 'Busy' }, { status: 503 }),
      eventClipsAnswer(2, 13),
    );
    const { user } = renderScreen();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Load More Clips' }));
    expect(await screen.findByText('HTTP 503: Failed to load clips')).toBeInTheDocument();
    expect(cards()).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Jul 4, 2026, 7:13 PM EDT' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load clips/)).not.toBeInTheDocument();
  });

  it('empty: says so and offers the upload', async () => {
    answerPages(eventClipsAnswer(1, 0));
    renderScreen({ state: { ...FROM_MY_CLIPS, clipCount: 0 } });
    expect(await screen.findByText(/no clips of this event yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Clips' })).toHaveAttribute('href', '/clips/upload');
  });

  it("error: 'HTTP {status}: Failed to load clips' with Retry, which loads again", async () => {
    answerPages(() => HttpResponse.json({ success: false }, { status: 500 }), eventClipsAnswer(1, 2));
    const { user } = renderScreen({ state: FROM_MY_CLIPS });
    expect(await screen.findByText('HTTP 500: Failed to load clips')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it("a malformed answer: 'Unexpected response format', the header from My Clips still there", async () => {
    answerPages({ success: true, data: { event: { id: EVENT_ID }, clips: [], pagination: { page: 1, hasMore: false } } });
    renderScreen({ state: FROM_MY_CLIPS });
    expect(await screen.findByText('Unexpected response format')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
  });

  it('an event that does not exist: says so, with the way back to My Clips', async () => {
    answerPages(() => HttpResponse.json({ success: false, error: 'Event not found', code: 'EVENT_NOT_FOUND' }, { status: 404 }));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Event not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Clips' })).toHaveAttribute('href', '/clips');
    expect(screen.getByRole('link', { name: 'Back to My Clips' })).toHaveAttribute('href', '/clips');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
