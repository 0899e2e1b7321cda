/**
 * Clips as other features see it (lint: import-x/no-restricted-paths): the clip card and grid the
 * highlight and tag screens reuse, and the event with its clip count the highlight screen shows. The clip
 * itself (schema, shape, mapper) is in src/domain.
 */
export { ClipCard, type ClipCardProps } from './components/ClipCard';
export { ClipGrid, type ClipGridProps } from './components/ClipGrid';
export { clipCountLabel, formatClipTime } from './model/clipDisplay';
export { toClipEvent, type ClipEvent } from './api/clipSchemas';
