import { screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { EVENT_ID, OTHER_EVENT_ID, rawTaggedEvent, taggedEventsAnswer } from '../../../test/data/tagBrowseTestData';
import TaggedEventsScreen from './TaggedEventsScreen';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago'; // the device; the events are in New York and Denver
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

function renderScreen() {
  const { session } = signedInState();
  return renderWithProviders(<TaggedEventsScreen />, {
    route: '/tags/by-event',
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
}

function answerEvents(...answers: Array<object | (() => Response)>) {
  const asked: string[] = [];
  apiServer.use(
    http.get(API('tags/events'), ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('page') ?? '');
      const answer = answers[Math.min(asked.length - 1, answers.length - 1)]!;
      return typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer);
    }),
  );
  return asked;
}

const DENVER = rawTaggedEvent({
  id: OTHER_EVENT_ID,
  name: 'Spring Invitational',
  startTime: '2026-03-08T08:30:00.000Z',
  timezone: 'America/Denver',
  location: { name: 'Coors Field', city: 'Denver', state: 'CO' },
  tagCount: 1,
});

describe('TaggedEventsScreen (docs/product/part-2.md §2 "My Tagged Events")', () => {
  it('shows skeleton rows, then the events with their tag counts, venue and start on the venue’s clock', async () => {
    answerEvents(taggedEventsAnswer([rawTaggedEvent(), DENVER]));
    renderScreen();
    expect(screen.getByRole('heading', { name: 'My Tagged Events', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your tagged events...' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Tagged events' });
    const final = within(list).getByRole('link', { name: /City Cup Final/ });
    expect(final).toHaveTextContent('Fenway Park · Jul 4, 2026, 7:00 PM EDT');
    expect(final).toHaveTextContent('2 tags');
    expect(final).toHaveAttribute('href', `/tags/by-event/${EVENT_ID}`);
    expect(within(list).getByRole('link', { name: /Spring Invitational/ })).toHaveTextContent('1 tag');
  });

  it('opens an event’s tags carrying the event, its zone and tag count, stamped with the user', async () => {
    answerEvents(taggedEventsAnswer([rawTaggedEvent()]));
    const { user, router } = renderScreen();
    await user.click(await screen.findByRole('link', { name: /City Cup Final/ }));
    expect(router.state.location.pathname).toBe(`/tags/by-event/${EVENT_ID}`);
    expect(router.state.location.state).toEqual({
      userId: signedInState().session.user!.id,
      eventName: 'City Cup Final',
      locationName: 'Fenway Park',
      eventDate: '2026-07-04T23:00:00.000Z',
      timezone: 'America/New_York',
      tagCount: 2,
    });
  });

  it("pages with 'Load More Events'", async () => {
    const asked = answerEvents(taggedEventsAnswer([rawTaggedEvent()], 1, 51), taggedEventsAnswer([DENVER], 2, 51));
    const { user } = renderScreen();
    await screen.findByRole('link', { name: /City Cup Final/ });
    await user.click(screen.getByRole('button', { name: 'Load More Events' }));
    expect(await screen.findByRole('link', { name: /Spring Invitational/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Events' })).not.toBeInTheDocument();
    expect(asked).toEqual(['1', '2']);
  });

  it('empty: says so and offers Tag Moments', async () => {
    answerEvents(taggedEventsAnswer([]));
    renderScreen();
    expect(await screen.findByText(/No tagged events yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tag Moments' })).toHaveAttribute('href', '/tags/add');
  });

  it('error: the text with Retry, which loads again', async () => {
    answerEvents(() => HttpResponse.json({ success: false }, { status: 502 }), taggedEventsAnswer([rawTaggedEvent()]));
    const { user } = renderScreen();
    expect(await screen.findByText('HTTP 502: Failed to load tags')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /City Cup Final/ })).toBeInTheDocument();
  });

  it("a malformed answer: 'Unexpected response format'", async () => {
    answerEvents({ success: true, data: { events: [{ id: 1 }] } });
    renderScreen();
    expect(await screen.findByText('Unexpected response format')).toBeInTheDocument();
  });
});
