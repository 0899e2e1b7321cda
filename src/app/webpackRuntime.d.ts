import type { ChunkLoader } from './chunkEvaluation';
import type { ScriptLoader } from './chunkRequests';

declare global {
  /** webpack's own `require`: a free variable webpack provides in every module it bundles (so not under Jest). */
  const __webpack_require__: ChunkLoader & ScriptLoader;
}
