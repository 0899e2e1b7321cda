import { FRAME_HEADING_ATTRIBUTE, FRAME_ID, FRAMED_CLASS } from '../app/prerenderedFrame';
import { fullKey, StorageKeys } from '../app/storage';
import { INTL_WARM_UP_SCRIPT, INTL_WARMING_ATTRIBUTE } from '../app/warmUpIntl';
import { refuseWorkers, standInForWorkers } from '../test/workerStandIn';
import { INACTIVITY_TIMEOUT_MS } from '../features/session/constants';
import { FRAMED_PAGES } from './framedPages';
import { frameCss, frameScript } from './frameScript';

/** Runs the page's first script as the browser would, in this jsdom page. */
function runScript(page?: Parameters<typeof frameScript>[0]) {
  new Function(frameScript(page))();
}

describe('the framed page’s first script', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    document.documentElement.className = '';
    jest.restoreAllMocks();
  });

  it('shows no frame to a visitor without a stored session', () => {
    localStorage.setItem(fullKey(StorageKeys.recentEvents), '[]');
    runScript();
    expect(document.documentElement.classList.contains(FRAMED_CLASS)).toBe(false);
  });

  it.each([
    ['this tab’s session', () => sessionStorage.setItem(fullKey(StorageKeys.auth), '{}')],
    ['a kept session', () => localStorage.setItem(fullKey(StorageKeys.persistentAuth), '{}')],
    ['the old app’s token', () => localStorage.setItem(fullKey(StorageKeys.legacyToken), 't')],
  ])('shows the frame where %s is stored', (_name, store) => {
    store();
    runScript();
    expect(document.documentElement.classList.contains(FRAMED_CLASS)).toBe(true);
  });

  describe('ICU’s data', () => {
    const workers = standInForWorkers();
    afterEach(() => document.documentElement.removeAttribute(INTL_WARMING_ATTRIBUTE));

    it('starts loading in a worker once the frame has painted, and builds no formatter on the page’s thread', () => {
      jest.useFakeTimers();
      const frames: FrameRequestCallback[] = [];
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
      const formatter = jest.spyOn(Intl, 'DateTimeFormat');
      sessionStorage.setItem(fullKey(StorageKeys.auth), '{}');
      runScript();
      // Marked at once, so the app's start starts no second one.
      expect(document.documentElement.hasAttribute(INTL_WARMING_ATTRIBUTE)).toBe(true);
      // The frame's first layout needs ICU too: no worker before that frame, nor within it (before its paint).
      expect(workers).toEqual([]);
      frames.forEach((callback) => callback(0));
      expect(workers).toEqual([]);
      jest.runOnlyPendingTimers();
      expect(workers).toEqual([INTL_WARM_UP_SCRIPT]);
      expect(formatter).not.toHaveBeenCalled();
      jest.useRealTimers();
    });

    it('starts nothing for a visitor without a session, who is sent to /login', () => {
      runScript();
      expect(workers).toEqual([]);
      expect(document.documentElement.hasAttribute(INTL_WARMING_ATTRIBUTE)).toBe(false);
    });

    it('shows the frame, and throws nothing, where no worker can start (the first formatter then loads the data)', () => {
      jest.useFakeTimers();
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
        callback(0);
        return 1;
      });
      const refused = refuseWorkers();
      sessionStorage.setItem(fullKey(StorageKeys.auth), '{}');
      runScript();
      expect(() => jest.runOnlyPendingTimers()).not.toThrow();
      expect(refused).toHaveBeenCalledTimes(1);
      expect(document.documentElement.classList.contains(FRAMED_CLASS)).toBe(true);
      jest.useRealTimers();
    });
  });

  it('counts storage that throws as no session', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(runScript).not.toThrow();
    expect(document.documentElement.classList.contains(FRAMED_CLASS)).toBe(false);
  });

  it('shows the frame under the shell’s breakpoint only, over the page', () => {
    expect(frameCss()).toBe(
      '#cs-frame{display:none}@media (max-width: 767.98px){.cs-framed #cs-frame{display:block;position:fixed;inset:0;z-index:1250;overflow:hidden}}',
    );
  });
});

describe('the framed page’s heading, asked for by its first script', () => {
  const createHighlight = FRAMED_PAGES.find((page) => page.heading);
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  let phone = true;

  const heading = () => document.querySelector<HTMLElement>(`#${FRAME_ID} [${FRAME_HEADING_ATTRIBUTE}]`);
  const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  const storeSession = (overrides: Record<string, unknown> = {}, area: Storage = localStorage) =>
    area.setItem(
      fullKey(area === sessionStorage ? StorageKeys.auth : StorageKeys.persistentAuth),
      JSON.stringify({
        user: { id: 'u1', email: 'a@b.c', roles: [] },
        token: 'tok-1',
        lastActivity: Date.now() - 60_000,
        lastRefresh: 0,
        persistAcrossRestarts: true,
        ...overrides,
      }),
    );
  /** Lets the fetch's promise chain run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    document.body.innerHTML = `<div id="${FRAME_ID}"><h1 ${FRAME_HEADING_ATTRIBUTE} hidden></h1></div>`;
    window.history.pushState({}, '', '/highlights/create/ev%201');
    phone = true;
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: phone && query === '(max-width: 767.98px)' }),
    });
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => answer(200, { data: { id: 'ev 1', name: 'Cardinals vs. Eagles' } }));
    Object.defineProperty(window, 'fetch', { configurable: true, value: fetchMock });
  });

  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    document.documentElement.className = '';
    document.body.innerHTML = '';
    window.history.pushState({}, '', '/');
  });

  it('is Create Highlight’s event, named by the page’s address', () => {
    expect(createHighlight).toMatchObject({ pattern: '/highlights/create/:eventId', heading: 'events/:eventId' });
  });

  it('asks for the event with the stored session’s token and writes its name into the frame’s heading', async () => {
    storeSession();
    runScript(createHighlight);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/events/ev%201');
    expect(init.headers).toEqual({ Authorization: 'Bearer tok-1', 'X-Frontend-Client': 'true' });
    await settle();
    expect(heading()?.textContent).toBe('Cardinals vs. Eagles');
    expect(heading()?.hidden).toBe(false);
  });

  it('takes this tab’s session before a kept one', () => {
    storeSession({ token: 'tab-token' }, sessionStorage);
    storeSession({ token: 'kept-token' });
    runScript(createHighlight);
    expect(fetchMock.mock.calls[0]?.[1].headers).toMatchObject({ Authorization: 'Bearer tab-token' });
  });

  it('writes the name as text, never as markup', async () => {
    storeSession();
    fetchMock.mockImplementation(() => answer(200, { data: { name: '<img src=x onerror=alert(1)>' } }));
    runScript(createHighlight);
    await settle();
    expect(heading()?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(heading()?.querySelector('img')).toBeNull();
  });

  it.each([
    ['no stored session', () => undefined],
    [
      'only the old app’s token, which says nothing of its activity',
      () => localStorage.setItem(fullKey(StorageKeys.legacyToken), 't'),
    ],
    ['a session idle for the inactivity limit', () => storeSession({ lastActivity: Date.now() - INACTIVITY_TIMEOUT_MS })],
    ['a session without a token', () => storeSession({ token: '' })],
    ['a corrupt record', () => localStorage.setItem(fullKey(StorageKeys.persistentAuth), '{"token":')],
  ])('asks nothing with %s', async (_name, arrange) => {
    arrange();
    runScript(createHighlight);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(heading()?.hidden).toBe(true);
  });

  it('asks nothing where the frame does not show: wider than a phone', () => {
    storeSession();
    phone = false;
    runScript(createHighlight);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks nothing on a page without a heading call', () => {
    storeSession();
    runScript(FRAMED_PAGES.find((page) => !page.heading));
    runScript();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['a refused token', () => answer(401, { error: { message: 'Unauthorized' } })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer without a name', () => answer(200, { data: { id: 'ev 1' } })],
    ['a name that is not text', () => answer(200, { data: { name: 42 } })],
    ['an answer that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
  ])('leaves the heading hidden and empty after %s', async (_name, reply) => {
    storeSession();
    fetchMock.mockImplementation(reply);
    runScript(createHighlight);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(heading()?.hidden).toBe(true);
    expect(heading()?.textContent).toBe('');
  });

  it('does nothing once the app has taken the frame away', async () => {
    storeSession();
    runScript(createHighlight);
    document.getElementById(FRAME_ID)?.remove();
    await settle();
    expect(document.querySelector(`[${FRAME_HEADING_ATTRIBUTE}]`)).toBeNull();
  });

  it('fails the build for a heading call naming a parameter its page has not', () => {
    expect(() => frameScript({ pattern: '/clips', heading: 'events/:eventId' })).toThrow(/:eventId/);
  });
});
