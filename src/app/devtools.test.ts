import { makeToken } from '../test/tokens';
import { devToolsOptions, REDACTED, redactSecrets, scrubSecrets } from './devtools';

describe('DevTools sanitizers', () => {
  const token = makeToken({});

  it('redacts the session token and any JWT-shaped string, anywhere', () => {
    const state = {
      session: { token, user: { id: 'u-1', email: 'a@b.c' } },
      api: { mutations: { x: { originalArgs: { token }, data: { user: {}, token } } } },
      nested: [{ note: token }],
      inText: `failed with ${token} attached`,
      headers: 'Bearer abc.def.ghi',
    };
    const out = devToolsOptions.stateSanitizer(state);
    expect(JSON.stringify(out)).not.toContain(token);
    expect(out.session.token).toBe(REDACTED);
    expect(out.session.user.id).toBe('u-1');
    expect(out.inText).toBe(`failed with ${REDACTED} attached`);
    expect(out.headers).toBe(`Bearer ${REDACTED}`);
  });

  it('redacts action payloads', () => {
    const action = { type: 'session/sessionStarted', payload: { record: { token, user: { id: '1' } } } };
    expect(JSON.stringify(devToolsOptions.actionSanitizer(action))).not.toContain(token);
  });

  it('redacts e-mail addresses under their key and inside any text', () => {
    const state = {
      session: { user: { id: 'u-1', email: 'a@b.c' } },
      login: { error: { message: 'No account for coach.kim@example.com', hint: null } },
    };
    const out = devToolsOptions.stateSanitizer(state);
    expect(out.session.user.email).toBe(REDACTED);
    expect(out.login.error.message).toBe(`No account for ${REDACTED}`);
  });

  it('redacts sign-in codes: request arguments, authCode keys and callback URLs', () => {
    const code = 'q8Zr0K-vXn3_Pp1sLw4yTgHcE9bQfUoA2mD7jRk5aWs';
    const pending = {
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'completeLogin', originalArgs: { code } } },
    };
    const opened = { type: 'login/loginPageOpened', payload: { search: `?code=${code}&state=s-1` } };
    const other = { authCode: code, authorizationCode: code };
    const text = JSON.stringify([pending, opened, other].map((a) => devToolsOptions.actionSanitizer(a)));
    expect(text).not.toContain(code);
    expect(text).not.toContain('s-1');
    expect(devToolsOptions.actionSanitizer(opened).payload.search).toBe(`?code=${REDACTED}&state=${REDACTED}`);
  });

  it('keeps the error code of a failure envelope (support needs it)', () => {
    const error = { status: 400, data: { success: false, error: 'Code expired', code: 'AUTH_CODE_EXPIRED' } };
    expect(redactSecrets(error)).toEqual(error);
  });

  it('replaces what lies deeper than it checks instead of passing it on unchecked', () => {
    let deep: Record<string, unknown> = { token };
    for (let i = 0; i < 40; i += 1) deep = { next: deep };
    expect(JSON.stringify(redactSecrets(deep))).not.toContain(token);
  });

  it('leaves ordinary values alone', () => {
    expect(redactSecrets({ a: 1, b: 'hello.world', c: null, d: [true, 'x@y'] })).toEqual({
      a: 1,
      b: 'hello.world',
      c: null,
      d: [true, 'x@y'],
    });
  });

  it('scrubs free text for error reports without touching e-mail addresses', () => {
    expect(scrubSecrets(`Bearer abc for me@example.com at /login?code=c1&x=1`)).toBe(
      `Bearer ${REDACTED} for me@example.com at /login?code=${REDACTED}&x=1`,
    );
  });
});
