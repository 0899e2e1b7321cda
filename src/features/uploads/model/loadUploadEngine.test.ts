import { loadUploadEngine } from './loadUploadEngine';

describe('loadUploadEngine', () => {
  it('loads the engine once, then hands it over at once, so a queue started later listens from its first step', async () => {
    const first = loadUploadEngine();
    expect(first).toBeInstanceOf(Promise);
    const engine = await first;
    expect(typeof engine.uploadQueueSaga).toBe('function');
    const again = loadUploadEngine();
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toBe(engine);
  });
});
