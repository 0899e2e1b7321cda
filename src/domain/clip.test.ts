import * as v from 'valibot';
import { clipSchema, toClip } from './clip';

/** A clip as GET /clips/event/{id} sends it (docs/api.md "Clips"). */
const wireClip = {
  id: 'clip-1',
  eventId: '7f9c2b1e-0000-4000-8000-000000000001',
  filename: 'clip1.mp4',
  size: 1000,
  duration: 63,
  thumbnailUrl: '/media/clips/clip-1/thumbnail?sig=x',
  videoUrl: '/media/clips/clip-1/video?sig=x',
  timestamp: '2026-07-04T23:01:00.000Z',
  device: 'Apple iPhone 15 Pro',
  tag: 'Opening goal',
  user: { email: 'coach.kim@example.com' },
};

describe('the clip schema', () => {
  it('reads a clip into what the cards show', () => {
    expect(toClip(v.parse(clipSchema, wireClip))).toEqual({
      id: 'clip-1',
      eventId: wireClip.eventId,
      thumbnailUrl: '/media/clips/clip-1/thumbnail?sig=x',
      videoUrl: '/media/clips/clip-1/video?sig=x',
      durationSeconds: 63,
      recordedAt: '2026-07-04T23:01:00.000Z',
      tag: 'Opening goal',
      device: 'Apple iPhone 15 Pro',
      uploaderEmail: 'coach.kim@example.com',
    });
  });

  it('accepts what a clip may lack (another user’s, or one without an event); numeric ids become text', () => {
    expect(toClip(v.parse(clipSchema, { id: 7, eventId: 3, timestamp: '2026-07-04T23:01:00.000Z', thumbnailUrl: '' }))).toEqual({
      id: '7',
      eventId: '3',
      thumbnailUrl: null,
      videoUrl: null,
      durationSeconds: null,
      recordedAt: '2026-07-04T23:01:00.000Z',
      tag: null,
      device: null,
      uploaderEmail: null,
    });
  });

  it.each([
    ['no recording time', { ...wireClip, timestamp: undefined }, 'timestamp'],
    ['a duration that is text', { ...wireClip, duration: '0:02' }, 'duration'],
    ['no id', { ...wireClip, id: null }, 'id'],
    ['an uploader e-mail that is a number', { ...wireClip, user: { email: 1 } }, 'user.email'],
  ])('refuses a clip with %s, naming the field', (_what, raw, field) => {
    const parsed = v.safeParse(clipSchema, raw);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0] && v.getDotPath(parsed.issues[0])).toBe(field);
  });
});
