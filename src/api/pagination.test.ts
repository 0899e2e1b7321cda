import { nextPageParam } from './pagination';

const page = (hasMore: boolean, n = 1) => ({ pagination: { page: n, hasMore, total: null } });

describe('nextPageParam (docs/product/part-2.md §4 "Clip list paging")', () => {
  it('asks for the page after the last one while the server says there is more', () => {
    expect(nextPageParam(page(true), [], 1)).toBe(2);
    expect(nextPageParam(page(true, 3), [], 3)).toBe(4);
  });

  it('ends Load More when there is no more', () => {
    expect(nextPageParam(page(false, 2), [], 2)).toBeUndefined();
  });
});
