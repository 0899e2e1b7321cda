import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { expectPrefetchServesScreen } from '../../../test/routePrefetchHarness';
import { makeToken } from '../../../test/tokens';
import { EVENT_ID, eventClipsAnswer, myClipsAnswer, rawEvent, unassociatedAnswer } from '../../../test/data/clipTestData';

setupApiServer();
afterEach(() => apiServer.events.removeAllListeners());

function signedIn() {
  const { session } = signedInState();
  return makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
}

describe('the clip screens’ prefetch (routes.ts `prefetch`, clipsPrefetch.ts)', () => {
  it.each(['/clips', '/clips/list'])(
    '%s: My Clips’ first page, which the screen then shows without asking again',
    async (path) => {
      apiServer.use(http.get(API('clips'), () => HttpResponse.json(myClipsAnswer([rawEvent()]))));
      await expectPrefetchServesScreen(signedIn(), path, ['clips?page=1&limit=50'], () =>
        screen.findByRole('link', { name: /City Cup Final/ }),
      );
    },
  );

  it('Event Clips: the event’s first 12 clips, for the event the address names', async () => {
    apiServer.use(http.get(API(`clips/event/${EVENT_ID}`), () => HttpResponse.json(eventClipsAnswer(1, 3))));
    await expectPrefetchServesScreen(signedIn(), `/clips/event/${EVENT_ID}`, [`clips/event/${EVENT_ID}?page=1&limit=12`], () =>
      screen.findAllByRole('article'),
    );
  });

  it('Unassociated Clips: the first 12', async () => {
    apiServer.use(http.get(API('clips/unassociated'), () => HttpResponse.json(unassociatedAnswer(1, 2))));
    await expectPrefetchServesScreen(signedIn(), '/clips/unassociated', ['clips/unassociated?page=1&limit=12'], () =>
      screen.findAllByRole('article'),
    );
  });
});
