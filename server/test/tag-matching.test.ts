import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../db';
import { openTestDb } from './testDb';
import { MATCH_WINDOW_SECONDS } from '../../src/app/product';
import { clipMatchesTag, matchConditionSql, offsetSeconds } from '../lib/tagMatching';
import { tempDir } from './helpers';

/** The clip-to-tag matching rule (docs/product/part-2.md §9) at its edges, in TypeScript and in SQL. */

const TAG = Date.parse('2030-03-01T18:00:00.000Z');
const s = (seconds: number) => TAG + seconds * 1000;

/** [name, clip start, duration (s), matches] — around a tag at TAG. */
const CASES: [string, number, number | null, boolean][] = [
  ['a two-minute clip that contains the moment', s(-60), 120, true],
  ['a clip starting 20 s after the tag', s(20), 90, true],
  ['a clip starting exactly 30 s after', s(30), 10, true],
  ['a clip starting 30.001 s after', s(30.001), 10, false],
  ['a clip ending exactly 30 s before', s(-40), 10, true],
  ['a clip ending 30.001 s before', s(-40.001), 10, false],
  ['a zero-length clip 30 s before', s(-30), 0, true],
  ['a zero-length clip 30.001 s before', s(-30.001), 0, false],
  ['an unknown-duration clip is a point: 30 s after', s(30), null, true],
  ['an unknown-duration clip is a point: 30.001 s before', s(-30.001), null, false],
  ['a clip starting at the tag', s(0), 10, true],
  ['a negative duration counts as 0', s(-31), -100, false],
  // A stated length no upload stores (a crafted file), from a row written otherwise: at most 24 h, and no error.
  ['a 10^13 s clip counts as 24 h: it ended 24 h + 30 s before', s(-86_430), 9.2e12, true],
  ['a 10^13 s clip counts as 24 h: it ended 24 h + 30.001 s before', s(-86_430.001), 9.2e12, false],
  ['an infinite duration counts as 0 (a point)', s(-31), Infinity, false],
  ['a NaN duration counts as 0 (a point)', s(-31), NaN, false],
];

describe('tag matching rule', () => {
  test('the window is 30 seconds', () => {
    assert.equal(MATCH_WINDOW_SECONDS, 30);
  });

  for (const [name, start, duration, expected] of CASES) {
    test(`TS: ${name}`, () => {
      assert.equal(clipMatchesTag(TAG, start, duration), expected);
    });
  }

  test('offsetSeconds: tag time − clip start, 3 decimals, negative when the clip starts after', () => {
    assert.equal(offsetSeconds(TAG, s(-42)), 42);
    assert.equal(offsetSeconds(TAG, s(20)), -20);
    assert.equal(offsetSeconds(TAG, s(-1.2345)), 1.235);
    assert.equal(offsetSeconds(TAG, s(0.0001)), 0);
    assert.ok(!Object.is(offsetSeconds(TAG, s(0.0004)), -0));
  });

  describe('SQL agrees with TypeScript', () => {
    let db: Db;
    let dir: string;
    before(async () => {
      dir = await tempDir('courtside-match-');
      db = await openTestDb(dir);
    });
    after(async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    });

    test('every edge case', async () => {
      for (const [name, start, duration, expected] of CASES) {
        const r = await db.query<{ m: boolean }>(
          `SELECT ${matchConditionSql('$1::timestamptz', '$2::timestamptz', '$3::double precision')} AS m`,
          [new Date(TAG), new Date(start), duration],
        );
        assert.equal(r.rows[0]?.m, expected, `SQL: ${name}`);
        assert.equal(clipMatchesTag(TAG, start, duration), expected, `TS: ${name}`);
      }
    });
  });
});
