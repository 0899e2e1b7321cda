import type { Tag, TagClip } from '../../../domain/tag';
import {
  MATCH_WINDOW_SECONDS,
  MAX_HIGHLIGHT_CLIPS,
  MIN_PIECE_SECONDS,
  SECONDS_AFTER_MOMENT as MOMENT_TAIL_SECONDS,
  SECONDS_BEFORE_MOMENT as MOMENT_LEAD_SECONDS,
} from '../../../app/product';
import { leftOutCount, leftOutMoments, momentCandidates, planMyHighlight, type CandidateClip, type MomentTag } from './myMoments';

/** Instants as seconds after the game's kick-off, so each case reads as a timeline. */
const KICK_OFF = Date.parse('2026-07-04T23:00:00.000Z');
const at = (seconds: number) => new Date(KICK_OFF + Math.round(seconds * 1000)).toISOString();
const moment = (id: string, seconds: number): MomentTag => ({ id, timestamp: at(seconds) });
const clip = (id: string, start: number, duration: number | null, mine = true): CandidateClip => ({
  id,
  recordedAt: at(start),
  durationSeconds: duration,
  mine,
});
const theirs = (id: string, start: number, duration: number | null) => clip(id, start, duration, false);
/** The clip ids the plan chose, in order. */
const chosen = (tags: MomentTag[], clips: CandidateClip[]) => planMyHighlight(tags, clips).clips.map((c) => c.clipId);

describe('planMyHighlight ("Make my highlight"; docs/product/part-2.md §9)', () => {
  it('uses the product constants', () => {
    expect([MATCH_WINDOW_SECONDS, MOMENT_LEAD_SECONDS, MOMENT_TAIL_SECONDS, MAX_HIGHLIGHT_CLIPS, MIN_PIECE_SECONDS]).toEqual([
      30, 8, 4, 20, 0.5,
    ]);
  });

  it('nothing to plan: no tags, or no clips', () => {
    expect(planMyHighlight([], [clip('a', 0, 10)])).toEqual({ clips: [], unmatchedTagIds: [], overCapTagIds: [] });
    expect(planMyHighlight([moment('t1', 5)], [])).toEqual({ clips: [], unmatchedTagIds: ['t1'], overCapTagIds: [] });
  });

  describe('rule 1: the 30 s window, inclusive, around the recording', () => {
    it('a clip that ends 30 s before the moment is a candidate; 30.001 s is too far', () => {
      expect(chosen([moment('t', 40)], [clip('a', 0, 10)])).toEqual(['a']);
      expect(planMyHighlight([moment('t', 40.001)], [clip('a', 0, 10)]).unmatchedTagIds).toEqual(['t']);
    });

    it('a clip that starts 30 s after the moment is a candidate; 30.001 s is too far', () => {
      expect(chosen([moment('t', 0)], [clip('a', 30, 10)])).toEqual(['a']);
      expect(planMyHighlight([moment('t', 0)], [clip('a', 30.001, 10)]).unmatchedTagIds).toEqual(['t']);
    });

    it('a clip of unknown length is a point in time', () => {
      expect(chosen([moment('t', 30)], [clip('a', 0, null)])).toEqual(['a']);
      expect(chosen([moment('t', 30.5)], [clip('a', 0, null)])).toEqual([]);
      // The same clip with a known length of 10 s reaches the moment.
      expect(chosen([moment('t', 30.5)], [clip('a', 0, 10)])).toEqual(['a']);
    });

    it('the caller’s clip wins over another user’s, even one that contains the moment', () => {
      const clips = [theirs('other', 0, 100), clip('mine', 60, 10)];
      expect(chosen([moment('t', 50)], clips)).toEqual(['mine']);
    });

    it('cross-user fallback: another user’s clip when none of the caller’s is within the window, per moment', () => {
      const clips = [clip('mine', 0, 10), theirs('other', 100, 10), theirs('far', 300, 10)];
      const plan = planMyHighlight([moment('t1', 5), moment('t2', 90)], clips);
      expect(plan.clips.map((c) => [c.clipId, c.tagIds])).toEqual([
        ['mine', ['t1']],
        ['other', ['t2']],
      ]);
      // 'mine' ends 80 s before t2: outside the window, so it does not block the fallback.
    });

    it('a clip shorter than 0.5 s is never a candidate (the editor cannot render it); 0.5 s is', () => {
      expect(chosen([moment('t', 0.2)], [clip('short', 0, 0.49)])).toEqual([]);
      expect(chosen([moment('t', 0.2)], [clip('short', 0, 0.49), theirs('other', 5, 10)])).toEqual(['other']);
      expect(chosen([moment('t', 0.2)], [clip('ok', 0, 0.5)])).toEqual(['ok']);
      expect(chosen([moment('t', 0)], [clip('zero', 0, 0)])).toEqual([]);
    });

    it('a moment or clip whose time cannot be read is left out', () => {
      const plan = planMyHighlight(
        [{ id: 'bad', timestamp: 'not a time' }, moment('t', 5)],
        [{ id: 'broken', recordedAt: 'never', durationSeconds: 10, mine: true }, clip('a', 0, 10)],
      );
      expect(plan.unmatchedTagIds).toEqual(['bad']);
      expect(plan.clips.map((c) => c.clipId)).toEqual(['a']);
    });
  });

  describe('rule 2: which clip', () => {
    it('a clip that contains the moment before a nearer-starting one that does not', () => {
      expect(chosen([moment('t', 40)], [clip('after', 40.5, 10), clip('contains', 0, 41)])).toEqual(['contains']);
    });

    it('of the containing clips, the one covering more of [moment − 8 s, moment + 4 s]', () => {
      // 'late' covers 32…44 (12 s); 'early' starts earlier but covers only 32…42 (10 s).
      expect(chosen([moment('t', 40)], [clip('early', 0, 42), clip('late', 30, 100)])).toEqual(['late']);
    });

    it('equal cover: the earlier start, then the id', () => {
      expect(chosen([moment('t', 40)], [clip('b', 10, 100), clip('c', 0, 100)])).toEqual(['c']);
      expect(chosen([moment('t', 40)], [clip('b', 0, 100), clip('a', 0, 100)])).toEqual(['a']);
    });

    it('a point exactly at the moment contains it, but covers nothing of the window', () => {
      expect(chosen([moment('t', 40)], [clip('point', 40, null)])).toEqual(['point']);
      expect(chosen([moment('t', 40)], [clip('point', 40, null), clip('z', 39, 2)])).toEqual(['z']);
    });

    it('else the nearest clip; ties: the earlier start, then the id', () => {
      expect(chosen([moment('t', 50)], [clip('before', 0, 45), clip('after', 53, 10)])).toEqual(['after']);
      expect(chosen([moment('t', 50)], [clip('before', 0, 45), clip('after', 55, 10)])).toEqual(['before']);
      expect(chosen([moment('t', 50)], [clip('y', 55, 10), clip('x', 55, 20)])).toEqual(['x']);
    });
  });

  describe('rule 3: two moments in one clip', () => {
    it('merge: one entry, both tags, the piece the hull of both windows', () => {
      const plan = planMyHighlight([moment('t1', 20), moment('t2', 30)], [clip('a', 0, 100)]);
      expect(plan.clips).toEqual([{ clipId: 'a', tagIds: ['t1', 't2'], trim: { inSeconds: 12, outSeconds: 34 } }]);
    });

    it('a moment inside and one outside: the hull of the inside window and the 12 s nearest the outside one', () => {
      const plan = planMyHighlight([moment('t1', 50), moment('t2', 101)], [clip('a', 0, 100)]);
      expect(plan.clips).toEqual([{ clipId: 'a', tagIds: ['t1', 't2'], trim: { inSeconds: 42, outSeconds: 100 } }]);
      // Both before the clip: the same first 12 s, not widened.
      const before = planMyHighlight([moment('t1', 0), moment('t2', 5)], [clip('b', 10, 100)]);
      expect(before.clips[0]!.trim).toEqual({ inSeconds: 0, outSeconds: 12 });
    });

    it('the hull stays inside the clip', () => {
      const plan = planMyHighlight([moment('t1', 2), moment('t2', 98)], [clip('a', 0, 100)]);
      expect(plan.clips[0]!.trim).toEqual({ inSeconds: 0, outSeconds: 100 });
    });

    it('a clip of unknown length merges with no trim', () => {
      const plan = planMyHighlight([moment('t1', 10), moment('t2', 12)], [clip('a', 10, null)]);
      expect(plan.clips).toEqual([{ clipId: 'a', tagIds: ['t1', 't2'], trim: null }]);
    });
  });

  describe('rule 4: at most 20 clips', () => {
    it('the moment whose clip would be the 21st is over the cap; a later moment in a chosen clip still joins it', () => {
      const clips = Array.from({ length: 22 }, (_, i) => clip(`c${String(i).padStart(2, '0')}`, i * 100, 10));
      const tags = [
        ...Array.from({ length: 22 }, (_, i) => moment(`t${String(i).padStart(2, '0')}`, i * 100 + 5)),
        // In c19, after the 20th clip was chosen (t19 at 1905 s).
        moment('late-in-c19', 1909),
        moment('nowhere', 5000),
      ];
      const plan = planMyHighlight(tags, clips);
      expect(plan.clips).toHaveLength(20);
      expect(plan.clips.map((c) => c.clipId)).toEqual(clips.slice(0, 20).map((c) => c.id));
      expect(plan.overCapTagIds).toEqual(['t20', 't21']);
      expect(plan.unmatchedTagIds).toEqual(['nowhere']);
      expect(plan.clips[19]!.tagIds).toEqual(['t19', 'late-in-c19']);
    });
  });

  describe('rule 5: the piece around the moment', () => {
    const trimOf = (momentAt: number, duration: number | null, start = 0) =>
      planMyHighlight([moment('t', momentAt)], [clip('a', start, duration)]).clips[0]?.trim;

    it('8 s before to 4 s after the moment, inside the clip', () => {
      expect(trimOf(42, 90)).toEqual({ inSeconds: 34, outSeconds: 46 });
      expect(trimOf(3, 90)).toEqual({ inSeconds: 0, outSeconds: 7 });
      expect(trimOf(88, 90)).toEqual({ inSeconds: 80, outSeconds: 90 });
      expect(trimOf(2, 3)).toEqual({ inSeconds: 0, outSeconds: 3 });
      expect(trimOf(0.2, 0.5)).toEqual({ inSeconds: 0, outSeconds: 0.5 });
    });

    it('a moment at either end of the clip is inside it: the window, cut at the clip', () => {
      expect(trimOf(3, 90, 3)).toEqual({ inSeconds: 0, outSeconds: 4 });
      expect(trimOf(90, 90)).toEqual({ inSeconds: 82, outSeconds: 90 });
    });

    it('a moment before the clip, however close: its first 12 s (or all of a shorter clip)', () => {
      // One rule outside the clip: no 0.5 s sliver 3.5 s away and 12 s at 3.6 s.
      expect(trimOf(0, 90, 0.1)).toEqual({ inSeconds: 0, outSeconds: 12 });
      expect(trimOf(0, 90, 3.5)).toEqual({ inSeconds: 0, outSeconds: 12 });
      expect(trimOf(0, 90, 3.6)).toEqual({ inSeconds: 0, outSeconds: 12 });
      expect(trimOf(0, 90, 30)).toEqual({ inSeconds: 0, outSeconds: 12 });
      expect(trimOf(0, 5, 20)).toEqual({ inSeconds: 0, outSeconds: 5 });
    });

    it('a moment after the clip, however close: its last 12 s (or all of a shorter clip)', () => {
      expect(trimOf(90.1, 90)).toEqual({ inSeconds: 78, outSeconds: 90 });
      expect(trimOf(93.5, 90)).toEqual({ inSeconds: 78, outSeconds: 90 });
      expect(trimOf(97.6, 90)).toEqual({ inSeconds: 78, outSeconds: 90 });
      expect(trimOf(30, 10)).toEqual({ inSeconds: 0, outSeconds: 10 });
    });

    it('hundredths, rounded outward: never shorter than 0.5 s, never past the clip', () => {
      expect(trimOf(42.123, 90)).toEqual({ inSeconds: 34.12, outSeconds: 46.13 });
      expect(trimOf(19, 20.004)).toEqual({ inSeconds: 11, outSeconds: 20 });
      expect(trimOf(0.3, 0.503)).toEqual({ inSeconds: 0, outSeconds: 0.5 });
      for (const [momentAt, duration, start] of [
        [97.5, 90.004, 0],
        [0, 90, 3.499],
        [0.25, 0.5, 0],
        [101.49, 93.987, 0],
      ] as const) {
        const trim = trimOf(momentAt, duration, start)!;
        expect(trim.outSeconds - trim.inSeconds).toBeGreaterThanOrEqual(MIN_PIECE_SECONDS - 1e-9);
        expect(trim.inSeconds).toBeGreaterThanOrEqual(0);
        expect(trim.outSeconds).toBeLessThanOrEqual(Math.round(duration * 100) / 100);
        expect(Math.round(trim.inSeconds * 100) / 100).toBe(trim.inSeconds);
        expect(Math.round(trim.outSeconds * 100) / 100).toBe(trim.outSeconds);
      }
    });

    it('an unknown length: no trim (the editor applies its default once it reads the length)', () => {
      expect(trimOf(0, null)).toBeNull();
    });
  });

  describe('rule 6: the order', () => {
    it('moments in time order whatever order they come in (ties by id); clips in the order first chosen', () => {
      const clips = [clip('late', 100, 10), clip('early', 0, 10)];
      const plan = planMyHighlight([moment('t3', 105), moment('t2', 5), moment('t1', 5)], clips);
      expect(plan.clips).toEqual([
        { clipId: 'early', tagIds: ['t1', 't2'], trim: { inSeconds: 0, outSeconds: 9 } },
        { clipId: 'late', tagIds: ['t3'], trim: { inSeconds: 0, outSeconds: 9 } },
      ]);
    });
  });
});

describe('momentCandidates', () => {
  const tagClip = (id: string, recordedAt: string, durationSeconds: number | null): TagClip => ({
    id,
    eventId: 'e',
    thumbnailUrl: null,
    videoUrl: null,
    durationSeconds,
    recordedAt,
    tag: null,
    device: null,
    uploaderEmail: null,
    offsetSeconds: 0,
  });
  const tag = (id: string, timestamp: string, clips: TagClip[]): Tag => ({
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

  it('the moments, and every clip under them once, marked mine by id', () => {
    const shared = tagClip('shared', at(0), 90);
    const result = momentCandidates(
      [tag('t1', at(10), [shared, tagClip('other', at(20), null)]), tag('t2', at(30), [shared])],
      new Set(['shared', 'not-listed']),
    );
    expect(result).toEqual({
      tags: [
        { id: 't1', timestamp: at(10) },
        { id: 't2', timestamp: at(30) },
      ],
      clips: [
        { id: 'shared', recordedAt: at(0), durationSeconds: 90, mine: true },
        { id: 'other', recordedAt: at(20), durationSeconds: null, mine: false },
      ],
    });
    expect(planMyHighlight(result.tags, result.clips).clips.map((c) => c.clipId)).toEqual(['shared']);
  });
});

describe('leftOutMoments: which moments a plan leaves out, and why', () => {
  const leftOut = (tags: MomentTag[], clips: CandidateClip[]) => leftOutMoments(tags, planMyHighlight(tags, clips));

  it('none when every moment has its clip', () => {
    const result = leftOut([moment('t1', 5), moment('t2', 7)], [clip('a', 0, 10)]);
    expect(result).toEqual({ noClip: [], overCap: [] });
    expect(leftOutCount(result)).toBe(0);
  });

  it('no clip within 30 s: left out for that, with its time; in time order whatever order the tags came in', () => {
    const tags = [moment('late', 500), moment('in', 5), moment('early', -31), moment('edge', 40)];
    const result = leftOut(tags, [clip('a', 0, 10)]);
    // 'edge' is 30 s after the clip's end: still near. 'early' is 31 s before its start.
    expect(result).toEqual({
      noClip: [
        { tagId: 'early', timestamp: at(-31) },
        { tagId: 'late', timestamp: at(500) },
      ],
      overCap: [],
    });
  });

  it('only clips too short to use near it (under 0.5 s) is no clip', () => {
    expect(leftOut([moment('t', 1)], [clip('tiny', 0, 0.3)]).noClip).toEqual([{ tagId: 't', timestamp: at(1) }]);
  });

  it('past the cap: the moments whose clip would be the 21st and later, apart from those without a clip', () => {
    const clips = Array.from({ length: 23 }, (_, i) => clip(`c${i}`, i * 100, 10));
    const tags = [
      ...Array.from({ length: 23 }, (_, i) => moment(`t${i}`, i * 100 + 5)),
      // A second moment in the 20th clip joins it rather than being left out.
      moment('again-in-c19', 1908),
      moment('nowhere', 5000),
      moment('before-all', -100),
    ];
    const result = leftOut(tags, clips);
    expect(result.overCap).toEqual([
      { tagId: 't20', timestamp: at(2005) },
      { tagId: 't21', timestamp: at(2105) },
      { tagId: 't22', timestamp: at(2205) },
    ]);
    expect(result.noClip).toEqual([
      { tagId: 'before-all', timestamp: at(-100) },
      { tagId: 'nowhere', timestamp: at(5000) },
    ]);
    expect(leftOutCount(result)).toBe(5);
    // Plain data: it goes into the store as it is.
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('a moment without a clip before the cap fills does not take a place under it', () => {
    const clips = Array.from({ length: 21 }, (_, i) => clip(`c${i}`, i * 100, 10));
    const tags = [moment('first-nowhere', -500), ...Array.from({ length: 21 }, (_, i) => moment(`t${i}`, i * 100 + 5))];
    const result = leftOut(tags, clips);
    expect(result.noClip.map((m) => m.tagId)).toEqual(['first-nowhere']);
    expect(result.overCap.map((m) => m.tagId)).toEqual(['t20']);
  });
});
