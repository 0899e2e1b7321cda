/**
 * Tags as other features see it (lint: import-x/no-restricted-paths): the event-tags answer's schema and its
 * event's mapper (the highlight screen reads GET /tags/event/{id}, which answers in the same shape), and where a
 * tagged moment falls in a matching clip; the tag itself is in src/domain. Re-exports only: importing this runs no code of the tags feature's
 * screens, slice or sagas.
 */
export { eventTagsResponseSchema, toTaggedEvent, type TaggedEvent } from './api/tagSchemas';
export { momentInClip, type MomentInClip } from './model/momentInClip';
