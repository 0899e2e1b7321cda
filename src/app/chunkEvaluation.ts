/**
 * A lazy chunk's modules evaluate in a task of their own, after the task that compiled its file
 * (docs/performance.md "A chunk's code, evaluated a task later").
 *
 * webpack's `import()` is `__webpack_require__.e(chunk).then(() => __webpack_require__(module))`: the promise
 * settles inside the task that ran the chunk's file, so compiling the file, evaluating its modules (and every
 * other chunk's the import waited for) and the code awaiting the import all ran as one task, a long one for the
 * upload engine, the shell and Create Highlight's MUI components, which Lighthouse counts four times over.
 * Letting the browser run one task between the two keeps each under half, and lets it paint and answer a tap there.
 */

/** The part of webpack's runtime this touches: the function every `import()` loads its chunks with. */
export interface ChunkLoader {
  e: (chunkId: string | number) => Promise<unknown>;
}

/** Makes every later chunk load settle one task after its file ran (`between`, normally `yieldToMain`). */
export function evaluateChunksInTheirOwnTask(runtime: ChunkLoader, between: () => Promise<void>): void {
  const load = runtime.e;
  // A failed load passes on as it came: webpack's retry and our lazy screens' error handling see the same error.
  runtime.e = (chunkId) => load(chunkId).then((loaded) => between().then(() => loaded));
}
