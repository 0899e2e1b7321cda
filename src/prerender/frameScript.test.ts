import { FRAMED_CLASS } from '../app/prerenderedFrame';
import { fullKey, StorageKeys } from '../app/storage';
import { frameCss, frameScript } from './frameScript';

/** Runs the page's first script as the browser would, in this jsdom page. */
function runScript() {
  new Function(frameScript())();
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

  it('loads ICU’s data before the frame paints, by building the first date formatter', () => {
    const formatter = jest.spyOn(Intl, 'DateTimeFormat');
    runScript();
    expect(formatter).toHaveBeenCalledTimes(1);
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
