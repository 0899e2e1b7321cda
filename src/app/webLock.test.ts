import { cancelLikeSaga } from '../test/sagaCancel';
import { tryWebLock, waitForWebLock } from './webLock';

/**
 * A LockManager for one browser, several tabs: exclusive locks by name, waiters in order, ifAvailable and
 * signal as the Web Locks spec has them (a signal beside ifAvailable is refused).
 */
class FakeLocks {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();

  isHeld = (name: string) => this.held.has(name);

  request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
    if (options.signal && options.ifAvailable) {
      return Promise.reject(new DOMException('signal with ifAvailable', 'NotSupportedError'));
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        Promise.resolve(callback({ name, mode: 'exclusive' }))
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            this.waiting.get(name)?.shift()?.();
          });
      };
      if (!this.held.has(name)) grant();
      else if (options.ifAvailable) Promise.resolve(callback(null)).then(resolve, reject);
      else {
        const queue = this.waiting.get(name) ?? [];
        queue.push(grant);
        this.waiting.set(name, queue);
        options.signal?.addEventListener('abort', () => {
          queue.splice(queue.indexOf(grant), 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }
    });
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let locks: FakeLocks;

function setLocks(value: unknown) {
  Object.defineProperty(navigator, 'locks', { value, configurable: true });
}

beforeEach(() => {
  locks = new FakeLocks();
  setLocks(locks);
});

afterAll(() => setLocks(undefined));

describe('waitForWebLock', () => {
  it('holds the lock until released, and the next tab waits until then', async () => {
    const first = await waitForWebLock('outbox');
    expect(locks.isHeld('outbox')).toBe(true);

    let second: (() => void) | null = null;
    void waitForWebLock('outbox').then((release) => (second = release));
    await flush();
    expect(second).toBeNull();

    first();
    await flush();
    expect(second).not.toBeNull();
    second!();
    await flush();
    expect(locks.isHeld('outbox')).toBe(false);
  });

  it('a cancelled wait is never granted: the lock goes to the next tab', async () => {
    const first = await waitForWebLock('outbox');
    const cancelled = waitForWebLock('outbox');
    const granted = jest.fn();
    cancelled.then(granted, () => undefined);
    cancelLikeSaga(cancelled);

    first();
    const third = await waitForWebLock('outbox');
    expect(granted).not.toHaveBeenCalled();
    expect(locks.isHeld('outbox')).toBe(true);
    third();
  });

  it('a lock granted just before the cancel is let go at once', async () => {
    const wait = waitForWebLock('outbox');
    await flush(); // granted; nobody has taken the release yet
    expect(locks.isHeld('outbox')).toBe(true);
    cancelLikeSaga(wait);
    await flush();
    expect(locks.isHeld('outbox')).toBe(false);
  });

  it('rejects where the browser refuses locks', async () => {
    setLocks({ request: () => Promise.reject(new DOMException('denied', 'SecurityError')) });
    await expect(waitForWebLock('outbox')).rejects.toThrow('denied');
  });

  it('without Web Locks every tab holds it at once', async () => {
    setLocks(undefined);
    const [a, b] = await Promise.all([waitForWebLock('outbox'), waitForWebLock('outbox')]);
    expect(typeof a).toBe('function');
    expect(typeof b).toBe('function');
  });
});

describe('tryWebLock', () => {
  it('null while another tab holds it; the lock once it is let go', async () => {
    const first = await tryWebLock('session');
    expect(first).not.toBeNull();
    expect(await tryWebLock('session')).toBeNull();

    first!();
    await flush();
    const again = await tryWebLock('session');
    expect(again).not.toBeNull();
    again!();
  });

  it('names are independent', async () => {
    const a = await tryWebLock('session');
    const b = await tryWebLock('outbox');
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
  });
});
