/**
 * Each chunk file a page asks for is requested in a task of its own (docs/performance.md "Chunk requests a task
 * apart").
 *
 * webpack's `import()` asks for every chunk a screen needs at once: `__webpack_require__.l` adds one `<script>`
 * per file, and each addition costs the main thread a request's start (its loader, the security checks, the
 * message to the network process). Create Highlight's first start asks for 13 files in one go: one long task,
 * the cost of each file varying with how busy the cores are. One file per task keeps each task short, so the
 * browser can paint and answer a tap between them. The cost: a file leaves once the tasks before it have run (the
 * start's stages running between them), so what is asked for first goes first (prefetchFirstScreen.ts).
 */

/** What `__webpack_require__.l` is called with: the file's URL, its callback, and webpack's key for the file. */
type LoadScriptArgs = [url: string, done: (event?: unknown) => void, key?: string, chunkId?: string | number];

/** The part of webpack's runtime this touches: the function that adds a chunk's `<script>`. */
export interface ScriptLoader {
  l: (...args: LoadScriptArgs) => void;
}

/** Makes the runtime add one chunk's `<script>` per task (`between`, normally `yieldToMain`), in the order asked. */
export function requestChunksOneTaskApart(runtime: ScriptLoader, between: () => Promise<void>): void {
  const addScript = runtime.l;
  const waiting: LoadScriptArgs[] = [];
  let draining = false;

  const drain = async () => {
    draining = true;
    try {
      // The first file is asked for at once, in the task that wanted it; each one after it, a task after the one
      // before (a file wanted later in the same task waits for the next task too).
      for (let next = waiting.shift(); next; next = waiting.shift()) {
        const [url, done] = next;
        try {
          addScript(...next);
        } catch {
          // As a file that failed to load: webpack rejects the import with its ChunkLoadError, which the lazy
          // screens and the start already handle (they ask again), rather than the load never settling.
          done({ type: 'error', target: { src: url } });
        }
        await between();
      }
    } finally {
      draining = false;
    }
  };

  runtime.l = (...args) => {
    waiting.push(args);
    if (!draining) void drain();
  };
}
