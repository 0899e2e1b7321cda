-- Highlights (docs/product/part-2.md §3 "Highlight", "Editing session"; §4 Editing flow; §7 editor-sessions and
-- highlights calls): an editing session hands chosen clips to the editor; the editor's Render makes a highlight
-- (processing) and its render job; a worker renders it with ffmpeg and the highlight becomes playable.

-- A hand-off to the editor. Expires 2 h after creation. The launch token (in the editor's URL) is stored only as
-- its SHA-256 and is cleared when the editor trades it for a session-scoped credential, so it works once.
CREATE TABLE editor_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  -- In the order the user chose them.
  clip_ids uuid[] NOT NULL,
  return_url text NOT NULL,
  launch_token_hash text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'cancelled', 'completed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX editor_sessions_user_idx ON editor_sessions (user_id, created_at DESC);

-- A highlight: processing until its render is done (stored_name set), then playable.
CREATE TABLE highlights (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  editor_session_id uuid UNIQUE REFERENCES editor_sessions(id) ON DELETE SET NULL,
  title text NOT NULL,
  -- The edit, in order: [{"clipId": uuid, "inSeconds": number, "outSeconds": number}].
  clips jsonb NOT NULL,
  -- Render progress as stages: queued, rendering (progress 0–100), finishing, done, failed (failure_reason).
  stage text NOT NULL DEFAULT 'queued' CHECK (stage IN ('queued', 'rendering', 'finishing', 'done', 'failed')),
  progress real NOT NULL DEFAULT 0,
  failure_reason text,
  -- Files under DATA_DIR/highlights/ once rendered.
  stored_name text,
  poster_name text,
  duration_seconds double precision,
  size_bytes bigint,
  width integer,
  height integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  rendered_at timestamptz
);
CREATE INDEX highlights_user_time_idx ON highlights (user_id, created_at DESC);

-- The render queue. Workers take a job with FOR UPDATE SKIP LOCKED (server/lib/render/renderQueue.ts) and hold a
-- lease they renew while rendering; a job whose lease ran out (its worker died with the server) is taken again.
CREATE TABLE render_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  highlight_id uuid NOT NULL UNIQUE REFERENCES highlights(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX render_jobs_waiting_idx ON render_jobs (created_at) WHERE state IN ('queued', 'active');
