/**
 * jsdom has no Worker. Before each test of the calling describe block this installs a stand-in that records the
 * script of each worker started, and removes it after. Returns the list of scripts started in the current test.
 */
export function standInForWorkers(): string[] {
  const started: string[] = [];
  beforeEach(() => {
    started.length = 0;
    Object.defineProperty(globalThis, 'Worker', {
      configurable: true,
      writable: true,
      value: jest.fn().mockImplementation(function (url: string) {
        started.push(url);
      }),
    });
  });
  afterEach(() => {
    delete (globalThis as { Worker?: unknown }).Worker;
  });
  return started;
}

/** Makes the next workers fail to start, as a browser that refuses the script does; returns the constructor. */
export function refuseWorkers(): jest.Mock {
  const refused = jest.fn().mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  (globalThis as { Worker: unknown }).Worker = refused;
  return refused;
}
