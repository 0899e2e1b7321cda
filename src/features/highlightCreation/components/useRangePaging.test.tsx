import { act, renderHook } from '@testing-library/react';
import { SCROLL_PAGING_DEBOUNCE_MS } from './useNearBottomPaging';
import { useRangePaging } from './useRangePaging';

function renderPaging(initial: { enabled?: boolean; reachIndex?: number } = {}) {
  const onReach = jest.fn();
  const hook = renderHook(
    ({ enabled, reachIndex }: { enabled: boolean; reachIndex: number }) => useRangePaging({ enabled, reachIndex, onReach }),
    { initialProps: { enabled: initial.enabled ?? true, reachIndex: initial.reachIndex ?? 100 } },
  );
  const rendered = (startIndex: number, endIndex: number) => act(() => hook.result.current({ startIndex, endIndex }));
  return { ...hook, onReach, rendered };
}

const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('useRangePaging (the next page of tags as the list renders near their end)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks once the rendered rows reach the index, 150 ms after the range last changed', async () => {
    const { onReach, rendered } = renderPaging();
    rendered(0, 40);
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).not.toHaveBeenCalled();
    rendered(60, 99);
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).not.toHaveBeenCalled();
    rendered(70, 100);
    await wait(SCROLL_PAGING_DEBOUNCE_MS - 1);
    rendered(80, 110);
    await wait(SCROLL_PAGING_DEBOUNCE_MS - 1);
    expect(onReach).not.toHaveBeenCalled();
    await wait(1);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('a jump past the end (to the bottom of the page) asks too', async () => {
    const { onReach, rendered } = renderPaging();
    rendered(400, 420);
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('not while disabled (a page on its way, or failed); enabled again with the rows still there, it asks', async () => {
    const { onReach, rendered, rerender } = renderPaging({ enabled: false });
    rendered(90, 120);
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).not.toHaveBeenCalled();
    rerender({ enabled: true, reachIndex: 100 });
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('a page arrived (the index moved on past the rendered rows): no more until they are reached', async () => {
    const { onReach, rendered, rerender } = renderPaging({ enabled: false });
    rendered(90, 120);
    rerender({ enabled: true, reachIndex: 200 });
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).not.toHaveBeenCalled();
    rendered(170, 205);
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('nothing after unmounting', async () => {
    const { onReach, rendered, unmount } = renderPaging();
    rendered(90, 120);
    unmount();
    await wait(SCROLL_PAGING_DEBOUNCE_MS);
    expect(onReach).not.toHaveBeenCalled();
  });
});
