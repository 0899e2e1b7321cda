-- State every server on one database must share (docs/deploy.md "Several servers").
-- Refresh times of a sign-in within the refresh window (REFRESH_LIMIT), trimmed by each refresh.
ALTER TABLE sign_ins ADD COLUMN refreshed_at timestamptz[] NOT NULL DEFAULT '{}';

-- The token signing key where SECRET_KEY is not set and the database is PostgreSQL: made once by the first
-- server, read by the others (on PGlite the key stays in DATA_DIR/secret.key).
CREATE TABLE server_secret (
  id int PRIMARY KEY CHECK (id = 1),
  key text NOT NULL
);
