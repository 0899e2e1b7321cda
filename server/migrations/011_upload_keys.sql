-- The client's Idempotency-Key of an upload (one per picked file): a retried upload — the connection lost while
-- the answer was on its way, or cut by the client's stall check — answers with the clip the first one made.
ALTER TABLE clips ADD COLUMN upload_key text;
CREATE UNIQUE INDEX clips_upload_key_idx ON clips (user_id, upload_key) WHERE upload_key IS NOT NULL;
