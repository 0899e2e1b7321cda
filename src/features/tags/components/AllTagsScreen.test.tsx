import { fireEvent, screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import AllTagsScreen from './AllTagsScreen';
import { EVENT_ID, myTagsAnswer, OTHER_EVENT_ID, rawTag, rawTagClip } from '../../../test/data/tagBrowseTestData';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago'; // the device
});
afterEach(() => {
  Settings.defaultZone = 'system';
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
});

function renderScreen() {
  const { session } = signedInState();
  return renderWithProviders(<AllTagsScreen />, {
    route: '/tags/all',
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
}

/** GET /tags over `total` tags; the answers to the first calls may be replaced (a failure); records what was asked. */
function answerTags(total: number, replace: Record<number, () => Response> = {}) {
  const asked: string[] = [];
  apiServer.use(
    http.get(API('tags'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(`${params.get('offset')}+${params.get('limit')}`);
      const failure = replace[asked.length];
      if (failure) return failure();
      return HttpResponse.json(myTagsAnswer(Number(params.get('offset')), Number(params.get('limit')), total));
    }),
  );
  return asked;
}

const tagRows = () => screen.getAllByRole('list', { name: /^Tags at / }).flatMap((list) => within(list).getAllByRole('listitem'));

describe('AllTagsScreen (docs/product/part-2.md §2 "All My Tags")', () => {
  it('shows a skeleton, then the tags grouped by event with their time, description and clip count', async () => {
    const other = { ...rawTag(1).event, id: OTHER_EVENT_ID, name: 'Spring Derby' };
    apiServer.use(
      http.get(API('tags'), () =>
        HttpResponse.json({
          ...myTagsAnswer(0, 20, 3),
          data: [
            rawTag(1, { clips: { items: [rawTagClip('c-1', 12)] } }),
            rawTag(2, { event: other }),
            rawTag(3, { metadata: null }),
          ],
        }),
      ),
    );
    renderScreen();
    expect(screen.getByRole('heading', { name: 'All My Tags', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your tags...' })).toBeInTheDocument();

    const groups = await screen.findAllByRole('region');
    // The event of the newest tag first; its tags newest first.
    expect(groups.map((g) => within(g).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'City Cup Final',
      'Spring Derby',
    ]);
    const final = within(groups[0]!).getAllByRole('listitem');
    expect(final.map((row) => row.textContent)).toEqual([
      // GET /tags names no venue zone: the device's clock, unlabelled.
      'Moment 1Jul 4, 2026, 6:58 PM · 1 clip',
      'Tagged momentJul 4, 2026, 6:56 PM · 0 clips',
    ]);
    expect(screen.getByText('3 tags, grouped by the event you tagged them at.')).toBeInTheDocument();
  });

  it('opens an event’s tags from its header, carrying the event (stamped with the user) in the navigation state', async () => {
    answerTags(3);
    const { user, router } = renderScreen();
    await user.click(await screen.findByRole('link', { name: /City Cup Final/ }));
    expect(router.state.location.pathname).toBe(`/tags/by-event/${EVENT_ID}`);
    expect(router.state.location.state).toEqual({
      userId: signedInState().session.user!.id,
      eventName: 'City Cup Final',
      locationName: 'Fenway Park',
      eventDate: '2026-07-04T23:00:00.000Z',
    });
  });

  it("shows 20 tags, then 10 more with 'Load More Tags' (offsets 20, 30), until all are shown, none twice", async () => {
    const asked = answerTags(35);
    const { user } = renderScreen();
    await screen.findAllByRole('region');
    expect(tagRows()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load More Tags' }));
    expect(await screen.findByText('Moment 30')).toBeInTheDocument();
    expect(tagRows()).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Load More Tags' }));
    expect(await screen.findByText('Moment 35')).toBeInTheDocument();
    expect(tagRows()).toHaveLength(35);
    expect(new Set(tagRows().map((row) => row.textContent)).size).toBe(35);
    expect(screen.queryByRole('button', { name: 'Load More Tags' })).not.toBeInTheDocument();
    expect(asked).toEqual(['0+20', '20+10', '30+10']);
  });

  it('loads the next page when the user scrolls past about 67 % of the page, once per scroll', async () => {
    const asked = answerTags(35);
    renderScreen();
    await screen.findAllByRole('region');
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1000 });
    fireEvent.scroll(window); // 60 %
    expect(asked).toEqual(['0+20']);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1300 });
    fireEvent.scroll(window); // 70 %
    fireEvent.scroll(window);
    expect(await screen.findByText('Moment 30')).toBeInTheDocument();
    expect(asked).toEqual(['0+20', '20+10']);
  });

  it('keeps the tags when the next page fails, with its error and a Retry for that page; scrolling does not hammer the server', async () => {
    const asked = answerTags(35, { 2: () => HttpResponse.json({ success: false, error: 'Busy' }, { status: 503 }) });
    const { user } = renderScreen();
    await screen.findAllByRole('region');
    await user.click(screen.getByRole('button', { name: 'Load More Tags' }));
    expect(await screen.findByText('HTTP 503: Failed to load tags')).toBeInTheDocument();
    expect(tagRows()).toHaveLength(20);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 100_000 });
    fireEvent.scroll(window);
    expect(asked).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Moment 30')).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load tags/)).not.toBeInTheDocument();
  });

  it('empty: says so and offers Tag Moments', async () => {
    answerTags(0);
    renderScreen();
    expect(await screen.findByText(/No tags yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tag Moments' })).toHaveAttribute('href', '/tags/add');
  });

  it("error: 'HTTP {status}: Failed to load tags' with Retry, which loads again", async () => {
    answerTags(3, { 1: () => HttpResponse.json({ success: false, error: 'Boom' }, { status: 500 }) });
    const { user } = renderScreen();
    expect(await screen.findByText('HTTP 500: Failed to load tags')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /City Cup Final/ })).toBeInTheDocument();
  });

  it("a malformed answer: 'Unexpected response format' with Retry, never a crash", async () => {
    apiServer.use(http.get(API('tags'), () => HttpResponse.json({ success: true, data: [{ id: 'no time' }] })));
    renderScreen();
    expect(await screen.findByText('Unexpected response format')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("no connection: the connection text with 'Try again'", async () => {
    apiServer.use(http.get(API('tags'), () => HttpResponse.error()));
    renderScreen();
    expect(await screen.findByText(/Unable to connect to the server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
