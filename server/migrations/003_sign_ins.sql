-- One row per sign-in (a callback that issued a token). Every token carries its sign-in's id (`sid`), and
-- refreshes keep it, so logout or an admin revoke/delete ends all tokens of the sign-in at once.
CREATE TABLE sign_ins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  -- exp of the newest token issued for it: past that (plus the refresh grace) nothing of it can be used.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX sign_ins_active_by_user ON sign_ins (user_id) WHERE revoked_at IS NULL;
