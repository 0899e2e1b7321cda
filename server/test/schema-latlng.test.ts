import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as v from 'valibot';
import { latLng, optionalLatLng } from '../lib/schema';

/** "lat,lng" query values (`?near=`, `?latlng=`), read before any sign-in on the places look-up. */
describe('a "lat,lng" value', () => {
  test('as JavaScript prints numbers: plain, with a bare or trailing point, signed, with an exponent, spaced', () => {
    const read = (s: string) => v.parse(latLng, s);
    assert.deepEqual(read('41.9,-87.6'), { lat: 41.9, lng: -87.6 });
    assert.deepEqual(read(' 41.9 , -87.6 '), { lat: 41.9, lng: -87.6 });
    assert.deepEqual(read('.5,1.'), { lat: 0.5, lng: 1 });
    assert.deepEqual(read('+1e1,-1.5E-1'), { lat: 10, lng: -0.15 });
    assert.deepEqual(read('0,0'), { lat: 0, lng: 0 });
  });

  test('anything else is refused with the envelope message', () => {
    for (const bad of ['41.9', '1..2,3', '1,2,3', '.,1', '1e,2', 'a,b', '91,0', '0,181']) {
      assert.equal(v.safeParse(latLng, bad).success, false, bad);
    }
  });

  test('a value longer than any real pair is refused before it is matched', () => {
    // 2,400 digits took the old pattern seconds of a blocked server; this length, minutes.
    const long = `${'1'.repeat(5_000)},${'1'.repeat(10_000)}x`;
    const result = v.safeParse(optionalLatLng, long);
    assert.equal(result.success, false);
    assert.deepEqual(
      result.issues?.map((issue) => issue.message),
      ['must be "lat,lng"'],
      'one refusal: nothing else looked at the value',
    );
    assert.equal(v.safeParse(latLng, `${'1'.repeat(48)},${'2'.repeat(48)}`).success, false, 'out of range, yet read');
  });
});
