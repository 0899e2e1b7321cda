import { act, renderHook } from '@testing-library/react';
import { CARD_ROW_ATTRIBUTE, SCROLL_PAGING_DEBOUNCE_MS, SCROLLING_ERROR, useNearBottomPaging } from './useNearBottomPaging';

const VIEWPORT = 1000;
const ROW = 300;

/** The page's height and scroll position as the hook measures them (jsdom lays nothing out). */
function page({ height, scrollY = 0 }: { height: number; scrollY?: number }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
}

function scrollTo(scrollY: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  window.dispatchEvent(new Event('scroll'));
}

function renderPaging(initial: { enabled?: boolean; rowCount?: number } = {}) {
  const onReach = jest.fn();
  const onError = jest.fn();
  const hook = renderHook(
    ({ enabled, rowCount }: { enabled: boolean; rowCount: number }) =>
      useNearBottomPaging({ enabled, rowCount, onReach, onError }),
    { initialProps: { enabled: initial.enabled ?? true, rowCount: initial.rowCount ?? 5 } },
  );
  return { ...hook, onReach, onError };
}

const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('useNearBottomPaging (§4 "Clip list paging")', () => {
  let row: HTMLElement;
  const innerHeight = window.innerHeight;

  beforeEach(() => {
    jest.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
    row = document.createElement('div');
    row.setAttribute(CARD_ROW_ATTRIBUTE, '');
    row.getBoundingClientRect = () => ({ height: ROW }) as DOMRect;
    document.body.append(row);
  });

  afterEach(() => {
    jest.useRealTimers();
    row.remove();
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: innerHeight });
    page({ height: 0, scrollY: 0 });
  });

  it('asks for more when the shown clips do not fill the window, without any scrolling (150 ms after)', async () => {
    page({ height: VIEWPORT + 100 });
    const { onReach } = renderPaging();
    await wait(SCROLL_PAGING_DEBOUNCE_MS - 1);
    expect(onReach).not.toHaveBeenCalled();
    await wait(1);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('keeps asking while each new page of rows still leaves the bottom in view, then stops', async () => {
    page({ height: VIEWPORT + 100 });
    const { onReach, rerender } = renderPaging({ rowCount: 5 });
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).toHaveBeenCalledTimes(1);

    page({ height: VIEWPORT + ROW });
    rerender({ enabled: true, rowCount: 10 });
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).toHaveBeenCalledTimes(2);

    // The window is now full: more rows do not ask again until the user scrolls.
    page({ height: VIEWPORT + ROW + 1 });
    rerender({ enabled: true, rowCount: 15 });
    await wait(SCROLL_PAGING_DEBOUNCE_MS * 2);
    expect(onReach).toHaveBeenCalledTimes(2);
  });

  it('checks again when it becomes enabled (a page finished loading)', async () => {
    page({ height: VIEWPORT });
    const { onReach, rerender } = renderPaging({ enabled: false });
    await wait(SCROLL_PAGING_DEBOUNCE_MS * 2);
    expect(onReach).not.toHaveBeenCalled();
    rerender({ enabled: true, rowCount: 5 });
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('scrolling to within one clip row of the bottom asks for more, 150 ms after the last scroll event', async () => {
    page({ height: 5000 });
    const { onReach } = renderPaging();
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).not.toHaveBeenCalled();

    scrollTo(5000 - VIEWPORT - ROW - 1);
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).not.toHaveBeenCalled();

    scrollTo(5000 - VIEWPORT - ROW);
    await wait(100);
    scrollTo(5000 - VIEWPORT - ROW + 10);
    await wait(SCROLL_PAGING_DEBOUNCE_MS - 1);
    expect(onReach).not.toHaveBeenCalled();
    await wait(1);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('does nothing while disabled, on scroll or otherwise', async () => {
    page({ height: VIEWPORT });
    const { onReach, rerender } = renderPaging({ enabled: false });
    scrollTo(0);
    rerender({ enabled: false, rowCount: 10 });
    await wait(SCROLL_PAGING_DEBOUNCE_MS * 2);
    expect(onReach).not.toHaveBeenCalled();
  });

  it("reports a failure while measuring as 'Error during scrolling. Please refresh the page.'", async () => {
    page({ height: VIEWPORT });
    row.getBoundingClientRect = () => {
      throw new Error('layout');
    };
    const { onReach, onError } = renderPaging();
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(SCROLLING_ERROR);
  });

  it('leaves no timer or listener behind once unmounted', async () => {
    page({ height: VIEWPORT });
    const { onReach, unmount } = renderPaging();
    unmount();
    scrollTo(0);
    await wait(SCROLL_PAGING_DEBOUNCE_MS * 2);
    expect(onReach).not.toHaveBeenCalled();
  });
});
