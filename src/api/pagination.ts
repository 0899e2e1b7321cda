import * as v from 'valibot';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A list's page as the API describes it (docs/product/part-2.md §3: "some responses carry only page, hasMore, total"). */
export const paginationSchema = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  hasMore: v.boolean(),
  total: v.optional(v.nullable(count), null),
});

export type Pagination = v.InferOutput<typeof paginationSchema>;

/**
 * The page after the last loaded one while the server says there is more; none otherwise, which ends
 * 'Load More' (RTK Query's `getNextPageParam`; docs/product/part-2.md §4 "Clip list paging").
 */
export function nextPageParam(
  lastPage: { pagination: Pagination },
  _allPages: unknown,
  lastPageParam: number,
): number | undefined {
  return lastPage.pagination.hasMore ? lastPageParam + 1 : undefined;
}

/** RTK Query `infiniteQueryOptions` of a list paged 1, 2, 3…: next while the server says there is more. */
export const numberedPages = { initialPageParam: 1, getNextPageParam: nextPageParam };
