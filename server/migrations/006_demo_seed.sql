-- Demo data (server/lib/demo/seedDemo.ts; docs/decisions.md "Demo data"), seeded once on a fresh data directory.
-- The one row is written in the same transaction as the demo's venues, users, events and tags, so "seeded" and
-- "the rows exist" cannot disagree (a marker file could say one without the other). `clips` lists the clips
-- planned then; each becomes a clips row only once its file is in uploads/. A start stopped before
-- finished_at was set makes the ones still missing.
CREATE TABLE demo_seed (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  clips jsonb NOT NULL
);
