import { runSaga, stdChannel } from 'redux-saga';
import { TAG_OUTBOX_SAGA, tagOutboxSaga } from '../features/tags/tagOutboxSaga';
import { sessionStarted } from '../features/session/public';
import type * as Launcher from './startTagOutbox';
// src/test/setupTests.ts replaces the launcher in every other test; this one tests the real thing.
const { startTagOutbox } = jest.requireActual<typeof Launcher>('./startTagOutbox');

const state = (signedIn: boolean) => ({
  session: { status: signedIn ? 'signedIn' : 'signedOut', user: signedIn ? { id: 'u-1' } : null },
});

describe('startTagOutbox', () => {
  it('starts the outbox saga once someone is signed in, under the name Tag Moments uses', async () => {
    const injectSaga = jest.fn();
    await runSaga({ context: { store: { injectSaga } }, getState: () => state(true) }, startTagOutbox).toPromise();
    expect(injectSaga).toHaveBeenCalledWith(TAG_OUTBOX_SAGA, tagOutboxSaga);
  });

  it('waits for a sign-in first', async () => {
    const injectSaga = jest.fn();
    const channel = stdChannel();
    const task = runSaga({ channel, context: { store: { injectSaga } }, getState: () => state(false) }, startTagOutbox);
    await new Promise((r) => setTimeout(r, 10));
    expect(injectSaga).not.toHaveBeenCalled();
    channel.put(sessionStarted({ record: { user: { id: 'u-1' } } } as never));
    await task.toPromise();
    expect(injectSaga).toHaveBeenCalledTimes(1);
  });

  it('tries the chunk again until it loads (offline at start), at once when the page comes back online', async () => {
    const injectSaga = jest.fn();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let tries = 0;
    const load = () => {
      tries += 1;
      return tries <= 7 ? Promise.reject(new Error('ChunkLoadError')) : import('../features/tags/tagOutboxSaga');
    };
    try {
      const task = runSaga({ context: { store: { injectSaga } }, getState: () => state(true) }, startTagOutbox, load);
      // More tries than a saga's restarts; each fails, and 'online' brings the next at once.
      for (let turns = 0; tries < 8 && turns < 1_000; turns += 1) {
        await new Promise((r) => setTimeout(r, 0));
        window.dispatchEvent(new Event('online'));
      }
      await task.toPromise();
      expect(tries).toBe(8);
      expect(injectSaga).toHaveBeenCalledWith(TAG_OUTBOX_SAGA, tagOutboxSaga);
    } finally {
      warn.mockRestore();
    }
  });
});
