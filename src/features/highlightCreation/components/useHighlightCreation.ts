import { useCallback, useMemo, useState } from 'react';
import { toApiFailure } from '../../../api/apiErrors';
import type { Clip } from '../../../domain/clip';
import type { ClipEvent } from '../../clips/public';
import {
  clipsFailure,
  eventFailure,
  LOAD_MORE_FAILED,
  tagsWarning,
  type CreationFailure,
} from '../model/highlightCreationMessages';
import {
  CLIP_PAGE_SIZE,
  useGetHighlightClipsInfiniteQuery,
  useGetHighlightEventQuery,
  useGetHighlightTagsInfiniteQuery,
} from '../api/highlightCreationApi';
import { highlightClipsArgs } from '../api/highlightCreationPrefetch';
import {
  additionalClips,
  loadedTags,
  mergeClips,
  tagSections,
  taggedClipIds,
  type TagSection,
  type TagsListing,
} from '../model/highlightCreationModel';

export interface HighlightCreationView {
  status: 'loading' | 'failed' | 'loaded';
  failure: CreationFailure | null;
  event: ClipEvent | null;
  sections: TagSection[];
  /** The tags' total and next page (null when they failed to load: no 'Tags shown' line). */
  tagsListing: TagsListing | null;
  /**
   * 'Failed to fetch tag clips' / 'Invalid tag clips response format' (§8) when the tags failed to load, or
   * 'Failed to load more tags.' when a later page did; the clips stay (§7). Null for a 401 (§6).
   */
  tagsWarning: string | null;
  /** Asks for the failed tags again: the first page, or the page that failed. */
  retryTags: () => void;
  /** More tags on the server, none on their way: the list may ask for the next 50. */
  canLoadMoreTags: boolean;
  loadMoreTags: () => void;
  /** The additional clips shown so far (25 more at a time). */
  additional: Clip[];
  /** How many additional clips there are (loaded ones, or the server's count when it knows more). */
  additionalTotal: number;
  /** Every clip the screen knows, by id (the preview looks clips up here). */
  clipsById: ReadonlyMap<string, Clip>;
  /** More additional clips to show or to load. */
  hasMore: boolean;
  loadingMore: boolean;
  /** 'Failed to load more clips. Please try again.' until dismissed. */
  pagingError: string | null;
  dismissPagingError: () => void;
  showMore: () => void;
}

const clipsOf = (pages: { clips: Clip[] }[] | undefined) => pages?.flatMap((page) => page.clips) ?? [];

/**
 * Highlight creation's data (docs/product/part-2.md §4): the event, then its tags (200, then 50 a page as the list
 * nears their end; a failure leaves no tags and a warning), then the caller's clips and every user's in parallel, up
 * to 500 each. The additional clips are shown 25 at a time; once the loaded ones are all shown, the next 25 of each
 * list are asked for (CLIP_PAGE_SIZE; highlightCreationApi.ts). The route's prefetch (highlightCreationPrefetch.ts)
 * takes the same first steps in the same order while the screen's code loads: a change of order here is made there too.
 */
export function useHighlightCreation(eventId: string): HighlightCreationView {
  const event = useGetHighlightEventQuery(eventId);
  const tags = useGetHighlightTagsInfiniteQuery(eventId, { skip: !event.currentData });
  // The clips wait for the tags' first answer (§4's order). A failed entry keeps its error while it is asked again
  // (Retry), so the clips stay subscribed, and on screen, meanwhile.
  const tagsSettled = tags.isSuccess || tags.isError || tags.error !== undefined;
  const skipClips = { skip: !event.currentData || !tagsSettled };
  const [mineArg, everyoneArg] = highlightClipsArgs(eventId);
  const mine = useGetHighlightClipsInfiniteQuery(mineArg, skipClips);
  const everyone = useGetHighlightClipsInfiniteQuery(everyoneArg, skipClips);
  const [shownCount, setShownCount] = useState(CLIP_PAGE_SIZE);
  const [pagingErrorDismissed, setPagingErrorDismissed] = useState(false);

  // A failed refetch (the tags are invalidated by every sent tag) keeps the entry's data: the sections stay.
  const tagPages = tags.currentData?.pages;
  const tagList = useMemo(() => loadedTags(tagPages ?? []), [tagPages]);
  const sections = useMemo(() => tagSections(tagList), [tagList]);
  const mineClips = useMemo(() => clipsOf(mine.data?.pages), [mine.data]);
  const everyoneClips = useMemo(() => clipsOf(everyone.data?.pages), [everyone.data]);
  const tagged = useMemo(() => taggedClipIds(tagList), [tagList]);
  const allAdditional = useMemo(
    () => additionalClips(mergeClips(everyoneClips, mineClips), tagged),
    [everyoneClips, mineClips, tagged],
  );
  const clipsById = useMemo(() => {
    const map = new Map<string, Clip>();
    for (const tag of tagList) for (const clip of tag.clips) map.set(clip.id, clip);
    for (const clip of allAdditional) map.set(clip.id, clip);
    return map;
  }, [tagList, allAdditional]);

  const serverTotal = everyone.data?.pages[0]?.total ?? null;
  const additionalTotal = Math.max(allAdditional.length, serverTotal === null ? 0 : serverTotal - tagged.size);
  const additional = useMemo(() => allAdditional.slice(0, shownCount), [allAdditional, shownCount]);
  const moreOnServer = mine.hasNextPage || everyone.hasNextPage;
  const loadingMore = mine.isFetchingNextPage || everyone.isFetchingNextPage;
  const pagingFailed = mine.isFetchNextPageError || everyone.isFetchNextPageError;

  const { fetchNextPage: nextMine, hasNextPage: mineHasMore } = mine;
  const { fetchNextPage: nextEveryone, hasNextPage: everyoneHasMore } = everyone;
  const showMore = useCallback(() => {
    setPagingErrorDismissed(false);
    setShownCount((n) => n + CLIP_PAGE_SIZE);
    // The loaded clips run out within the next page: ask the server for the next 25 of each list.
    if (shownCount + 2 * CLIP_PAGE_SIZE > allAdditional.length) {
      if (mineHasMore) void nextMine();
      if (everyoneHasMore) void nextEveryone();
    }
  }, [shownCount, allAdditional.length, mineHasMore, everyoneHasMore, nextMine, nextEveryone]);

  const tagsLoaded = tagPages !== undefined;
  const { fetchNextPage: nextTags, refetch: refetchTags, hasNextPage: moreTags, isFetching: tagsFetching } = tags;
  const tagsPagingFailed = tags.isFetchNextPageError;
  let tagsProblem: string | null = null;
  if (tags.isError && (!tagsLoaded || tagsPagingFailed)) tagsProblem = tagsWarning(toApiFailure(tags.error), tagsLoaded);
  const tagsTotal = tagPages?.[tagPages.length - 1]?.total ?? null;
  const tagsPaging = tags.isFetchingNextPage ? 'loading' : tagsPagingFailed && tagsProblem ? 'failed' : 'idle';
  const tagsListing = useMemo<TagsListing | null>(
    () => (tagsLoaded ? { total: tagsTotal, paging: tagsPaging } : null),
    [tagsLoaded, tagsTotal, tagsPaging],
  );
  const retryTags = useCallback(() => {
    if (tagsLoaded) void nextTags();
    else void refetchTags();
  }, [tagsLoaded, nextTags, refetchTags]);
  const canLoadMoreTags = tagsLoaded && moreTags && !tagsFetching && !tagsPagingFailed;
  const loadMoreTags = useCallback(() => {
    if (canLoadMoreTags) void nextTags();
  }, [canLoadMoreTags, nextTags]);

  let failure: CreationFailure | null = null;
  // The event is refetched when an upload to it ends: a failed refetch keeps the loaded event on screen.
  if (event.isError && !event.currentData) failure = eventFailure(toApiFailure(event.error));
  else if (mine.isError && !mine.data) failure = clipsFailure(toApiFailure(mine.error), false);
  else if (everyone.isError && !everyone.data) failure = clipsFailure(toApiFailure(everyone.error), true);

  const loaded = Boolean(event.currentData && mine.data && everyone.data);
  return {
    status: failure ? 'failed' : loaded ? 'loaded' : 'loading',
    failure,
    event: event.currentData ?? null,
    sections,
    tagsListing,
    tagsWarning: tagsProblem,
    retryTags,
    canLoadMoreTags,
    loadMoreTags,
    additional,
    additionalTotal,
    clipsById,
    hasMore: shownCount < allAdditional.length || moreOnServer,
    loadingMore,
    pagingError: pagingFailed && !pagingErrorDismissed ? LOAD_MORE_FAILED : null,
    dismissPagingError: useCallback(() => setPagingErrorDismissed(true), []),
    showMore,
  };
}
