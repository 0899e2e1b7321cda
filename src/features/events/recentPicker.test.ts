import { readRecentView, recentEventHref, RECENT_VIEW_LABEL, recentPickerDefault } from './recentPicker';

describe('recentPickerDefault (docs/product/part-2.md §4)', () => {
  it("'With My Content' when the user's recent events are all there are", () => {
    expect(recentPickerDefault(4, 4, false)).toBe('mine');
    expect(recentPickerDefault(0, 0, false)).toBe('mine');
  });

  it("'All Events' when all recent events outnumber the user's", () => {
    expect(recentPickerDefault(0, 3, false)).toBe('all');
    expect(recentPickerDefault(2, 3, false)).toBe('all');
  });

  it("'With My Content' when detection failed or gave no count", () => {
    expect(recentPickerDefault(0, 3, true)).toBe('mine');
    expect(recentPickerDefault(null, 3, false)).toBe('mine');
    expect(recentPickerDefault(1, null, false)).toBe('mine');
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
