import { File as NodeFile } from 'node:buffer';
import { cancelLikeSaga } from '../../../test/sagaCancel';
import { claimStoredSession, keepFileContents } from './uploadPersistence';

/**
 * idb-keyval over a stand-in of one IndexedDB object store: a write stays open until the test ends it, so a
 * copy can be cancelled while it runs, as a 50 MB copy can in the browser.
 */
const stored = new Map<string, unknown>();
const open: Array<{ commit(): void; aborted: boolean }> = [];
jest.mock('idb-keyval', () => ({
  createStore: () => (_mode: string, callback: (store: unknown) => unknown) => {
    const tx = {
      aborted: false,
      done: null as null | { resolve(): void; reject(e: Error): void },
      abort() {
        tx.aborted = true;
        tx.done?.reject(new Error('AbortError'));
      },
      commit() {
        tx.done?.resolve();
      },
    };
    open.push(tx);
    return Promise.resolve(
      callback({
        transaction: tx,
        put(value: unknown, key: string) {
          if (tx.aborted) throw new Error('TransactionInactiveError');
          return new Promise<void>((resolve, reject) => {
            tx.done = {
              resolve: () => {
                stored.set(key, value);
                resolve();
              },
              reject,
            };
          });
        },
      }),
    );
  },
  set: (
    key: string,
    value: unknown,
    store: (mode: string, cb: (s: { put(v: unknown, k: string): Promise<void> }) => unknown) => Promise<unknown>,
  ) => store('readwrite', (s) => s.put(value, key)),
}));

const video = () => new NodeFile([new Uint8Array(8)], 'a.mp4', { type: 'video/mp4' }) as unknown as File;
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stored.clear();
  open.length = 0;
});

describe('a file copy into IndexedDB', () => {
  it('is kept once its transaction ends', async () => {
    const copy = keepFileContents('f-1', video());
    await turn();
    open[0]!.commit();
    await expect(copy).resolves.toBe(true);
    expect(stored.size).toBe(1);
  });

  it('cancelled while it writes, aborts its transaction and keeps nothing', async () => {
    const copy = keepFileContents('f-1', video());
    await turn();
    cancelLikeSaga(copy);
    expect(open[0]!.aborted).toBe(true);
    await expect(copy).resolves.toBe(false);
    expect(stored.size).toBe(0);
  });

  it('cancelled before the store opens, never writes', async () => {
    const copy = keepFileContents('f-1', video());
    cancelLikeSaga(copy);
    await expect(copy).resolves.toBe(false);
    expect(stored.size).toBe(0);
  });
});

describe('the hold on the stored upload session', () => {
  const setLocks = (value: unknown) => Object.defineProperty(navigator, 'locks', { value, configurable: true });
  afterEach(() => setLocks(undefined));

  it("is this tab's where the browser refuses Web Locks (as where it has none)", async () => {
    setLocks({ request: () => Promise.reject(new DOMException('denied', 'SecurityError')) });
    const release = await claimStoredSession();
    expect(typeof release).toBe('function');
  });

  it('is null while another tab holds it', async () => {
    setLocks({
      request: (_name: string, _options: LockOptions, callback: (lock: null) => unknown) => Promise.resolve(callback(null)),
    });
    expect(await claimStoredSession()).toBeNull();
  });
});
