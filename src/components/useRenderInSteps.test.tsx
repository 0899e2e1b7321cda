import { renderHook, waitFor } from '@testing-library/react';
import { FIRST_STEP, NEXT_STEP, useRenderInSteps } from './useRenderInSteps';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('useRenderInSteps', () => {
  it('gives the first screenful at once, then the rest a step per task, in order', async () => {
    const items = numbers(20);
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const rendered = useRenderInSteps(items);
      seen.push(rendered.length);
      return rendered;
    });
    expect(result.current).toEqual(items.slice(0, FIRST_STEP));
    await waitFor(() => expect(result.current).toBe(items));
    // Every length it went through is a step further than the one before.
    const lengths = [...new Set(seen)];
    expect(lengths).toEqual([FIRST_STEP, FIRST_STEP + NEXT_STEP, 20]);
  });

  it('gives a short list whole, the same array', () => {
    const items = numbers(3);
    const { result } = renderHook(() => useRenderInSteps(items));
    expect(result.current).toBe(items);
  });

  it('keeps the rows already shown when the list grows, and cuts to a shorter list', async () => {
    const { result, rerender } = renderHook(({ items }) => useRenderInSteps(items, 2, 2), {
      initialProps: { items: numbers(4) },
    });
    await waitFor(() => expect(result.current).toHaveLength(4));
    rerender({ items: numbers(9) });
    expect(result.current).toHaveLength(4);
    await waitFor(() => expect(result.current).toHaveLength(9));
    rerender({ items: numbers(3) });
    expect(result.current).toEqual([0, 1, 2]);
  });
});
