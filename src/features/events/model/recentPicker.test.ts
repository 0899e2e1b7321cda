import {
  readRecentSearch,
  readRecentView,
  recentEventHref,
  RECENT_SEARCH_MAX,
  RECENT_VIEW_LABEL,
  recentPickerDefault,
} from './recentPicker';

const answer = (...ids: string[]) => ({ events: ids.map((id) => ({ id })) });

describe('recentPickerDefault (docs/product/part-2.md §4, §7: the events in `data` of the two limit=1 calls)', () => {
  it("'With My Content' when the user has content at a recent event, even if others' events are recent too", () => {
    // Mine ⊆ all: with limit=1 both answers hold one event; the totals (1 vs 5) are not the rule.
    expect(recentPickerDefault(answer('mine'), answer('other'), false)).toBe('mine');
    expect(recentPickerDefault(answer('mine'), answer('mine'), false)).toBe('mine');
  });

  it("'All Events' only when the user has no recent content but there are recent events", () => {
    expect(recentPickerDefault(answer(), answer('other'), false)).toBe('all');
  });

  it("'With My Content' when there are no recent events at all", () => {
    expect(recentPickerDefault(answer(), answer(), false)).toBe('mine');
  });

  it('an answer with more than the one event asked for still counts as "has some"', () => {
    expect(recentPickerDefault(answer('mine'), answer('a', 'b', 'mine'), false)).toBe('mine');
  });

  it("'With My Content' when detection failed or gave no answer", () => {
    expect(recentPickerDefault(answer(), answer('other'), true)).toBe('mine');
    expect(recentPickerDefault(undefined, answer('other'), false)).toBe('mine');
    expect(recentPickerDefault(answer(), undefined, false)).toBe('mine');
  });

  it('labels the views as the spec names them', () => {
    expect(RECENT_VIEW_LABEL).toEqual({ mine: 'With My Content', all: 'All Events' });
  });
});

describe('readRecentView', () => {
  it('reads only the two views', () => {
    expect(readRecentView('all')).toBe('all');
    expect(readRecentView('mine')).toBe('mine');
    expect(readRecentView(null)).toBeNull();
    expect(readRecentView('ALL')).toBeNull();
  });
});

describe('recentEventHref', () => {
  it("goes to the event's clips, or to highlight creation in the highlights context", () => {
    expect(recentEventHref('clips', 'e-1')).toBe('/clips/event/e-1');
    expect(recentEventHref('highlights', 'e-1')).toBe('/highlights/create/e-1');
    expect(recentEventHref('clips', 'a/b')).toBe('/clips/event/a%2Fb');
  });
});

describe('readRecentSearch: the words in the address', () => {
  it('trims, caps the length, and reads nothing as no search', () => {
    expect(readRecentSearch(null)).toBe('');
    expect(readRecentSearch('  final  ')).toBe('final');
    expect(readRecentSearch('x'.repeat(RECENT_SEARCH_MAX + 5))).toHaveLength(RECENT_SEARCH_MAX);
  });
});
