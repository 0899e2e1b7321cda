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

  it('cuts share ids to their first 4 characters: under shareId, beside a link url, and in /s/ and shares/ paths', () => {
    const shareId = 'Qm9vdHNPblRoZUdyb3VuZDEy';
    const url = `http://localhost:3000/s/${shareId}`;
    const link = { shareId, highlightId: 'h-1', url, status: 'active', viewCount: 3 };
    const state = {
      api: {
        queries: {
          'getHighlightShares("h-1")': { data: [link] },
          'getSharedHighlights(undefined)': { data: [{ shares: [link] }] },
        },
        mutations: { m1: { originalArgs: { shareId, highlightId: 'h-1' }, data: link } },
      },
      // A link as the API sends it (id, not shareId): its id is the one in its url.
      raw: { id: shareId, url },
      message: `POST /api/v1/shares/${shareId}/revoke failed; /media/shares/${shareId}/video`,
    };
    const out = devToolsOptions.stateSanitizer(state);
    expect(JSON.stringify(out)).not.toContain(shareId);
    expect(out.api.mutations.m1.originalArgs).toEqual({ shareId: 'Qm9v…', highlightId: 'h-1' });
    expect(out.api.mutations.m1.data).toEqual({ ...link, shareId: 'Qm9v…', url: 'http://localhost:3000/s/Qm9v…' });
    expect(out.raw).toEqual({ id: 'Qm9v…', url: 'http://localhost:3000/s/Qm9v…' });
    expect(out.message).toBe('POST /api/v1/shares/Qm9v…/revoke failed; /media/shares/Qm9v…/video');
    const action = { type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { shareId, highlightId: 'h-1' } } } };
    expect(JSON.stringify(devToolsOptions.actionSanitizer(action))).not.toContain(shareId);
    // Error reports too (a watch page address, say).
    expect(scrubSecrets(`at ${url}?t=1`)).toBe('at http://localhost:3000/s/Qm9v…?t=1');
  });

  it('leaves other ids and paths alone', () => {
    const other = { id: 'Qm9vdHNPblRoZUdyb3VuZDEy', url: 'http://localhost:3000/highlights/3a1f7c52', path: '/highlights/share' };
    expect(redactSecrets(other)).toEqual(other);
    expect(scrubSecrets('/api/v1/shares and /uploads/videos/abcdefgh')).toBe('/api/v1/shares and /uploads/videos/abcdefgh');
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
