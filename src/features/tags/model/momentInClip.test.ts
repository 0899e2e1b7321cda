import { momentInClip, PLAY_LEAD_SECONDS } from './momentInClip';

describe('momentInClip: where a tagged moment falls in a matching clip', () => {
  it('says "at m:ss of m:ss" inside the clip and plays from a few seconds before the moment', () => {
    expect(PLAY_LEAD_SECONDS).toBe(5);
    expect(momentInClip(42, 90)).toEqual({ label: 'at 0:42 of 1:30', playFromSeconds: 37 });
    expect(momentInClip(0, 90)).toEqual({ label: 'at 0:00 of 1:30', playFromSeconds: 0 });
    expect(momentInClip(90, 90)).toEqual({ label: 'at 1:30 of 1:30', playFromSeconds: 85 });
    expect(momentInClip(3725.25, 4000)).toEqual({ label: 'at 1:02:05 of 1:06:40', playFromSeconds: 3720.25 });
  });

  it('never starts before the clip: a moment in its first seconds plays from 0', () => {
    expect(momentInClip(3, 90).playFromSeconds).toBe(0);
    expect(momentInClip(5, 90).playFromSeconds).toBe(0);
  });

  it('rounds the label to whole seconds, as the player shows them', () => {
    expect(momentInClip(41.6, 89.6).label).toBe('at 0:42 of 1:30');
    expect(momentInClip(-0.4, 10).label).toBe('at 0:00 of 0:10');
  });

  it('a clip that starts after the moment: says how long before it starts, plays from its start', () => {
    expect(momentInClip(-12, 90)).toEqual({ label: '0:12 before the clip starts', playFromSeconds: 0 });
    expect(momentInClip(-30, 2)).toEqual({ label: '0:30 before the clip starts', playFromSeconds: 0 });
  });

  it('a clip that ended before the moment: says how long after it ends, plays its last seconds', () => {
    expect(momentInClip(98, 90)).toEqual({ label: '0:08 after the clip ends', playFromSeconds: 85 });
    expect(momentInClip(31, 2)).toEqual({ label: '0:29 after the clip ends', playFromSeconds: 0 });
  });

  it('an unknown or zero duration: the offset alone, played from before the moment', () => {
    expect(momentInClip(42, null)).toEqual({ label: 'at 0:42', playFromSeconds: 37 });
    expect(momentInClip(42, 0)).toEqual({ label: 'at 0:42', playFromSeconds: 37 });
    expect(momentInClip(-3, null)).toEqual({ label: '0:03 before the clip starts', playFromSeconds: 0 });
  });

  it('keeps the play-from second to milliseconds (no float noise in the player’s URL)', () => {
    expect(momentInClip(10.1 + 0.2, 90).playFromSeconds).toBe(5.3);
  });

  it('reads a broken offset as the clip’s start', () => {
    expect(momentInClip(Number.NaN, 90)).toEqual({ label: 'at 0:00 of 1:30', playFromSeconds: 0 });
  });
});
