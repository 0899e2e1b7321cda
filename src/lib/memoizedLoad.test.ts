import { memoizedLoad } from './memoizedLoad';

describe('memoizedLoad', () => {
  it('imports once and hands every caller the same answer', async () => {
    const load = jest.fn(() => Promise.resolve({ name: 'module' }));
    const get = memoizedLoad(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce('module');
    const get = memoizedLoad(load);
    await expect(get()).rejects.toThrow('ChunkLoadError');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
