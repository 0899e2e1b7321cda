import { FIRST_RENDER_DATA_WAIT_MS, prefetchFirstScreen } from './prefetchFirstScreen';
import { ROUTES } from './routes';
import { AppLayout } from './shellChunk';
import type { AppStore } from './store';

const signedIn = { session: { status: 'signedIn', user: { id: 'u1' } } };
const signedOut = { session: { status: 'signedOut', user: null } };

function fakeStore(state: unknown) {
  return { dispatch: jest.fn(), getState: () => state } as unknown as Pick<AppStore, 'dispatch' | 'getState'>;
}

const creation = ROUTES.find((route) => route.path === '/highlights/create/:eventId')!;

describe('prefetchFirstScreen', () => {
  let prefetch: jest.SpyInstance;
  let shellCode: jest.SpyInstance;
  let screenCode: jest.SpyInstance;
  beforeEach(() => {
    prefetch = jest.spyOn(creation, 'prefetch').mockResolvedValue(undefined);
    shellCode = jest.spyOn(AppLayout, 'preload').mockResolvedValue(undefined);
    screenCode = jest.spyOn(creation.component as Required<typeof creation.component>, 'preload').mockResolvedValue(undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("asks for the screen's data with the address's parameters when signed in, and the shell's and screen's code", () => {
    const store = fakeStore(signedIn);
    void prefetchFirstScreen(store, '/highlights/create/e-42');
    expect(prefetch).toHaveBeenCalledWith(store.dispatch, { eventId: 'e-42' });
    expect(shellCode).toHaveBeenCalledTimes(1);
    expect(screenCode).toHaveBeenCalledTimes(1);
  });

  it("asks for the data before the shell's and the screen's code, whose files would otherwise go out first", () => {
    const asked: string[] = [];
    prefetch.mockImplementation(() => {
      asked.push('data');
      return Promise.resolve();
    });
    shellCode.mockImplementation(() => {
      asked.push('shell');
      return Promise.resolve();
    });
    screenCode.mockImplementation(() => {
      asked.push('screen');
      return Promise.resolve();
    });
    void prefetchFirstScreen(fakeStore(signedIn), '/highlights/create/e-42');
    expect(asked).toEqual(['data', 'shell', 'screen']);
  });

  it('asks for nothing signed out, on a route without data to prefetch, or on an unknown address', () => {
    void prefetchFirstScreen(fakeStore(signedOut), '/highlights/create/e-42');
    void prefetchFirstScreen(fakeStore(signedIn), '/highlights/create');
    void prefetchFirstScreen(fakeStore(signedIn), '/no/such/page');
    expect(prefetch).not.toHaveBeenCalled();
    expect(shellCode).not.toHaveBeenCalled();
    expect(screenCode).not.toHaveBeenCalled();
  });

  it('leaves a failed prefetch to the screen', async () => {
    prefetch.mockRejectedValue(new Error('offline'));
    await expect(prefetchFirstScreen(fakeStore(signedIn), '/highlights/create/e-42')).resolves.toBeUndefined();
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('is ready at once when there is nothing to prefetch', async () => {
    const wait = jest.fn(() => new Promise<void>(() => undefined));
    await expect(prefetchFirstScreen(fakeStore(signedOut), '/highlights/create/e-42', wait)).resolves.toBeUndefined();
    await expect(prefetchFirstScreen(fakeStore(signedIn), '/no/such/page', wait)).resolves.toBeUndefined();
    expect(wait).not.toHaveBeenCalled();
  });

  describe('when the first render may start', () => {
    /** A promise settled from outside, and whether it has settled. */
    function deferred() {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    }
    const settled = async (promise: Promise<void>) => {
      let done = false;
      void promise.then(() => (done = true));
      for (let i = 0; i < 10; i++) await Promise.resolve();
      return done;
    };

    it("waits for the shell's and the screen's code, then for the answers", async () => {
      const shell = deferred();
      const screen = deferred();
      const answers = deferred();
      shellCode.mockReturnValue(shell.promise);
      screenCode.mockReturnValue(screen.promise);
      prefetch.mockReturnValue(answers.promise);
      const neverElapses = jest.fn(() => new Promise<void>(() => undefined));
      const ready = prefetchFirstScreen(fakeStore(signedIn), '/highlights/create/e-42', neverElapses);
      answers.resolve();
      shell.resolve();
      expect(await settled(ready)).toBe(false);
      screen.resolve();
      expect(await settled(ready)).toBe(true);
    });

    it(`waits for the answers at most ${FIRST_RENDER_DATA_WAIT_MS} ms, counted once the code is here`, async () => {
      const screen = deferred();
      screenCode.mockReturnValue(screen.promise);
      prefetch.mockReturnValue(new Promise(() => undefined));
      const elapsed = deferred();
      const wait = jest.fn(() => elapsed.promise);
      const ready = prefetchFirstScreen(fakeStore(signedIn), '/highlights/create/e-42', wait);
      expect(await settled(ready)).toBe(false);
      expect(wait).not.toHaveBeenCalled();
      screen.resolve();
      expect(await settled(ready)).toBe(false);
      expect(wait).toHaveBeenCalledWith(FIRST_RENDER_DATA_WAIT_MS);
      elapsed.resolve();
      expect(await settled(ready)).toBe(true);
    });
  });
});
