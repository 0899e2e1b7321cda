-- Keeping the demo "now" (server/lib/demo/moveDemo.ts; docs/decisions.md "Demo data"): every start moves the
-- demo forward by the time since it was last placed. placed_at is that time; user_ids and event_ids are the
-- users and events the seeder wrote, so only the demo's rows move (never an event an admin made, nor a clip
-- someone else filmed at a demo event).
ALTER TABLE demo_seed ADD COLUMN placed_at timestamptz;
ALTER TABLE demo_seed ADD COLUMN user_ids uuid[];
ALTER TABLE demo_seed ADD COLUMN event_ids uuid[];

-- A seed written before this migration was placed at started_at, and its claim transaction gave its users and
-- events that very instant as created_at (users are only soft-deleted, and created_at never changes): nobody
-- else's row can carry it, the claim having found the users and events tables empty.
UPDATE demo_seed s
SET
  placed_at = s.started_at,
  user_ids = coalesce((SELECT array_agg(u.id) FROM users u WHERE u.created_at = s.started_at), '{}'),
  event_ids = coalesce(
    (
      SELECT array_agg(e.id)
      FROM events e
      JOIN users u ON u.id = e.created_by AND u.created_at = s.started_at
      WHERE e.created_at = s.started_at
    ),
    '{}'
  );

ALTER TABLE demo_seed ALTER COLUMN placed_at SET NOT NULL;
ALTER TABLE demo_seed ALTER COLUMN user_ids SET NOT NULL;
ALTER TABLE demo_seed ALTER COLUMN event_ids SET NOT NULL;
