import { http, HttpResponse } from 'msw';
import { runSaga, type Task } from 'redux-saga';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { CLIPS_CHANNEL, THIS_TAB } from '../../uploads/public';
import { clipsApi } from '../api/clipsApi';
import { clipsSyncSaga } from './clipsSyncSaga';
import { EVENT_ID, eventClipsAnswer, myClipsAnswer, rawEvent } from '../../../test/data/clipTestData';

setupApiServer();

/** A store whose clip lists are on screen (subscribed), with the sync saga running on it. */
function tabWithClipLists() {
  const fetches = { myClips: 0, eventClips: 0 };
  apiServer.use(
    http.get(API('clips'), () => {
      fetches.myClips += 1;
      return HttpResponse.json(myClipsAnswer([rawEvent()]));
    }),
    http.get(API(`clips/event/${EVENT_ID}`), () => {
      fetches.eventClips += 1;
      return HttpResponse.json(eventClipsAnswer(1, 3));
    }),
  );
  const { session } = signedInState();
  const store = makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
  const lists = [
    store.dispatch(clipsApi.endpoints.getMyClipEvents.initiate()),
    store.dispatch(clipsApi.endpoints.getEventClips.initiate(EVENT_ID)),
  ];
  const task = runSaga({ dispatch: store.dispatch, getState: store.getState }, clipsSyncSaga);
  tasks.push(task);
  return { fetches, ready: Promise.all(lists), end: () => lists.forEach((l) => l.unsubscribe()), task };
}

const tasks: Task[] = [];
afterEach(() => tasks.splice(0).forEach((t) => t.cancel()));

/** Another tab's message, over the channel the upload queue posts on. */
function fromOtherTab(message: unknown) {
  const channel = new BroadcastChannel(CLIPS_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i += 1) await wait(5);
}

describe('clipsSyncSaga: uploads completed in other tabs', () => {
  it('refresh this tab’s My Clips and the event’s clips within a second', async () => {
    const tab = tabWithClipLists();
    await tab.ready;
    expect(tab.fetches).toEqual({ myClips: 1, eventClips: 1 });
    const sent = Date.now();
    fromOtherTab({ type: 'clipsChanged', eventId: EVENT_ID, from: 'another-tab' });
    await until(() => tab.fetches.myClips === 2 && tab.fetches.eventClips === 2);
    expect(tab.fetches).toEqual({ myClips: 2, eventClips: 2 });
    expect(Date.now() - sent).toBeLessThan(1_000);
    tab.end();
  });

  it('an unassociated clip refreshes My Clips, not the event’s clips', async () => {
    const tab = tabWithClipLists();
    await tab.ready;
    fromOtherTab({ type: 'clipsChanged', eventId: null, from: 'another-tab' });
    await until(() => tab.fetches.myClips === 2);
    await wait(50);
    expect(tab.fetches).toEqual({ myClips: 2, eventClips: 1 });
    tab.end();
  });

  it('ignores this tab’s own messages (already applied here) and anything that is not one', async () => {
    const tab = tabWithClipLists();
    await tab.ready;
    fromOtherTab({ type: 'clipsChanged', eventId: EVENT_ID, from: THIS_TAB });
    fromOtherTab({ type: 'session', record: {} });
    fromOtherTab({ type: 'clipsChanged', eventId: 42, from: 'another-tab' });
    fromOtherTab('clipsChanged');
    await wait(100);
    expect(tab.fetches).toEqual({ myClips: 1, eventClips: 1 });
    tab.end();
  });

  it('stops listening, and closes its channel, when cancelled', async () => {
    const close = jest.spyOn(BroadcastChannel.prototype, 'close');
    const tab = tabWithClipLists();
    await tab.ready;
    const closedBefore = close.mock.calls.length;
    tab.task.cancel();
    expect(close.mock.calls.length).toBe(closedBefore + 1);
    fromOtherTab({ type: 'clipsChanged', eventId: EVENT_ID, from: 'another-tab' });
    await wait(100);
    expect(tab.fetches).toEqual({ myClips: 1, eventClips: 1 });
    tab.end();
  });
});
