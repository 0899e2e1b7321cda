import { screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { EVENT_ID, myClipsAnswer, rawEvent } from '../../../test/data/clipTestData';
import MyClipsScreen from './MyClipsScreen';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago'; // the device; the events are in New York and Denver
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

function renderScreen() {
  const { session } = signedInState();
  return renderWithProviders(<MyClipsScreen />, {
    route: '/clips',
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
}

function answerMyClips(...answers: Array<object | (() => Response)>) {
  let call = 0;
  apiServer.use(
    http.get(API('clips'), () => {
      const answer = answers[Math.min(call, answers.length - 1)]!;
      call += 1;
      return typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer);
    }),
  );
}

const DENVER_EVENT = rawEvent({
  id: 'ev-2',
  name: 'Spring Invitational',
  startTime: '2026-03-08T08:30:00.000Z',
  timezone: 'America/Denver',
  location: { name: 'Coors Field', city: 'Denver', state: 'CO' },
  clipCount: 1,
});

describe('MyClipsScreen (docs/product/part-2.md §2 "My Clips")', () => {
  it('shows skeleton rows while loading, then the events with clip counts, venue and date on the venue’s clock', async () => {
    answerMyClips(myClipsAnswer([rawEvent(), DENVER_EVENT], 4));
    renderScreen();
    expect(screen.getByRole('heading', { name: 'My Clips', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your clips...' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Events with clips' });
    const final = within(list).getByRole('link', { name: /City Cup Final/ });
    expect(final).toHaveTextContent('Fenway Park · Jul 4, 2026, 7:00 PM EDT');
    expect(final).toHaveTextContent('3 clips');
    const spring = within(list).getByRole('link', { name: /Spring Invitational/ });
    // 08:30 UTC on New York's spring-forward day is 1:30 AM MST in Denver (its own change comes an hour later).
    expect(spring).toHaveTextContent('Coors Field · Mar 8, 2026, 1:30 AM MST');
    expect(spring).toHaveTextContent('1 clip');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("lists 'Unassociated Clips' with its count when there are any, linking to /clips/unassociated", async () => {
    answerMyClips(myClipsAnswer([rawEvent()], 4));
    renderScreen();
    const entry = await screen.findByRole('link', { name: /Unassociated Clips/ });
    expect(entry).toHaveAttribute('href', '/clips/unassociated');
    expect(entry).toHaveTextContent('4 clips');
  });

  it("has no 'Unassociated Clips' entry when there are none", async () => {
    answerMyClips(myClipsAnswer([rawEvent()], 0));
    renderScreen();
    await screen.findByRole('link', { name: /City Cup Final/ });
    expect(screen.queryByRole('link', { name: /Unassociated Clips/ })).not.toBeInTheDocument();
  });

  it('opens an event’s clips carrying eventName, locationName, eventDate and clipCount in the navigation state', async () => {
    answerMyClips(myClipsAnswer([rawEvent()]));
    const { user, router } = renderScreen();
    await user.click(await screen.findByRole('link', { name: /City Cup Final/ }));
    expect(router.state.location.pathname).toBe(`/clips/event/${EVENT_ID}`);
    expect(router.state.location.state).toEqual({
      // The signed-in user's id: the state outlives a sign-out in the tab's history, and only this user trusts it.
      userId: signedInState().session.user!.id,
      eventName: 'City Cup Final',
      locationName: 'Fenway Park',
      eventDate: '2026-07-04T23:00:00.000Z',
      clipCount: 3,
      timezone: 'America/New_York',
    });
  });

  it('with only unassociated clips, shows just that entry', async () => {
    answerMyClips(myClipsAnswer([], 2));
    renderScreen();
    expect(await screen.findByRole('link', { name: /Unassociated Clips/ })).toHaveTextContent('2 clips');
    expect(within(screen.getByRole('list', { name: 'Events with clips' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('empty: says so and offers the upload', async () => {
    answerMyClips(myClipsAnswer([], 0));
    renderScreen();
    expect(await screen.findByText(/No clips yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Clips' })).toHaveAttribute('href', '/clips/upload');
  });

  it("error: 'HTTP {status}: Failed to load clips' with Retry, which loads again", async () => {
    answerMyClips(() => HttpResponse.json({ success: false, error: 'Boom' }, { status: 500 }), myClipsAnswer([rawEvent()]));
    const { user } = renderScreen();
    expect(await screen.findByText('HTTP 500: Failed to load clips')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /City Cup Final/ })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load clips/)).not.toBeInTheDocument();
  });

  it("a malformed answer: 'Unexpected response format', never a crash", async () => {
    answerMyClips({ success: true, data: { events: [{ name: 'No id' }] } });
    renderScreen();
    expect(await screen.findByText('Unexpected response format')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("no connection: the connection text with 'Try again'", async () => {
    answerMyClips(() => HttpResponse.error());
    renderScreen();
    expect(await screen.findByText(/Unable to connect to the server/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers more events when the server has more', async () => {
    const many = myClipsAnswer([rawEvent()]);
    answerMyClips(
      { ...many, data: { ...many.data, pagination: { page: 1, hasMore: true, total: 2, limit: 50 } } },
      {
        ...myClipsAnswer([DENVER_EVENT]),
        data: { ...myClipsAnswer([DENVER_EVENT]).data, pagination: { page: 2, hasMore: false } },
      },
    );
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Load More Events' }));
    expect(await screen.findByRole('link', { name: /Spring Invitational/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /City Cup Final/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Events' })).not.toBeInTheDocument();
  });
});
