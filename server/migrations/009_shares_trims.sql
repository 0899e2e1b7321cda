-- Issue 13 (docs/decisions.md "Make my highlight", "Share links"; docs/api.md "Share links").

-- Trims chosen before the editor opens ('Make my highlight'): [{"clipId": uuid, "inSeconds": n, "outSeconds": n}],
-- at most one per clip of clip_ids; null when the app sent none (the editor then applies its defaults).
ALTER TABLE editor_sessions ADD COLUMN clip_trims jsonb;

-- A share link of a highlight: anyone holding its id may watch the highlight at /s/{id} without signing in,
-- until the owner revokes it or it expires. The id is 24 base64url characters of 18 random bytes (144 bits).
CREATE TABLE highlight_shares (
  id text PRIMARY KEY,
  highlight_id uuid NOT NULL REFERENCES highlights(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Null: never expires.
  expires_at timestamptz,
  revoked_at timestamptz,
  -- Public page loads (GET /s/{id} answered 200).
  view_count integer NOT NULL DEFAULT 0,
  last_viewed_at timestamptz
);
CREATE INDEX highlight_shares_user_idx ON highlight_shares (user_id, created_at DESC);
CREATE INDEX highlight_shares_highlight_idx ON highlight_shares (highlight_id, created_at DESC);
