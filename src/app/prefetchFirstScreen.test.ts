import { prefetchFirstScreen } from './prefetchFirstScreen';
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
    shellCode = jest.spyOn(AppLayout, 'preload').mockImplementation(() => undefined);
    screenCode = jest
      .spyOn(creation.component as Required<typeof creation.component>, 'preload')
      .mockImplementation(() => undefined);
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
    shellCode.mockImplementation(() => void asked.push('shell'));
    screenCode.mockImplementation(() => void asked.push('screen'));
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
});
