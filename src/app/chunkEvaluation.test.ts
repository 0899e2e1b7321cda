import { evaluateChunksInTheirOwnTask, type ChunkLoader } from './chunkEvaluation';

/** A stand-in for webpack's runtime: `e` loads a chunk and records what happened, in order. */
function runtimeRecording(log: string[], fail = false): ChunkLoader {
  return {
    e: (chunkId) => {
      log.push(`load ${chunkId}`);
      return fail ? Promise.reject(new Error(`Loading chunk ${chunkId} failed.`)) : Promise.resolve(undefined);
    },
  };
}

describe('evaluateChunksInTheirOwnTask', () => {
  it('settles a chunk load only after `between` (a new task), so its modules evaluate apart from its file', async () => {
    const log: string[] = [];
    const runtime = runtimeRecording(log);
    let endTask!: () => void;
    const between = jest.fn(() => new Promise<void>((resolve) => (endTask = resolve)));
    evaluateChunksInTheirOwnTask(runtime, between);

    const loaded = runtime.e(5162).then(() => log.push('evaluate modules'));
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['load 5162']);
    expect(between).toHaveBeenCalledTimes(1);

    endTask();
    await loaded;
    expect(log).toEqual(['load 5162', 'evaluate modules']);
  });

  it('passes a failed load on as it came, without waiting', async () => {
    const between = jest.fn(() => Promise.resolve());
    const runtime = runtimeRecording([], true);
    evaluateChunksInTheirOwnTask(runtime, between);
    await expect(runtime.e('shell')).rejects.toThrow('Loading chunk shell failed.');
    expect(between).not.toHaveBeenCalled();
  });
});
