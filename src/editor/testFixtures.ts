/** A loaded session as the API answers it, for the editor's tests. */
export const ID = '6f1c2f9e-1111-4222-8333-444455556666';

export const SESSION = {
  id: ID,
  status: 'open',
  expiresAt: '2026-07-04T14:00:00.000Z',
  returnUrl: 'http://localhost/highlights/view',
  event: {
    id: 'e1',
    name: 'Spring Cup',
    sport: 'Soccer',
    startTime: '2026-07-04T23:00:00.000Z',
    endTime: null,
    timezone: 'America/New_York',
    location: { name: 'Fenway Park', city: 'Boston', state: 'MA' },
  },
  clips: [
    {
      id: 'c1',
      videoUrl: '/media/clips/c1/video?exp=1&sig=x',
      thumbnailUrl: null,
      duration: 30,
      timestamp: '2026-07-04T23:10:00.000Z',
      device: 'Apple iPhone 15 Pro',
      width: 160,
      height: 120,
      user: { email: 'coach@example.com' },
      moment: { offsetSeconds: 12, description: 'Goal' },
      trim: null as { inSeconds: number; outSeconds: number } | null,
    },
  ],
};

export const TWO_CLIPS = {
  ...SESSION,
  clips: [
    SESSION.clips[0]!,
    {
      ...SESSION.clips[0]!,
      id: 'c2',
      videoUrl: '/media/clips/c2/video?exp=1&sig=y',
      duration: 10,
      device: null,
      user: { email: 'parent@example.com' },
      moment: null,
    },
  ],
};
