import { returnPathOf } from './returnPath';

describe('returnPathOf', () => {
  it('returns the page the route guard turned away', () => {
    expect(returnPathOf({ from: '/event/recent' })).toBe('/event/recent');
    expect(returnPathOf({ from: '/clips/list?page=2' })).toBe('/clips/list?page=2');
  });

  it('goes home without a usable state', () => {
    expect(returnPathOf(null)).toBe('/');
    expect(returnPathOf(undefined)).toBe('/');
    expect(returnPathOf('/event/recent')).toBe('/');
    expect(returnPathOf({})).toBe('/');
    expect(returnPathOf({ from: 42 })).toBe('/');
  });

  it('never leaves the app or loops back to the login screen', () => {
    expect(returnPathOf({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPathOf({ from: '//evil.example/' })).toBe('/');
    expect(returnPathOf({ from: '/\\evil.example/' })).toBe('/');
    expect(returnPathOf({ from: 'event/recent' })).toBe('/');
    expect(returnPathOf({ from: '/login' })).toBe('/');
    expect(returnPathOf({ from: '/login?logout=1' })).toBe('/');
  });
});
