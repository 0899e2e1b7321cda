import { readLaunch, takeLaunch } from './launch';

const ID = '6f1c2f9e-1111-4222-8333-444455556666';

describe('readLaunch', () => {
  it('reads the session id and the token, and the address without it', () => {
    expect(readLaunch(`http://localhost:3000/editor/${ID}?token=abc-_123&x=1#h`)).toEqual({
      sessionId: ID,
      token: 'abc-_123',
      cleanUrl: `/editor/${ID}?x=1#h`,
    });
  });

  it('has no token after a reload, and no session off the editor path', () => {
    expect(readLaunch(`http://localhost:3000/editor/${ID}`)).toEqual({ sessionId: ID, token: null, cleanUrl: `/editor/${ID}` });
    expect(readLaunch('http://localhost:3000/editor/').sessionId).toBeNull();
    expect(readLaunch('http://localhost:3000/editor/a/b').sessionId).toBeNull();
    expect(readLaunch('http://localhost:3000/editor/%E0%A4%A').sessionId).toBeNull();
  });
});

describe('takeLaunch', () => {
  it('replaces the address (no new history entry) before answering', () => {
    const replaceState = jest.fn();
    const launch = takeLaunch({ href: `http://localhost:3000/editor/${ID}?token=SECRET` }, { replaceState, state: { k: 1 } });
    expect(launch).toEqual({ sessionId: ID, token: 'SECRET' });
    expect(replaceState).toHaveBeenCalledWith({ k: 1 }, '', `/editor/${ID}`);
  });

  it('leaves the address alone when there is no token', () => {
    const replaceState = jest.fn();
    takeLaunch({ href: `http://localhost:3000/editor/${ID}` }, { replaceState, state: null });
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('really strips the token from this document’s address', () => {
    window.history.pushState(null, '', `/editor/${ID}?token=SECRET`);
    const launch = takeLaunch(window.location, window.history);
    expect(launch.token).toBe('SECRET');
    expect(window.location.href).not.toContain('SECRET');
    expect(window.location.pathname).toBe(`/editor/${ID}`);
  });
});
