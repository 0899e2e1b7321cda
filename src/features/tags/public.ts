/**
 * Tags as other features see it (lint: import-x/no-restricted-paths): the event-tags answer's schema and mapper
 * (the highlight screen reads GET /tags/event/{id}, which answers in the same shape), the tag types, and where a
 * tagged moment falls in a matching clip. Re-exports only: importing this runs no code of the tags feature's
 * screens, slice or sagas.
 */
export { eventTagsResponseSchema, toTag, toTaggedEvent, type Tag, type TagClip, type TaggedEvent } from './tagSchemas';
export { momentInClip, type MomentInClip } from './momentInClip';
