/**
 * Keeps the demo "now" (docs/decisions.md "Demo data"). demoPlan.ts places the demo relative to the moment it is
 * seeded: two events live then, others hours to days behind or ahead. Left there, the LIVE events are over within
 * hours and the upcoming ones slide into the past, so whoever runs `npm start` again tomorrow would see a stale
 * demo. Every later start therefore moves the demo forward by the time since it was last placed
 * (demo_seed.placed_at, migration 007): each of its times then stands to the new now exactly as it stood to the
 * first one, and every clip and tag keeps its place inside its event.
 *
 * What moves is the demo's and nothing else: the events the seeder wrote (demo_seed.event_ids; not merely the
 * coach's, since whoever tries the demo signs in as the coach, an admin, and may add events of their own); the
 * demo users' (demo_seed.user_ids) clips and tags at those events, which must move with them to stay inside
 * them and next to each other; and the unassociated clips the seeder made (ids in demo_seed.clips), which hang
 * off no event and are only the demo's when the seeder made them. Other users' events, and their clips at demo
 * events, keep their times: those are facts. created_at stays too: it says when a row was written, and the API
 * does not serve it.
 *
 * The clip files are real MP4s whose container creation_time stays the first placement: the API serves
 * recorded_at from the database, never from the file, so the demo shows the moved time.
 */
import type { AppContext } from '../context';

/** Restarts closer together than this move nothing: a restart a few seconds later changes no view. */
export const DEMO_MOVE_MIN_MS = 60_000;

/**
 * Moves a finished demo forward to `ctx.now()`, all in one transaction; returns by how many milliseconds (0: no
 * finished seed, less than DEMO_MOVE_MIN_MS since its placement, or a clock that went back — never backwards).
 */
export async function moveDemoForward(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const seed = (
      await tx.query<{ placed_at: Date; user_ids: string[]; event_ids: string[]; clip_ids: string[] }>(
        `SELECT placed_at, user_ids, event_ids,
           ARRAY(SELECT (c ->> 'id')::uuid FROM jsonb_array_elements(clips) AS c) AS clip_ids
         FROM demo_seed WHERE id = 1 AND finished_at IS NOT NULL`,
      )
    ).rows[0];
    if (!seed) return 0;
    const delta = now - seed.placed_at.getTime();
    if (delta < DEMO_MOVE_MIN_MS) return 0;

    const by = `($1::double precision * interval '1 millisecond')`;
    await tx.query(`UPDATE events SET start_time = start_time + ${by}, end_time = end_time + ${by} WHERE id = ANY($2::uuid[])`, [
      delta,
      seed.event_ids,
    ]);
    await tx.query(
      `UPDATE clips SET recorded_at = recorded_at + ${by}
       WHERE (event_id = ANY($2::uuid[]) AND user_id = ANY($3::uuid[])) OR (event_id IS NULL AND id = ANY($4::uuid[]))`,
      [delta, seed.event_ids, seed.user_ids, seed.clip_ids],
    );
    await tx.query(
      `UPDATE tags SET tagged_at = tagged_at + ${by} WHERE event_id = ANY($2::uuid[]) AND user_id = ANY($3::uuid[])`,
      [delta, seed.event_ids, seed.user_ids],
    );
    await tx.query('UPDATE demo_seed SET placed_at = $1 WHERE id = 1', [new Date(now)]);
    return delta;
  });
}

/** "1 d 2 h 5 min" for a log line. */
export function describeDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const parts: [number, string][] = [
    [Math.floor(minutes / 1440), 'd'],
    [Math.floor(minutes / 60) % 24, 'h'],
    [minutes % 60, 'min'],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}`);
  return shown.length > 0 ? shown.join(' ') : '0 min';
}
