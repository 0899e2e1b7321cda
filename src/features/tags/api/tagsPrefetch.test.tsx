import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { expectPrefetchServesScreen } from '../../../test/routePrefetchHarness';
import { makeToken } from '../../../test/tokens';
import {
  EVENT_ID,
  eventTagsAnswer,
  myTagsAnswer,
  rawTag,
  rawTaggedEvent,
  taggedEventsAnswer,
} from '../../../test/data/tagBrowseTestData';

setupApiServer();
afterEach(() => apiServer.events.removeAllListeners());

function signedIn() {
  const { session } = signedInState();
  return makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
}

describe('the tag lists’ prefetch (routes.ts `prefetch`, tagsPrefetch.ts)', () => {
  it('All My Tags: the first 20 tags, which the screen then shows without asking again', async () => {
    apiServer.use(http.get(API('tags'), () => HttpResponse.json(myTagsAnswer(0, 20, 3))));
    await expectPrefetchServesScreen(signedIn(), '/tags/all', ['tags?limit=20&offset=0'], () => screen.findByText('Moment 1'));
  });

  it('My Tagged Events: the first 50 events', async () => {
    apiServer.use(http.get(API('tags/events'), () => HttpResponse.json(taggedEventsAnswer([rawTaggedEvent()]))));
    await expectPrefetchServesScreen(signedIn(), '/tags/by-event', ['tags/events?page=1&limit=50'], () =>
      screen.findByRole('link', { name: /City Cup Final/ }),
    );
  });

  it('Event tags: the event the address names, trimmed as the screen trims it', async () => {
    apiServer.use(http.get(API(`tags/clips/${EVENT_ID}`), () => HttpResponse.json(eventTagsAnswer([rawTag(1)]))));
    await expectPrefetchServesScreen(signedIn(), `/tags/by-event/%20${EVENT_ID}%20`, [`tags/clips/${EVENT_ID}?limit=250`], () =>
      screen.findByText('Moment 1'),
    );
  });
});
