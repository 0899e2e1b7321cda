import fc from 'fast-check';
import { lenientDecode, parseLoginReturn, stateOfAuthUrl } from './loginCallback';

describe('parseLoginReturn', () => {
  it('is nothing on a plain /login', () => expect(parseLoginReturn('')).toEqual({ kind: 'none' }));

  it('reads code and state', () =>
    expect(parseLoginReturn('?code=abc&state=s1')).toEqual({ kind: 'callback', code: 'abc', state: 's1' }));

  it('reads a callback without a state (the API gave none), and an empty state as none', () => {
    expect(parseLoginReturn('?code=abc')).toEqual({ kind: 'callback', code: 'abc', state: null });
    expect(parseLoginReturn('?code=abc&state=')).toEqual({ kind: 'callback', code: 'abc', state: null });
  });

  it('decodes escapes in code and state', () =>
    expect(parseLoginReturn('?code=a%2Fb%3D&state=s%20t')).toEqual({ kind: 'callback', code: 'a/b=', state: 's t' }));

  it('reads the issuer a provider names (RFC 9207); refuses one given twice', () => {
    expect(parseLoginReturn('?code=abc&state=s1&iss=https%3A%2F%2Fsso.example')).toStrictEqual({
      kind: 'callback',
      code: 'abc',
      state: 's1',
      iss: 'https://sso.example',
    });
    expect(parseLoginReturn('?code=abc&state=s1&iss=a&iss=b')).toEqual({ kind: 'invalid' });
  });

  it('refuses an empty code', () => expect(parseLoginReturn('?code=&state=s1')).toEqual({ kind: 'invalid' }));

  it.each([
    '?logout=success',
    '?local_logout=true',
    '?keycloak_logout=true',
    '?from=provider-logout',
    '?from=%6C%6F%67%6F%75%74%E0%A4',
  ])('treats %s as a logout marker', (search) => expect(parseLoginReturn(search)).toEqual({ kind: 'logout' }));

  it('passes on a provider error', () =>
    expect(parseLoginReturn('?error=access_denied&error_description=User%20cancelled')).toEqual({
      kind: 'providerError',
      message: 'User cancelled',
    }));

  describe('a malformed address never throws', () => {
    it.each([
      ['?next=%E0%A4%A', { kind: 'none' }],
      ['?next=%', { kind: 'none' }],
      ['?next=%zz&x=%E0', { kind: 'none' }],
      ['?%E0%A4%A=1', { kind: 'none' }],
      ['?code=%E0%A4%A&state=s1', { kind: 'invalid' }],
      ['?code=abc&state=%E0%A4%A', { kind: 'invalid' }],
      ['?code=abc&state=s1&state=s2', { kind: 'invalid' }],
      ['?code=a&code=b&state=s1', { kind: 'invalid' }],
      ['?code=abc&state=s1&next=%E0%A4%A', { kind: 'callback', code: 'abc', state: 's1' }],
      ['?logout=%E0%A4%A', { kind: 'logout' }],
      ['?local_logout=%', { kind: 'logout' }],
      ['?error=%E0%A4%A', { kind: 'providerError', message: '%E0%A4%A' }],
      ['?error_description=Bad%20%E0%A4%A', { kind: 'providerError', message: 'Bad %E0%A4%A' }],
    ])('%s → %j', (search, expected) => expect(parseLoginReturn(search)).toEqual(expected));

    it('for any query string at all', () =>
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom('%', 'E', '0', 'A', '4', '=', '&', '?', 'c', 'o', 'd', 'e', '+', 'é', '\uD800') }),
          (s) => {
            expect(() => parseLoginReturn(s)).not.toThrow();
            expect(() => lenientDecode(s)).not.toThrow();
          },
        ),
      ));
  });
});

describe('lenientDecode', () => {
  it('decodes what it can and keeps malformed escapes', () => {
    expect(lenientDecode('a%20b%E0%A4%A')).toBe('a b%E0%A4%A');
    expect(lenientDecode('%E2%9C%93+ok')).toBe('✓ ok');
  });
});

describe('stateOfAuthUrl', () => {
  it('reads the state parameter', () => expect(stateOfAuthUrl('http://idp.test/authorize?state=xyz&x=1')).toBe('xyz'));
  it('is null without one, or an empty one', () => {
    expect(stateOfAuthUrl('http://idp.test/authorize?x=1')).toBeNull();
    expect(stateOfAuthUrl('http://idp.test/authorize?state=')).toBeNull();
  });
  it('is null for a non-URL', () => expect(stateOfAuthUrl('nope')).toBeNull());
});
