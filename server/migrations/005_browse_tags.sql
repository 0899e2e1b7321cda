-- Part 2 browsing (docs/product/part-2.md §2, §7): the recording device of a clip, the tags table, and the
-- indexes the listing calls need to stay fast with 10,000 clips and 1,000 events (npm run bench:api).

-- "Make Model" from the container's tags (Apple's com.apple.quicktime.make/model, Android's
-- com.android.manufacturer/model, plain make/model); NULL when the file does not say.
ALTER TABLE clips ADD COLUMN device text;

-- A tagged moment (docs/product/part-2.md §3 "Tag"): when it happened (tagged_at, the instant of the tap),
-- at which event, by whom. The API is built by the tags issue; the demo data seeds some already.
CREATE TABLE tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  tagged_at timestamptz NOT NULL,
  type text NOT NULL DEFAULT 'moment',
  description text,
  latitude double precision,
  longitude double precision,
  -- The client's Idempotency-Key: a retried tap answers with the tag it already made.
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_idempotency_idx ON tags (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX tags_event_time_idx ON tags (event_id, tagged_at);
CREATE INDEX tags_user_time_idx ON tags (user_id, tagged_at DESC);
-- A clip's matching tag (its owner's, at its event, within a time window) and a user's tag count per event.
CREATE INDEX tags_user_event_time_idx ON tags (user_id, event_id, tagged_at);

-- My Clips (a user's clips grouped by event), an event's clips in time order, unassociated clips.
CREATE INDEX clips_user_event_time_idx ON clips (user_id, event_id, recorded_at);
CREATE INDEX clips_event_time_idx ON clips (event_id, recorded_at);
CREATE INDEX clips_unassociated_idx ON clips (user_id, recorded_at DESC) WHERE event_id IS NULL;
CREATE INDEX events_location_idx ON events (location_id);
