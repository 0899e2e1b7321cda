import { parseLoginReturn, stateOfAuthUrl } from './loginCallback';

describe('parseLoginReturn', () => {
  it('is nothing on a plain /login', () => expect(parseLoginReturn('', 'local')).toEqual({ kind: 'none' }));

  it('reads code and state', () =>
    expect(parseLoginReturn('?code=abc&state=s1', 'local')).toEqual({ kind: 'callback', code: 'abc', state: 's1' }));

  it('refuses an empty code', () => expect(parseLoginReturn('?code=&state=s1', 'local')).toEqual({ kind: 'invalid' }));

  it.each(['?logout=success', '?local_logout=true', '?from=provider-logout'])('treats %s as a logout marker', (search) =>
    expect(parseLoginReturn(search, 'local')).toEqual({ kind: 'logout' }),
  );

  it('passes on a provider error', () =>
    expect(parseLoginReturn('?error=access_denied&error_description=User%20cancelled', 'local')).toEqual({
      kind: 'providerError',
      message: 'User cancelled',
    }));
});

describe('stateOfAuthUrl', () => {
  it('reads the state parameter', () => expect(stateOfAuthUrl('http://idp.test/authorize?state=xyz&x=1')).toBe('xyz'));
  it('is null for a non-URL', () => expect(stateOfAuthUrl('nope')).toBeNull());
});
