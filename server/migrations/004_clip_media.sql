-- What ffprobe found in an uploaded clip besides its duration: the video's frame size (NULL for clips stored
-- before this migration).
ALTER TABLE clips ADD COLUMN width integer;
ALTER TABLE clips ADD COLUMN height integer;
