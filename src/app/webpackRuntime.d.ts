import type { ChunkLoader } from './chunkEvaluation';

declare global {
  /** webpack's own `require`: a free variable webpack provides in every module it bundles (so not under Jest). */
  const __webpack_require__: ChunkLoader;
}
