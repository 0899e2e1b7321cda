import { MOBILE_MEDIA_QUERY } from '../app/device';
import { phoneMatchMedia } from './phoneMatchMedia';

describe('phoneMatchMedia', () => {
  const at412 = phoneMatchMedia(412);

  it('answers width queries as a screen that wide', () => {
    expect(at412(MOBILE_MEDIA_QUERY).matches).toBe(true);
    expect(at412('(min-width:768px)').matches).toBe(false);
    expect(at412('(min-width: 400px)').matches).toBe(true);
    expect(at412('(max-width: 411.5px)').matches).toBe(false);
    expect(at412('(min-width: 400px) and (max-width: 500px)').matches).toBe(true);
    expect(at412('(min-width: 400px) and (max-width: 410px)').matches).toBe(false);
  });

  it('matches nothing it cannot evaluate', () => {
    expect(at412('(prefers-reduced-motion: reduce)').matches).toBe(false);
    expect(at412('(min-width: 20em)').matches).toBe(false);
    expect(at412('').matches).toBe(false);
  });
});
