import { makeToken } from '../test/tokens';
import { devToolsOptions, REDACTED, redactSecrets } from './devtools';

describe('DevTools sanitizers', () => {
  const token = makeToken({});

  it('redacts the session token and any JWT-shaped string, anywhere', () => {
    const state = {
      session: { token, user: { email: 'a@b.c' } },
      api: { mutations: { x: { originalArgs: { token }, data: { user: {}, token } } } },
      nested: [{ note: token }],
      headers: 'Bearer abc.def.ghi',
    };
    const out = devToolsOptions.stateSanitizer(state);
    expect(JSON.stringify(out)).not.toContain(token);
    expect(out.session.token).toBe(REDACTED);
    expect(out.session.user.email).toBe('a@b.c');
    expect(out.headers).toBe(`Bearer ${REDACTED}`);
  });

  it('redacts action payloads', () => {
    const action = { type: 'session/sessionStarted', payload: { record: { token, user: { id: '1' } } } };
    expect(JSON.stringify(devToolsOptions.actionSanitizer(action))).not.toContain(token);
  });

  it('leaves ordinary values alone', () => {
    expect(redactSecrets({ a: 1, b: 'hello.world', c: null })).toEqual({ a: 1, b: 'hello.world', c: null });
  });
});
