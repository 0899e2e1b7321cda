import type { Clip } from '../clips/public';
import type { Tag, TagClip } from '../tags/public';
import {
  additionalClips,
  additionalClipsText,
  columnsForWidth,
  highlightRows,
  isNearBottom,
  mergeClips,
  tagSections,
  taggedClipIds,
  uploaderName,
} from './highlightCreationModel';
import {
  canAddClip,
  createHighlightLabel,
  editingStartProblem,
  MAX_HIGHLIGHT_CLIPS,
  NO_EVENT_SELECTED,
  SELECT_CLIP_TO_CREATE,
  SELECT_CLIP_TO_EDIT,
  selectedForHighlightText,
  TOO_MANY_CLIPS,
} from './highlightLimits';

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
    timezone: null,
    location: { name: '', city: '', state: '' },
    clipCount: null,
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
