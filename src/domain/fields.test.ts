import * as v from 'valibot';
import { countSchema, idSchema, optionalCount, optionalText } from './fields';

describe('shared field schemas', () => {
  it('an id may be text or a number; it is always read as text', () => {
    expect(v.parse(idSchema, 'ev-1')).toBe('ev-1');
    expect(v.parse(idSchema, 42)).toBe('42');
  });

  it.each([null, undefined, true, { id: 1 }])('refuses %p as an id', (id) => {
    expect(v.safeParse(idSchema, id).success).toBe(false);
  });

  it('optional text and counts read a missing or null value as null', () => {
    const shape = v.object({ note: optionalText, count: optionalCount });
    expect(v.parse(shape, {})).toEqual({ note: null, count: null });
    expect(v.parse(shape, { note: null, count: null })).toEqual({ note: null, count: null });
  });

  it.each([-1, 1.5, '3', Number.NaN])('refuses %p as a count', (count) => {
    expect(v.safeParse(countSchema, count).success).toBe(false);
  });
});
