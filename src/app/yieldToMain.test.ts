import { yieldToMain } from './yieldToMain';

describe('yieldToMain', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
    jest.useRealTimers();
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldFn };
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('otherwise resumes after a zero timeout, not in the same task', async () => {
    jest.useFakeTimers();
    let resumed = false;
    const done = yieldToMain().then(() => {
      resumed = true;
    });
    await Promise.resolve();
    expect(resumed).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    await done;
    expect(resumed).toBe(true);
  });
});
