import { formatCoordinates, formatMiles, kilometresToMiles } from './geo';

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
