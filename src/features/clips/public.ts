/**
 * Clips as other features see it (lint: import-x/no-restricted-paths): the clip card and grid the
 * highlight screens reuse, and the clip's shape.
 */
export { ClipCard, type ClipCardProps } from './ClipCard';
export { ClipGrid, type ClipGridProps } from './ClipGrid';
export type { Clip } from './clipSchemas';
