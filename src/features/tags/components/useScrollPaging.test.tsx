import { fireEvent, render } from '@testing-library/react';
import { isPastShare, SCROLL_PAGING_SHARE, useScrollPaging } from './useScrollPaging';

describe('isPastShare (docs/product/part-2.md §4: tag scroll paging at about 67 % of the page)', () => {
  it('is true once the bottom of the viewport passes 67 % of the document', () => {
    expect(SCROLL_PAGING_SHARE).toBe(0.67);
    expect(isPastShare({ scrollTop: 0, viewportHeight: 800, documentHeight: 2000 })).toBe(false);
    expect(isPastShare({ scrollTop: 539, viewportHeight: 800, documentHeight: 2000 })).toBe(false);
    expect(isPastShare({ scrollTop: 540, viewportHeight: 800, documentHeight: 2000 })).toBe(true);
    expect(isPastShare({ scrollTop: 1200, viewportHeight: 800, documentHeight: 2000 })).toBe(true);
  });

  it('a page that fits the viewport is past it; an empty document is not', () => {
    expect(isPastShare({ scrollTop: 0, viewportHeight: 800, documentHeight: 600 })).toBe(true);
    expect(isPastShare({ scrollTop: 0, viewportHeight: 800, documentHeight: 0 })).toBe(false);
  });
});

function Probe({ enabled, onReach }: { enabled: boolean; onReach: () => void }) {
  useScrollPaging({ enabled, onReach });
  return null;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

describe('useScrollPaging', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
  });
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  });

  it('asks once when the user scrolls past 67 %, not before, and not again until the screen re-enables it', () => {
    const onReach = jest.fn();
    const { rerender } = render(<Probe enabled onReach={onReach} />);
    scrollTo(1000); // (1000 + 800) / 3000 = 60 %
    expect(onReach).not.toHaveBeenCalled();
    scrollTo(1300); // 70 %
    scrollTo(1400);
    expect(onReach).toHaveBeenCalledTimes(1);

    // The page loads (disabled), then more to load again: the next scroll asks again.
    rerender(<Probe enabled={false} onReach={onReach} />);
    scrollTo(1500);
    expect(onReach).toHaveBeenCalledTimes(1);
    rerender(<Probe enabled onReach={onReach} />);
    scrollTo(1600);
    expect(onReach).toHaveBeenCalledTimes(2);
  });

  it('never asks while disabled (nothing more, a page loading, a paging error), and stops listening when unmounted', () => {
    const onReach = jest.fn();
    const { unmount } = render(<Probe enabled={false} onReach={onReach} />);
    scrollTo(2200);
    expect(onReach).not.toHaveBeenCalled();
    const removed = jest.spyOn(window, 'removeEventListener');
    unmount();
    expect(removed).toHaveBeenCalledWith('scroll', expect.any(Function));
    removed.mockRestore();
  });
});
