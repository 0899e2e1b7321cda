-- Venues (seeded from server/data/venues.json and created by admins), events and uploaded clips.
CREATE TABLE locations (
  id text PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT '',
  zip text NOT NULL DEFAULT '',
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  timezone text NOT NULL DEFAULT 'America/Chicago',
  sport text,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  sport text NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz,
  location_id text NOT NULL REFERENCES locations(id),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_start_time_idx ON events (start_time);

CREATE TABLE clips (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id uuid REFERENCES events(id) ON DELETE SET NULL,
  filename text NOT NULL,
  stored_name text NOT NULL,
  mime_type text NOT NULL,
  size bigint NOT NULL,
  duration double precision,
  thumbnail_name text,
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clips_event_idx ON clips (event_id);
CREATE INDEX clips_user_idx ON clips (user_id);
