import { screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderRouter, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import EventTagsScreen from './EventTagsScreen';
import { EVENT_ID, eventTagsAnswer, rawTag, rawTagClip } from '../../../test/data/tagBrowseTestData';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago'; // the device; the event is in New York
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

const USER_ID = signedInState().session.user!.id;

const FROM_TAGGED_EVENTS = {
  userId: USER_ID,
  eventName: 'City Cup Final',
  locationName: 'Fenway Park',
  eventDate: '2026-07-04T23:00:00.000Z',
  timezone: 'America/New_York',
  tagCount: 2,
};

function renderScreen({ state = null as object | null, path = `/tags/by-event/${EVENT_ID}` } = {}) {
  const { session } = signedInState();
  const store = makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
  const router = createMemoryRouter(
    [
      { path: '/tags/by-event/:eventId', element: <EventTagsScreen /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  return renderRouter(store, router);
}

/** Two moments: the first with two matching clips (42 s into one, 12 s before the other starts), the second with none. */
const TWO_MOMENTS = eventTagsAnswer([
  rawTag(1, {
    metadata: { type: 'goal', description: 'Header from the corner' },
    clips: { items: [rawTagClip('c1a2b3c4d5e6', 42), rawTagClip('c-2', -12, { timestamp: '2026-07-04T23:58:12.000Z' })] },
  }),
  rawTag(2, { metadata: { type: 'moment', description: null } }),
]);

function answerEventTags(...answers: Array<object | (() => Response)>) {
  const asked: string[] = [];
  apiServer.use(
    http.get(API(`tags/clips/${EVENT_ID}`), ({ request }) => {
      asked.push(new URL(request.url).search);
      const answer = answers[Math.min(asked.length - 1, answers.length - 1)]!;
      return typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer);
    }),
  );
  return asked;
}

const moment = (time: string) => screen.getByRole('region', { name: time });

describe('EventTagsScreen (docs/product/part-2.md §2 "Event tags")', () => {
  it('shows the header from the navigation state at once, a skeleton, and the back link to My Tagged Events', async () => {
    const asked = answerEventTags(TWO_MOMENTS);
    renderScreen({ state: FROM_TAGGED_EVENTS });
    expect(screen.getByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fenway Park · Jul 4, 2026, 7:00 PM EDT · 2 tags')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading tagged moments...' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Tagged Events' })).toHaveAttribute('href', '/tags/by-event');
    expect(await screen.findAllByRole('region')).toHaveLength(2);
    expect(asked).toEqual(['?limit=250']);
  });

  it('each moment: time on the venue’s clock, type and description, and its clips with where the moment falls', async () => {
    answerEventTags(TWO_MOMENTS);
    renderScreen({ state: FROM_TAGGED_EVENTS });
    await screen.findAllByRole('region');
    const first = moment('Jul 4, 2026, 7:58 PM EDT');
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Jul 4, 2026, 7:58 PM EDT');
    expect(first).toHaveTextContent('goal');
    expect(first).toHaveTextContent('Header from the corner');
    const clips = within(first).getByRole('list', { name: 'Clips of the moment at Jul 4, 2026, 7:58 PM EDT' });
    const [early, late] = within(clips).getAllByRole('article');
    expect(early).toHaveAccessibleName('Jul 4, 2026, 7:00 PM EDT');
    expect(within(early!).getByLabelText('Duration 1:30')).toBeInTheDocument();
    expect(early).toHaveTextContent('Tagged moment at 0:42 of 1:30');
    expect(early).toHaveTextContent('Clip c1a2b3c4');
    expect(early).not.toHaveTextContent('c1a2b3c4d5e6');
    expect(late).toHaveTextContent('Tagged moment 0:12 before the clip starts');
  });

  it('plays a clip from 5 seconds before the moment, one clip on the page at a time', async () => {
    answerEventTags(TWO_MOMENTS);
    const { user } = renderScreen({ state: FROM_TAGGED_EVENTS });
    await screen.findAllByRole('region');
    const [early, late] = within(moment('Jul 4, 2026, 7:58 PM EDT')).getAllByRole('article');
    await user.click(within(early!).getByRole('button'));
    expect(within(early!).getByLabelText(/^Clip recorded/)).toHaveAttribute('src', '/media/clips/c1a2b3c4d5e6/video?sig=x#t=37');
    await user.click(within(late!).getByRole('button'));
    // The moment is before this clip starts: it plays from its start.
    expect(within(late!).getByLabelText(/^Clip recorded/)).toHaveAttribute('src', '/media/clips/c-2/video?sig=x');
    expect(document.querySelectorAll('video')).toHaveLength(1);
  });

  it('a moment without matching clips says so and offers the upload', async () => {
    answerEventTags(TWO_MOMENTS);
    renderScreen({ state: FROM_TAGGED_EVENTS });
    await screen.findAllByRole('region');
    const second = moment('Jul 4, 2026, 7:57 PM EDT');
    expect(second).toHaveTextContent('No description');
    expect(second).toHaveTextContent(/No clips of this moment yet\. Upload the videos you filmed within 30 seconds of it/);
    expect(within(second).getByRole('link', { name: 'Upload Clips' })).toHaveAttribute('href', '/clips/upload');
  });

  it("'Make my highlight' once the API has answered with the event", async () => {
    answerEventTags(TWO_MOMENTS);
    const { user } = renderScreen({ state: FROM_TAGGED_EVENTS });
    expect(screen.queryByRole('button', { name: 'Make my highlight' })).not.toBeInTheDocument();
    await screen.findAllByRole('region');
    const make = screen.getByRole('button', { name: 'Make my highlight' });
    await user.click(make);
    // The run itself is makeMyHighlightSaga's (tested there); this store runs no sagas.
    expect(make).toHaveTextContent('Making your highlight...');
    expect(make).toBeDisabled();
  });

  it('on a deep link, shows the header from the API’s event', async () => {
    answerEventTags(TWO_MOMENTS);
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Event Tags', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fenway Park · Jul 4, 2026, 7:00 PM EDT · 2 tags')).toBeInTheDocument();
  });

  it('from All My Tags (no zone known): the start waits for the API rather than show a guessed clock', async () => {
    answerEventTags(TWO_MOMENTS);
    const { timezone: _, tagCount: __, ...withoutZone } = FROM_TAGGED_EVENTS;
    renderScreen({ state: withoutZone });
    expect(screen.getByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Fenway Park')).toBeInTheDocument();
    expect(await screen.findByText('Fenway Park · Jul 4, 2026, 7:00 PM EDT · 2 tags')).toBeInTheDocument();
  });

  it('does not show a state another user left in the tab’s history', async () => {
    answerEventTags(TWO_MOMENTS);
    renderScreen({ state: { ...FROM_TAGGED_EVENTS, userId: 'someone-else', eventName: 'A’s private game' } });
    expect(screen.queryByText(/A’s private game/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Event Tags', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'City Cup Final', level: 1 })).toBeInTheDocument();
  });

  it("a missing event id: 'Event ID not provided', nothing asked", () => {
    const asked = answerEventTags(TWO_MOMENTS);
    renderScreen({ path: '/tags/by-event/%20' });
    expect(screen.getByRole('heading', { name: 'Event ID not provided', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Tagged Events' })).toHaveAttribute('href', '/tags/by-event');
    expect(screen.queryByRole('button', { name: 'Make my highlight' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("an event that does not exist: 'Event not found' and the way back", async () => {
    answerEventTags(() =>
      HttpResponse.json({ success: false, error: 'Event not found', code: 'EVENT_NOT_FOUND' }, { status: 404 }),
    );
    renderScreen({ state: FROM_TAGGED_EVENTS });
    expect(await screen.findByRole('heading', { name: 'Event not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Tagged Events' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make my highlight' })).not.toBeInTheDocument();
  });

  it('no tags at the event: says so and offers Tag Moments', async () => {
    answerEventTags(eventTagsAnswer([]));
    renderScreen();
    expect(await screen.findByText(/You have no tagged moments at this event/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tag Moments' })).toHaveAttribute('href', '/tags/add');
  });

  it('error: the text with Retry, which loads again; a malformed answer says so', async () => {
    answerEventTags(
      () => HttpResponse.json({ success: false }, { status: 500 }),
      { success: true, data: { tags: [] } },
      TWO_MOMENTS,
    );
    const { user } = renderScreen({ state: FROM_TAGGED_EVENTS });
    expect(await screen.findByText('HTTP 500: Failed to load tags')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Unexpected response format')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('region')).toHaveLength(2);
  });
});
