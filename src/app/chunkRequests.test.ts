import { requestChunksOneTaskApart, type ScriptLoader } from './chunkRequests';

/** A stand-in for webpack's runtime: `l` records each file asked for. */
function runtimeRecording(log: string[], throwFor?: string): ScriptLoader {
  return {
    l: (url) => {
      if (url === throwFor) throw new Error('no document');
      log.push(url);
    },
  };
}

/** A `between` whose tasks the test ends one at a time. */
function manualTasks() {
  const ends: Array<() => void> = [];
  const between = jest.fn(() => new Promise<void>((resolve) => ends.push(resolve)));
  const endTask = async () => {
    ends.shift()?.();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { between, endTask };
}

describe('requestChunksOneTaskApart', () => {
  it('asks for the first file at once and each later one a task after the one before, in order', async () => {
    const log: string[] = [];
    const runtime = runtimeRecording(log);
    const { between, endTask } = manualTasks();
    requestChunksOneTaskApart(runtime, between);

    const done = jest.fn();
    runtime.l('/assets/shell.js', done, 'chunk-shell', 'shell');
    runtime.l('/assets/a.js', done, 'chunk-a', 'a');
    runtime.l('/assets/b.js', done, 'chunk-b', 'b');
    expect(log).toEqual(['/assets/shell.js']);

    await endTask();
    expect(log).toEqual(['/assets/shell.js', '/assets/a.js']);
    await endTask();
    expect(log).toEqual(['/assets/shell.js', '/assets/a.js', '/assets/b.js']);
    await endTask();
    expect(between).toHaveBeenCalledTimes(3);
  });

  it('passes every argument on to webpack’s loader', () => {
    const calls: unknown[][] = [];
    const runtime: ScriptLoader = { l: (...args) => void calls.push(args) };
    requestChunksOneTaskApart(runtime, () => Promise.resolve());
    const done = jest.fn();
    runtime.l('/assets/x.js', done, 'chunk-7', 7);
    expect(calls).toEqual([['/assets/x.js', done, 'chunk-7', 7]]);
  });

  it('asks at once again in a later task, once the files before have all been asked for', async () => {
    const log: string[] = [];
    const runtime = runtimeRecording(log);
    const { between, endTask } = manualTasks();
    requestChunksOneTaskApart(runtime, between);
    runtime.l('/assets/a.js', jest.fn());
    await endTask();
    runtime.l('/assets/b.js', jest.fn());
    expect(log).toEqual(['/assets/a.js', '/assets/b.js']);
  });

  it('puts a file wanted later in the same task as the one before into the next task', async () => {
    const log: string[] = [];
    const runtime = runtimeRecording(log);
    const { between, endTask } = manualTasks();
    requestChunksOneTaskApart(runtime, between);
    runtime.l('/assets/a.js', jest.fn());
    await Promise.resolve();
    runtime.l('/assets/b.js', jest.fn());
    expect(log).toEqual(['/assets/a.js']);
    await endTask();
    expect(log).toEqual(['/assets/a.js', '/assets/b.js']);
  });

  it('settles a file whose request throws as a failed load, and goes on with the next', async () => {
    const log: string[] = [];
    const runtime = runtimeRecording(log, '/assets/broken.js');
    const { between, endTask } = manualTasks();
    requestChunksOneTaskApart(runtime, between);
    const failed = jest.fn();
    runtime.l('/assets/broken.js', failed, 'chunk-broken');
    runtime.l('/assets/next.js', jest.fn());
    expect(failed).toHaveBeenCalledWith({ type: 'error', target: { src: '/assets/broken.js' } });
    await endTask();
    expect(log).toEqual(['/assets/next.js']);
  });
});
