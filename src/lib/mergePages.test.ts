import { mergePages } from './mergePages';

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
