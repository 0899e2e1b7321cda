import {
  distanceMiles,
  EARTH_RADIUS_MILES,
  formatCoordinates,
  formatMiles,
  kilometresToMiles,
  NEARBY_RADIUS_MILES,
  roundCoordinate,
} from './geo';

describe('kilometresToMiles', () => {
  it('converts with the international mile', () => {
    expect(kilometresToMiles(1.609344)).toBeCloseTo(1, 10);
    expect(kilometresToMiles(50)).toBeCloseTo(31.0686, 4);
  });
});

describe('formatMiles', () => {
  it.each([
    [0, '0.0 mi'],
    [0.44, '0.4 mi'],
    [0.45, '0.5 mi'],
    [12, '12.0 mi'],
    [1234.56, '1,234.6 mi'],
  ])('%d → %s', (miles, text) => expect(formatMiles(miles, 'en-US')).toBe(text));

  it('never shows a negative distance', () => {
    expect(formatMiles(-0.01, 'en-US')).toBe('0.0 mi');
  });

  it('follows the locale', () => {
    expect(formatMiles(3.25, 'de-DE')).toMatch(/^3,3\smi$/);
  });
});

describe('formatCoordinates', () => {
  it('shows 6 decimals by default and fewer when asked', () => {
    expect(formatCoordinates(41.948438, -87.655333)).toBe('41.948438, -87.655333');
    expect(formatCoordinates(41.948438, -87.655333, 4)).toBe('41.9484, -87.6553');
    expect(formatCoordinates(41.9, -87)).toBe('41.900000, -87.000000');
    expect(formatCoordinates(33.4453004, -112.0667006)).toBe('33.445300, -112.066701');
  });
});

describe('distanceMiles', () => {
  const wrigley = { latitude: 41.9484, longitude: -87.6553 };
  const soldierField = { latitude: 41.8623, longitude: -87.6167 };

  it('is zero from a point to itself', () => {
    expect(distanceMiles(wrigley, wrigley)).toBe(0);
  });

  it('measures with the 3959-mile Earth and rounds to 0.1', () => {
    // 0.0861° of latitude and 0.0386° of longitude at 41.9° N: 6.3 miles.
    expect(distanceMiles(wrigley, soldierField)).toBe(6.3);
    expect(distanceMiles(soldierField, wrigley)).toBe(6.3);
    // One degree of latitude is 3959 · π / 180 = 69.0975… miles.
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBe(69.1);
    expect(EARTH_RADIUS_MILES).toBe(3959);
  });

  it('gives half the circumference (π · 3959) for antipodal points, never NaN', () => {
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBe(12437.6);
    expect(distanceMiles({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 })).toBe(12437.6);
  });

  it('crosses the antimeridian the short way', () => {
    expect(distanceMiles({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBe(69.1);
  });
});

describe('roundCoordinate', () => {
  it('keeps 4 decimals', () => {
    expect(roundCoordinate(41.948438)).toBe(41.9484);
    expect(roundCoordinate(-87.655351)).toBe(-87.6554);
    expect(roundCoordinate(12)).toBe(12);
  });
});

describe('NEARBY_RADIUS_MILES', () => {
  it('is the 25 miles of docs/decisions.md', () => {
    expect(NEARBY_RADIUS_MILES).toBe(25);
  });
});
