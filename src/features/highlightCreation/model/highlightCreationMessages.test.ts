import { toApiFailure } from '../../../api/apiErrors';
import {
  INVALID_TAG_CLIPS_RESPONSE,
  LOAD_MORE_TAGS_FAILED,
  TAG_CLIPS_FETCH_FAILED,
  tagsWarning,
} from './highlightCreationMessages';
import { nextTagsPageParam, TAG_PAGE_SIZE, TAGS_LIMIT, type HighlightTagsPage } from '../api/highlightCreationApi';
import type { Tag } from '../../../domain/tag';

describe('a failed tags call on Highlight creation (§6, §7, §8)', () => {
  it("is said with §8's texts: a malformed answer, or any other failure", () => {
    expect(TAG_CLIPS_FETCH_FAILED).toBe('Failed to fetch tag clips');
    expect(INVALID_TAG_CLIPS_RESPONSE).toBe('Invalid tag clips response format');
    expect(tagsWarning(toApiFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }), false)).toBe(
      TAG_CLIPS_FETCH_FAILED,
    );
    expect(tagsWarning(toApiFailure({ status: 500, data: { success: false, error: 'Down' } }), false)).toBe(
      TAG_CLIPS_FETCH_FAILED,
    );
    expect(tagsWarning(toApiFailure({ status: 'TIMEOUT_ERROR', error: 'timeout' }), false)).toBe(TAG_CLIPS_FETCH_FAILED);
    expect(tagsWarning(toApiFailure({ status: 'CUSTOM_ERROR', error: 'Unexpected response format' }), false)).toBe(
      INVALID_TAG_CLIPS_RESPONSE,
    );
  });

  it('a later page that failed says so in our words', () => {
    expect(tagsWarning(toApiFailure({ status: 'FETCH_ERROR', error: 'x' }), true)).toBe(LOAD_MORE_TAGS_FAILED);
    expect(LOAD_MORE_TAGS_FAILED).toBe('Failed to load more tags.');
  });

  it('a 401 says nothing: it stops the screens silently', () => {
    expect(tagsWarning(toApiFailure({ status: 401, data: { success: false, error: 'Expired' } }), false)).toBeNull();
    expect(tagsWarning(toApiFailure({ status: 401, data: null }), true)).toBeNull();
  });
});

describe('tag pages after the first 200 (the server pages by page and limit: offset (page − 1) × limit)', () => {
  const tags = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}` }) as Tag);
  const page = (n: number, hasMore: boolean): HighlightTagsPage => ({ tags: tags(n), hasMore, total: null });

  it('200 first, then 50 a page from offset 200: page 5, then 6', () => {
    expect(TAGS_LIMIT).toBe(200);
    expect(TAG_PAGE_SIZE).toBe(50);
    const first = page(200, true);
    expect(nextTagsPageParam(first, [first])).toEqual({ page: 5, limit: 50 });
    const second = page(50, true);
    expect(nextTagsPageParam(second, [first, second])).toEqual({ page: 6, limit: 50 });
  });

  it('none when the server has no more, or a page came short (tags deleted meanwhile)', () => {
    const first = page(200, false);
    expect(nextTagsPageParam(first, [first])).toBeUndefined();
    const short = page(198, true);
    expect(nextTagsPageParam(short, [short])).toBeUndefined();
    const empty = page(0, true);
    expect(nextTagsPageParam(empty, [empty])).toBeUndefined();
  });
});
