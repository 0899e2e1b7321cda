import { SCRIPTS_FALLBACK_MS, afterPaintLoader, startScriptsAfterPaint } from './scriptsAfterPaint';

describe('startScriptsAfterPaint', () => {
  it('turns the deferred script tags into one loader at the end of the body, whatever the minifier left of the quotes', () => {
    const html =
      '<html><head><title>T</title><script defer src=/assets/runtime.js></script><script defer="defer" src="/assets/vendor.js"></script>' +
      "<script defer src='/assets/main.js'></script><style>.a{}</style></head><body><div id=root></div></body></html>";
    expect(startScriptsAfterPaint(html)).toBe(
      '<html><head><title>T</title><style>.a{}</style></head><body><div id=root></div>' +
        `<script nonce="__CSP_NONCE__">${afterPaintLoader(['/assets/runtime.js', '/assets/vendor.js', '/assets/main.js'])}</script>` +
        '</body></html>',
    );
  });

  it('leaves inline scripts and scripts that are not deferred as they are', () => {
    const html =
      '<head><script nonce="n">go()</script><script src=/a.js></script><script defer src=/b.js></script></head><body></body>';
    expect(startScriptsAfterPaint(html)).toBe(
      `<head><script nonce="n">go()</script><script src=/a.js></script></head><body><script nonce="__CSP_NONCE__">${afterPaintLoader(['/b.js'])}</script></body>`,
    );
  });

  it('fails when the page has no deferred script to start, or no body to start them from', () => {
    expect(() => startScriptsAfterPaint('<head><script src=/a.js></script></head><body></body>')).toThrow(/deferred/);
    expect(() => startScriptsAfterPaint('<head><script defer src=/a.js></script></head>')).toThrow(/body/);
  });
});

describe('afterPaintLoader', () => {
  type Callback = (list: { getEntriesByName(name: string): unknown[] }) => void;
  let observers: { callback: Callback; options: unknown; disconnected: boolean }[];
  let readyState: DocumentReadyState;
  let visibility: DocumentVisibilityState;
  const originalObserver = globalThis.PerformanceObserver;

  class FakeObserver {
    static supportedEntryTypes: string[] = ['paint', 'mark'];
    private readonly entry: (typeof observers)[number];
    constructor(callback: Callback) {
      this.entry = { callback, options: undefined, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: unknown) {
      this.entry.options = options;
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }

  const paint = (name: string) => observers[0]!.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
  const asked = () => [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
  const runLoader = () => new Function(afterPaintLoader(['/r.js', '/v.js', '/m.js']))();

  beforeEach(() => {
    jest.useFakeTimers();
    observers = [];
    readyState = 'interactive';
    visibility = 'visible';
    document.head.innerHTML = '';
    jest.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    globalThis.PerformanceObserver = FakeObserver as unknown as typeof PerformanceObserver;
  });

  afterEach(() => {
    globalThis.PerformanceObserver = originalObserver;
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('asks for the scripts, in order and run in order, at the first contentful paint, and only once', () => {
    runLoader();
    expect(observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    paint('first-paint');
    expect(asked()).toEqual([]);
    paint('first-contentful-paint');
    expect(asked()).toEqual(['/r.js', '/v.js', '/m.js']);
    expect([...document.head.querySelectorAll('script')].map((s) => s.async)).toEqual([false, false, false]);
    expect(observers[0]!.disconnected).toBe(true);
    jest.advanceTimersByTime(SCRIPTS_FALLBACK_MS);
    paint('first-contentful-paint');
    expect(asked()).toHaveLength(3);
  });

  it('waits for the document to be read when the paint comes first, as deferred scripts did', () => {
    readyState = 'loading';
    runLoader();
    paint('first-contentful-paint');
    expect(asked()).toEqual([]);
    readyState = 'interactive';
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(asked()).toEqual(['/r.js', '/v.js', '/m.js']);
  });

  it('asks after SCRIPTS_FALLBACK_MS when no paint is reported', () => {
    runLoader();
    jest.advanceTimersByTime(SCRIPTS_FALLBACK_MS - 1);
    expect(asked()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(asked()).toEqual(['/r.js', '/v.js', '/m.js']);
  });

  it('asks at once on a page out of sight, which does not paint', () => {
    visibility = 'hidden';
    runLoader();
    expect(asked()).toEqual(['/r.js', '/v.js', '/m.js']);
    expect(observers).toEqual([]);
  });

  it('asks at once where the browser has no paint timing', () => {
    FakeObserver.supportedEntryTypes = ['mark'];
    try {
      runLoader();
      expect(asked()).toEqual(['/r.js', '/v.js', '/m.js']);
    } finally {
      FakeObserver.supportedEntryTypes = ['paint', 'mark'];
    }
    globalThis.PerformanceObserver = undefined as unknown as typeof PerformanceObserver;
    document.head.innerHTML = '';
    runLoader();
    expect(asked()).toEqual(['/r.js', '/v.js', '/m.js']);
  });
});
