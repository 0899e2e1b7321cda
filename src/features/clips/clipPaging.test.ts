import { mergePages, nextPageParam } from './clipPaging';

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

describe('mergePages', () => {
  const item = (id: string) => ({ id, label: id.toUpperCase() });

  it('joins the pages in order', () => {
    expect(mergePages([[item('a'), item('b')], [item('c')]]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('shows an item once when the list shifted between two pages (a clip uploaded meanwhile)', () => {
    // Newest first: 'n' arrived after page 1 was loaded, so page 2 starts with page 1's last item again.
    const merged = mergePages([
      [item('e'), item('d')],
      [item('d'), item('c')],
    ]);
    expect(merged.map((i) => i.id)).toEqual(['e', 'd', 'c']);
  });

  it('is empty for no pages or empty pages', () => {
    expect(mergePages([])).toEqual([]);
    expect(mergePages([[], []])).toEqual([]);
  });
});
