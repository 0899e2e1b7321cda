import type { ApiFailure } from '../../../api/apiErrors';
import { isEventNotFound } from '../../../api/listLoadErrors';

/** docs/product/part-2.md §8 "Clips", on the highlight screen: each replaces the screen with 'Error: ...'. */
export const EVENT_FETCH_FAILED = 'Failed to fetch event data';
export const INVALID_EVENT_RESPONSE = 'Invalid event response format';
export const USER_CLIPS_FETCH_FAILED = 'Failed to fetch user clips';
export const ALL_CLIPS_FETCH_FAILED = 'Failed to fetch all clips';
export const INVALID_USER_CLIPS_RESPONSE = 'Invalid user clips response format';
export const INVALID_ALL_CLIPS_RESPONSE = 'Invalid all clips response format';
export const LOAD_MORE_FAILED = 'Failed to load more clips. Please try again.';
/** §8 names these for the tags call; §7 tolerates its failure, so they warn above the list instead of replacing it. */
export const TAG_CLIPS_FETCH_FAILED = 'Failed to fetch tag clips';
export const INVALID_TAG_CLIPS_RESPONSE = 'Invalid tag clips response format';
/** A later page of tags (50 after the first 200) that failed: ours, the spec names none. */
export const LOAD_MORE_TAGS_FAILED = 'Failed to load more tags.';
export const LOADING_MORE_TAGS = 'Loading more tags...';
export const EVENT_NOT_FOUND_TEXT = 'Event not found';
export const LOADING_EVENT_DATA = 'Loading event data...';

/** What replaces the screen: 'Event not found', an 'Error: ...' text, or nothing (a 401 stops the screen silently, §6). */
export type CreationFailure = { kind: 'notFound' } | { kind: 'error'; message: string } | { kind: 'silent' };

export function eventFailure(failure: ApiFailure): CreationFailure {
  if (failure.status === 401) return { kind: 'silent' };
  if (isEventNotFound(failure)) return { kind: 'notFound' };
  return { kind: 'error', message: failure.status === 'invalid_response' ? INVALID_EVENT_RESPONSE : EVENT_FETCH_FAILED };
}

export function clipsFailure(failure: ApiFailure, allUsers: boolean): CreationFailure {
  if (failure.status === 401) return { kind: 'silent' };
  if (failure.status === 'invalid_response') {
    return { kind: 'error', message: allUsers ? INVALID_ALL_CLIPS_RESPONSE : INVALID_USER_CLIPS_RESPONSE };
  }
  return { kind: 'error', message: allUsers ? ALL_CLIPS_FETCH_FAILED : USER_CLIPS_FETCH_FAILED };
}

/**
 * The warning for a failed tags call (the screen stays, with its clips): a malformed answer, or any other failure.
 * None for a 401, which stops the screens silently (§6). `loaded` says whether earlier tags are on screen (a later
 * page failed).
 */
export function tagsWarning(failure: ApiFailure, loaded: boolean): string | null {
  if (failure.status === 401) return null;
  if (loaded) return LOAD_MORE_TAGS_FAILED;
  return failure.status === 'invalid_response' ? INVALID_TAG_CLIPS_RESPONSE : TAG_CLIPS_FETCH_FAILED;
}
