import { screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { unassociatedAnswer } from '../../../test/data/clipTestData';
import UnassociatedClipsScreen from './UnassociatedClipsScreen';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'Asia/Tokyo'; // the device: clips without an event are shown on its clock
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

function renderScreen() {
  const { session } = signedInState();
  return renderWithProviders(<UnassociatedClipsScreen />, {
    route: '/clips/unassociated',
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
}

function answerPages(...answers: Array<object | (() => Response)>) {
  const asked: string[] = [];
  apiServer.use(
    http.get(API('clips/unassociated'), ({ request }) => {
      asked.push(new URL(request.url).search);
      const answer = answers[Math.min(asked.length - 1, answers.length - 1)]!;
      return typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer);
    }),
  );
  return asked;
}

const cards = () => within(screen.getByRole('list', { name: 'Clips without an event' })).getAllByRole('listitem');

describe('UnassociatedClipsScreen (docs/product/part-2.md §2 "Unassociated clips")', () => {
  it('shows skeleton cards while loading, then the clips on the device’s clock, and a back link to /clips', async () => {
    answerPages(unassociatedAnswer(1, 3));
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Unassociated Clips', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading clips...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Clips' })).toHaveAttribute('href', '/clips');
    await screen.findAllByRole('article');
    expect(cards()).toHaveLength(3);
    // 23:01 UTC on 4 July is 8:01 AM on the 5th in Tokyo; no zone named, it is the device's own.
    expect(screen.getByRole('article', { name: 'Jul 5, 2026, 8:01 AM' })).toBeInTheDocument();
    expect(screen.getByText('3 clips not linked to any event')).toBeInTheDocument();
  });

  it("shows 12 a page with 'Load More Clips' for the rest", async () => {
    const asked = answerPages(unassociatedAnswer(1, 14), unassociatedAnswer(2, 14));
    const { user } = renderScreen();
    await screen.findAllByRole('article');
    expect(cards()).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Load More Clips' }));
    expect(await screen.findByRole('article', { name: 'Jul 5, 2026, 8:14 AM' })).toBeInTheDocument();
    expect(cards()).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Load More Clips' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?page=1&limit=12', '?page=2&limit=12']);
  });

  it('empty: says so and offers the upload', async () => {
    answerPages(unassociatedAnswer(1, 0));
    renderScreen();
    expect(await screen.findByText(/Every clip of yours belongs to an event/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Clips' })).toHaveAttribute('href', '/clips/upload');
  });

  it("error: 'HTTP {status}: Failed to load clips' with Retry", async () => {
    answerPages(() => HttpResponse.json({ success: false }, { status: 502 }), unassociatedAnswer(1, 1));
    const { user } = renderScreen();
    expect(await screen.findByText('HTTP 502: Failed to load clips')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });

  it("a malformed answer: 'Unexpected response format'", async () => {
    answerPages({ success: true, data: { clips: [{ id: 'c' }], pagination: { page: 1, hasMore: false } } });
    renderScreen();
    expect(await screen.findByText('Unexpected response format')).toBeInTheDocument();
  });

  it("no connection: the connection text with 'Try again'", async () => {
    answerPages(() => HttpResponse.error());
    renderScreen();
    expect(await screen.findByText(/Unable to connect to the server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
