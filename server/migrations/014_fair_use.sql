-- Error reports are pruned by age and count (server/routes/errors.ts): oldest first.
CREATE INDEX error_reports_created_at ON error_reports (created_at);

-- The order editing sessions were opened in (times can tie): opening more than a user may keep open ends the
-- oldest (server/routes/editorSessions.ts).
ALTER TABLE editor_sessions ADD COLUMN opened_seq bigserial;
CREATE INDEX editor_sessions_open_by_user ON editor_sessions (user_id, opened_seq) WHERE status = 'open';

-- When a render job was last taken by a worker: the queue serves the user served least recently first
-- (server/lib/render/renderQueue.ts claimJob).
ALTER TABLE render_jobs ADD COLUMN claimed_at timestamptz;
