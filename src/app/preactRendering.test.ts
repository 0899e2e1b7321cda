import { options } from 'preact';
import { renderUpdatesInTasksOfTheirOwn } from './preactRendering';

// Preact ships ES modules only, which this Jest setup does not load; its `options` is a plain object of hooks.
jest.mock('preact', () => ({ options: {} }));

describe('renderUpdatesInTasksOfTheirOwn', () => {
  const original = options.debounceRendering;
  afterEach(() => {
    options.debounceRendering = original;
  });

  it("has Preact flush a batch of updates in a later task, not in the caller's", async () => {
    renderUpdatesInTasksOfTheirOwn();
    const flush = jest.fn();
    options.debounceRendering?.(flush);
    await Promise.resolve();
    await Promise.resolve();
    // Not after microtasks: only once the caller's task has ended.
    expect(flush).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
