-- A clip's stated length is believed up to 24 hours (MAX_CLIP_SECONDS, server/lib/ffmpeg.ts): a crafted file could
-- state 10^13 s, and adding that to a time failed every listing of its event. Such lengths become unknown.
UPDATE clips SET duration = NULL WHERE duration > 86400 OR duration < 0 OR duration = 'NaN'::double precision;
