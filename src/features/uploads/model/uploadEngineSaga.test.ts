import { runSaga, type SagaIterator } from 'redux-saga';
import { getContext } from 'redux-saga/effects';
import type { UploadEngine } from './loadUploadEngine';
import { ENGINE_RETRY_MS, uploadEngineSaga } from './uploadEngineSaga';
import type { UploadServices } from './uploadServices';

const browserServices = { isOnline: () => true, readDuration: async () => 1 } as unknown as UploadServices;

function engineWith(ran: Array<unknown>): UploadEngine {
  return {
    browserUploadServices: browserServices,
    // The queue as it starts: it reads the services it was given.
    uploadQueueSaga: function* queue(): SagaIterator {
      ran.push(yield getContext('uploads'));
    },
  };
}

describe('uploadEngineSaga', () => {
  afterEach(() => jest.useRealTimers());

  it('loads the engine, gives it the browser services with the overrides on top, and runs its queue', async () => {
    const ran: unknown[] = [];
    const override = { isOnline: () => false };
    const task = runSaga(
      { context: { loadUploadEngine: async () => engineWith(ran), uploadOverrides: override } },
      uploadEngineSaga,
    );
    await task.toPromise();
    expect(ran).toHaveLength(1);
    const services = ran[0] as UploadServices;
    expect(services.isOnline()).toBe(false);
    expect(services.readDuration).toBe(browserServices.readDuration);
  });

  it('asks for a chunk that failed to load again after a while, and does not give up', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const ran: unknown[] = [];
    const load = jest
      .fn<Promise<UploadEngine>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(engineWith(ran));
    const task = runSaga({ context: { loadUploadEngine: load, uploadOverrides: {} } }, uploadEngineSaga);
    await jest.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(ENGINE_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(ENGINE_RETRY_MS);
    await task.toPromise();
    expect(load).toHaveBeenCalledTimes(3);
    expect(ran).toHaveLength(1);
    warn.mockRestore();
  });
});
