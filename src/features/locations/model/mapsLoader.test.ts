import {
  loadMaps,
  MAPS_CALLBACK,
  MAPS_LOAD_FAILED,
  MAPS_LOAD_TIMEOUT_MS,
  mapsScriptUrl,
  resetMapsLoaderForTests,
} from './mapsLoader';

type TestWindow = Window & { google?: unknown; [MAPS_CALLBACK]?: () => void };
const win = window as TestWindow;

function mapsScripts(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-courtside-maps]'));
}

afterEach(() => {
  resetMapsLoaderForTests();
  mapsScripts().forEach((s) => s.remove());
  document.querySelectorAll('meta[name="csp-nonce"]').forEach((m) => m.remove());
  delete win.google;
  delete win[MAPS_CALLBACK];
  jest.useRealTimers();
});

describe('mapsScriptUrl', () => {
  it("uses Google's loader with the places library when a key is configured", () => {
    expect(mapsScriptUrl('abc 123')).toBe(
      'https://maps.googleapis.com/maps/api/js?key=abc+123&libraries=places&callback=__courtsideMapsReady',
    );
  });

  it("uses the local API's stand-in on this origin without a key", () => {
    expect(mapsScriptUrl('')).toBe('/maps/places-standin.js?callback=__courtsideMapsReady');
  });
});

describe('loadMaps', () => {
  it('injects one script carrying the CSP nonce and resolves when its callback fires', async () => {
    const meta = document.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = 'n0nce';
    document.head.appendChild(meta);

    const first = loadMaps();
    const second = loadMaps();
    expect(second).toBe(first);
    const scripts = mapsScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('src')).toBe('/maps/places-standin.js?callback=__courtsideMapsReady');
    expect(scripts[0]!.nonce).toBe('n0nce');

    win.google = { maps: { places: {} } };
    win[MAPS_CALLBACK]!();
    await expect(first).resolves.toBeUndefined();
    expect(win[MAPS_CALLBACK]).toBeUndefined();
    // Loaded: nothing more is injected.
    await expect(loadMaps()).resolves.toBeUndefined();
    expect(mapsScripts()).toHaveLength(1);
  });

  it('does not copy the unreplaced nonce placeholder', () => {
    const meta = document.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = '__CSP_NONCE__';
    document.head.appendChild(meta);
    void loadMaps().catch(() => undefined);
    expect(mapsScripts()[0]!.nonce).toBe('');
  });

  it('resolves at once when the places library is already there', async () => {
    win.google = { maps: { places: {} } };
    await expect(loadMaps()).resolves.toBeUndefined();
    expect(mapsScripts()).toHaveLength(0);
  });

  it('rejects on a script error, removes the script, and tries again on the next call', async () => {
    const attempt = loadMaps();
    mapsScripts()[0]!.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow(MAPS_LOAD_FAILED);
    expect(mapsScripts()).toHaveLength(0);

    void loadMaps().catch(() => undefined);
    expect(mapsScripts()).toHaveLength(1);
  });

  it('rejects after 10 s without the callback', async () => {
    jest.useFakeTimers();
    const attempt = loadMaps();
    const outcome = attempt.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await jest.advanceTimersByTimeAsync(MAPS_LOAD_TIMEOUT_MS - 1);
    expect(mapsScripts()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('Failed to initialize location search');
    expect(win[MAPS_CALLBACK]).toBeUndefined();
  });
});
