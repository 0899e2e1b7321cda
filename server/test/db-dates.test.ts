import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Db } from '../db';
import { tempDir } from './helpers';
import { openTestDb } from './testDb';

/** Times read back from the database are the instants stored, on both engines, across the contract's years. */
describe('timestamps from the database', () => {
  let db: Db;
  let dir: string;
  before(async () => {
    dir = await tempDir('courtside-dates-');
    db = await openTestDb(dir);
  });
  after(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  const EDGES = [
    '0001-01-01T00:00:00.000Z',
    '0050-06-01T10:00:00.000Z',
    '0099-12-31T23:59:59.999Z',
    '1800-01-01T00:00:00.000Z',
    '2030-06-01T10:00:00.123Z',
    '9999-12-31T23:59:59.000Z',
  ];

  test('a literal and a Date parameter come back as the same instant (years under 100 are not 19xx)', async () => {
    for (const iso of EDGES) {
      const r = await db.query<{ literal: Date; param: Date }>(
        `SELECT $1::text::timestamptz AS literal, $2::timestamptz AS param`,
        [iso, new Date(iso)],
      );
      assert.equal(r.rows[0]?.literal.toISOString(), iso, `literal ${iso}`);
      assert.equal(r.rows[0]?.param.toISOString(), iso, `parameter ${iso}`);
    }
  });

  test('in a session zone whose 1800s offset has seconds (Berlin, +00:53:28), the instant is kept', async () => {
    await db.transaction(async (tx) => {
      await tx.exec("SET LOCAL TimeZone = 'Europe/Berlin'");
      const r = await tx.query<{ t: Date; text: string }>(
        `SELECT $1::text::timestamptz AS t, $1::text::timestamptz::text AS text`,
        ['1800-01-01T00:00:00Z'],
      );
      assert.match(r.rows[0]?.text ?? '', /\+00:53:28$/, 'the engine prints the offset with seconds');
      assert.equal(r.rows[0]?.t.toISOString(), '1800-01-01T00:00:00.000Z');
    });
  });

  test('±infinity read as ±Infinity', async () => {
    const r = await db.query<{ a: number; b: number }>(`SELECT 'infinity'::timestamptz AS a, '-infinity'::timestamptz AS b`);
    assert.equal(r.rows[0]?.a, Infinity);
    assert.equal(r.rows[0]?.b, -Infinity);
  });
});
