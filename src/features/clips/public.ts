/**
 * Clips as other features see it (lint: import-x/no-restricted-paths): the clip card and grid the
 * highlight and tag screens reuse, the clip's shape, and the clip's schema and mapper the tag calls build on
 * (a tag's matching clip is a clip plus where the tag falls in it).
 */
export { ClipCard, type ClipCardProps } from './ClipCard';
export { ClipGrid, type ClipGridProps } from './ClipGrid';
export { clipCountLabel, formatClipTime } from './clipDisplay';
export { rawClipSchema, rawEventSchema, toClip, toClipEvent, type Clip, type ClipEvent, type RawEvent } from './clipSchemas';
