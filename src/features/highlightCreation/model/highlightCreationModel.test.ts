import type { Clip } from '../../../domain/clip';
import type { Tag, TagClip } from '../../../domain/tag';
import {
  additionalClips,
  additionalClipsText,
  columnsForWidth,
  highlightRows,
  isNearBottom,
  loadedTags,
  mergeClips,
  TAG_PAGING_AT,
  tagPagingIndex,
  tagSections,
  taggedClipIds,
  tagsShownText,
  uploaderName,
} from './highlightCreationModel';
import {
  canAddClip,
  createHighlightLabel,
  editingStartProblem,
  NO_EVENT_SELECTED,
  SELECT_CLIP_TO_CREATE,
  SELECT_CLIP_TO_EDIT,
  selectedForHighlightText,
} from './highlightLimits';
import { MAX_HIGHLIGHT_CLIPS, TOO_MANY_CLIPS } from '../../../app/product';

const clip = (id: string, recordedAt: string): Clip => ({
  id,
  eventId: 'e',
  thumbnailUrl: null,
  videoUrl: null,
  durationSeconds: 30,
  recordedAt,
  tag: null,
  device: null,
  uploaderEmail: null,
});
const tagClip = (id: string, recordedAt: string, offsetSeconds: number): TagClip => ({ ...clip(id, recordedAt), offsetSeconds });
const tag = (id: string, timestamp: string, clips: TagClip[] = []): Tag => ({
  id,
  timestamp,
  event: {
    id: 'e',
    name: 'E',
    sport: '',
    startTime: timestamp,
    endTime: null,
    timezone: null,
    location: { name: '', city: '', state: '', latitude: null, longitude: null },
  },
  type: 'moment',
  description: null,
  clips,
});

describe('highlight limits (docs/product/part-2.md §5, §9)', () => {
  it('20 clips at most, with the §5 messages per screen', () => {
    expect(MAX_HIGHLIGHT_CLIPS).toBe(20);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    expect(editingStartProblem('selection', null, ids(1))).toBe(NO_EVENT_SELECTED);
    expect(editingStartProblem('selection', 'e', [])).toBe(SELECT_CLIP_TO_EDIT);
    expect(editingStartProblem('creation', 'e', [])).toBe(SELECT_CLIP_TO_CREATE);
    expect(editingStartProblem('creation', 'e', ids(20))).toBeNull();
    expect(editingStartProblem('creation', 'e', ids(21))).toBe(TOO_MANY_CLIPS);
    expect(TOO_MANY_CLIPS).toBe('Too many clips selected. Please select 20 or fewer clips.');
    expect(canAddClip(19)).toBe(true);
    expect(canAddClip(20)).toBe(false);
  });

  it("labels: 'Create Highlight', '(n/20 max)' over the limit; 'n clip(s) selected for highlight'", () => {
    expect(createHighlightLabel(20)).toBe('Create Highlight');
    expect(createHighlightLabel(23)).toBe('Create Highlight (23/20 max)');
    expect(selectedForHighlightText(1)).toBe('1 clip selected for highlight');
    expect(selectedForHighlightText(2)).toBe('2 clips selected for highlight');
    expect(selectedForHighlightText(20)).toBe('20 clips selected for highlight');
    expect(selectedForHighlightText(0)).toBe('0 clips selected for highlight');
  });
});

describe('highlight creation model (§2 "Highlight creation", §9)', () => {
  it("uploader: the e-mail before the @, else 'Unknown user'", () => {
    expect(uploaderName('coach.kim@example.com')).toBe('coach.kim');
    expect(uploaderName(null)).toBe('Unknown user');
    expect(uploaderName('@example.com')).toBe('Unknown user');
  });

  it('columns 1 / 3 / 4 / 5 at 768 / 1024 / 1280 px', () => {
    expect([390, 767, 768, 1023, 1024, 1279, 1280, 1920].map(columnsForWidth)).toEqual([1, 1, 3, 3, 4, 4, 5, 5]);
  });

  it('tags numbered in time order; additional clips by time, without the ones under a tag, each once', () => {
    const t2 = tag('t2', '2026-07-04T23:20:00Z');
    const t1 = tag('t1', '2026-07-04T23:10:00Z', [tagClip('a', '2026-07-04T23:09:50Z', 10)]);
    expect(tagSections([t2, t1]).map((s) => [s.number, s.tag.id])).toEqual([
      [1, 't1'],
      [2, 't2'],
    ]);
    const mine = [clip('b', '2026-07-04T23:30:00Z'), clip('a', '2026-07-04T23:09:50Z')];
    const everyone = [clip('a', '2026-07-04T23:09:50Z'), clip('c', '2026-07-04T23:05:00Z'), clip('b', '2026-07-04T23:30:00Z')];
    const merged = mergeClips(everyone, mine);
    expect(merged.map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(additionalClips(merged, taggedClipIds([t1, t2])).map((c) => c.id)).toEqual(['c', 'b']);
  });

  it('rows: tag title, its card rows or the empty text, Tags shown, Additional Clips and its card rows', () => {
    const t1 = tag(
      't1',
      '2026-07-04T23:10:00Z',
      [1, 2, 3, 4].map((n) => tagClip(`a${n}`, '2026-07-04T23:09:50Z', 10)),
    );
    const t2 = tag('t2', '2026-07-04T23:20:00Z');
    const extra = [1, 2, 3, 4, 5, 6, 7].map((n) => clip(`x${n}`, `2026-07-04T23:3${n}:00Z`));
    const rows = highlightRows(tagSections([t1, t2]), extra, 40, 3);
    expect(rows.map((r) => (r.kind === 'cards' ? `cards:${r.slots.length}` : r.kind))).toEqual([
      'tag',
      'cards:3',
      'cards:1',
      'tag',
      'tagEmpty',
      'tagsShown',
      'additional',
      'cards:3',
      'cards:3',
      'cards:1',
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    expect(additionalClipsText(25, 40)).toBe('Showing 25 of 40 additional clips (excluding clips shown in tags)');
  });

  it('paging: within one row height of the bottom', () => {
    expect(isNearBottom({ scrollTop: 700, viewportHeight: 800, documentHeight: 1800 }, 300)).toBe(true);
    expect(isNearBottom({ scrollTop: 600, viewportHeight: 800, documentHeight: 1800 }, 300)).toBe(false);
  });
});

describe('tags past the first page (§7, §9 "tags 50 per page there")', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 6, 4, 23, 0) + minute * 60_000).toISOString();
  const kinds = (rows: ReturnType<typeof highlightRows>) =>
    rows.map((r) => (r.kind === 'cards' ? `cards:${r.slots.length}` : r.kind));

  it("'Tags shown' says how many of how many while more are on the server", () => {
    expect(tagsShownText(200, 260)).toBe('Tags shown: 200 of 260');
    expect(tagsShownText(260, 260)).toBe('Tags shown: 260');
    expect(tagsShownText(2)).toBe('Tags shown: 2');
    expect(tagsShownText(3, null)).toBe('Tags shown: 3');
  });

  it('the loaded pages’ tags each once, and a later tag’s clip leaves Additional Clips when its page arrives', () => {
    const late = tag('t3', at(50), [tagClip('late', at(50), 5)]);
    const first = { tags: [tag('t1', at(10)), tag('t2', at(20))] };
    const clips = [clip('early', at(5)), clip('late', at(50))];
    expect(additionalClips(clips, taggedClipIds(loadedTags([first]))).map((c) => c.id)).toEqual(['early', 'late']);
    // A tag sent meanwhile moved t2 onto the next page too.
    const pages = [first, { tags: [tag('t2', at(20)), late] }];
    expect(loadedTags(pages).map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(additionalClips(clips, taggedClipIds(loadedTags(pages))).map((c) => c.id)).toEqual(['early']);
    expect(loadedTags([])).toEqual([]);
  });

  it("rows: 'Loading more tags...' or the failure after the loaded tags, then 'Tags shown' n of total; none when the tags failed", () => {
    const sections = tagSections([tag('t1', at(10)), tag('t2', at(20))]);
    const extra = [clip('x', at(60))];
    expect(kinds(highlightRows(sections, extra, 1, 3, { total: 260, paging: 'loading' }))).toEqual([
      'tag',
      'tagEmpty',
      'tag',
      'tagEmpty',
      'tagsPaging',
      'tagsShown',
      'additional',
      'cards:1',
    ]);
    const failed = highlightRows(sections, extra, 1, 3, { total: 260, paging: 'failed' });
    expect(failed.find((r) => r.kind === 'tagsPaging')).toMatchObject({ state: 'failed' });
    expect(failed.find((r) => r.kind === 'tagsShown')).toMatchObject({ count: 2, total: 260 });
    expect(kinds(highlightRows(sections, extra, 1, 3, { total: 2, paging: 'idle' }))).not.toContain('tagsPaging');
    expect(kinds(highlightRows([], extra, 1, 3, null))).toEqual(['additional', 'cards:1']);
  });

  it('the next page is asked two thirds into the loaded tags’ rows (§4: about 67%)', () => {
    const sections = tagSections(Array.from({ length: 30 }, (_, i) => tag(`t${i}`, at(i))));
    const rows = highlightRows(sections, [], 0, 3, { total: 80, paging: 'idle' });
    // 30 tags, each a title and its empty text: 60 rows before 'Tags shown'.
    expect(rows[60]?.kind).toBe('tagsShown');
    expect(tagPagingIndex(rows)).toBe(Math.floor(60 * TAG_PAGING_AT));
    expect(tagPagingIndex(highlightRows([], [], 0, 3, null))).toBe(0);
  });
});
