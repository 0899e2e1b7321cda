import {
  CANCEL_FAILED_MESSAGE,
  CANCEL_TIMEOUT_MS,
  createEditorApi,
  EXPIRED_MESSAGE,
  INVALID_LINK_MESSAGE,
  LOAD_FAILED_MESSAGE,
  LOAD_TIMEOUT_MS,
  NOT_FOUND_MESSAGE,
} from './editorApi';
import { ID, SESSION } from './testFixtures';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof fetch;
  return { calls, api: createEditorApi(fetchImpl) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers only when aborted, as a browser does at the deadline. */
const hanging = (call: Call) =>
  new Promise<Response>((_, reject) => {
    call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('exchangeToken', () => {
  it('posts the token in the body, never in the address, and answers the credential', async () => {
    const { api, calls } = fakeFetch(() => json(200, { success: true, data: { credential: 'ced.x', expiresAt: 'later' } }));
    await expect(api.exchangeToken(ID, 'TOKEN')).resolves.toEqual({ credential: 'ced.x', expiresAt: 'later' });
    expect(calls[0]?.url).toBe(`/api/v1/editor-sessions/${ID}/credential`);
    expect(calls[0]?.url).not.toContain('TOKEN');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ token: 'TOKEN' }),
      referrerPolicy: 'no-referrer',
    });
  });

  it.each([
    [401, INVALID_LINK_MESSAGE],
    [404, NOT_FOUND_MESSAGE],
    [410, EXPIRED_MESSAGE],
    [500, LOAD_FAILED_MESSAGE],
  ])('%i → %s', async (status, message) => {
    const { api } = fakeFetch(() => json(status, { success: false, error: 'server text' }));
    await expect(api.exchangeToken(ID, 'T')).rejects.toMatchObject({ message, status });
  });

  it('refuses an answer of the wrong shape', async () => {
    const { api } = fakeFetch(() => json(200, { success: true, data: { credential: 5 } }));
    await expect(api.exchangeToken(ID, 'T')).rejects.toMatchObject({ message: LOAD_FAILED_MESSAGE });
  });
});

describe('loadSession', () => {
  it('sends the credential in its header and reads the session', async () => {
    const { api, calls } = fakeFetch(() => json(200, { success: true, data: { session: SESSION } }));
    const session = await api.loadSession(ID, 'ced.x');
    expect(session.clips[0]?.moment).toEqual({ offsetSeconds: 12, description: 'Goal' });
    expect(calls[0]?.init.headers).toMatchObject({ 'X-Editor-Credential': 'ced.x' });
    expect(calls[0]?.init.method).toBe('GET');
  });

  it.each([
    [404, NOT_FOUND_MESSAGE],
    [410, EXPIRED_MESSAGE],
    [401, LOAD_FAILED_MESSAGE],
    [500, LOAD_FAILED_MESSAGE],
  ])('%i → the §8 text', async (status, message) => {
    const { api } = fakeFetch(() => json(status, { success: false, error: 'x' }));
    await expect(api.loadSession(ID, 'c')).rejects.toMatchObject({ message, status });
  });

  it('reads each clip’s preset trim; none, or one it cannot read, is null', async () => {
    const [first] = SESSION.clips;
    const clips = [
      { ...first, id: 'with', trim: { inSeconds: 4, outSeconds: 16.5 } },
      { ...first, id: 'without' },
      { ...first, id: 'null', trim: null },
      { ...first, id: 'garbage', trim: { inSeconds: '4', outSeconds: 16 } },
    ];
    const { api } = fakeFetch(() => json(200, { success: true, data: { session: { ...SESSION, clips } } }));
    const session = await api.loadSession(ID, 'c');
    expect(session.clips.map((c) => [c.id, c.trim])).toEqual([
      ['with', { inSeconds: 4, outSeconds: 16.5 }],
      ['without', null],
      ['null', null],
      ['garbage', null],
    ]);
  });

  it('reads a malformed or non-JSON answer as a failure', async () => {
    const { api } = fakeFetch(() => new Response('<html>', { status: 200 }));
    await expect(api.loadSession(ID, 'c')).rejects.toMatchObject({ message: LOAD_FAILED_MESSAGE, status: 0 });
    const noClips = fakeFetch(() => json(200, { success: true, data: { session: { ...SESSION, clips: [] } } }));
    await expect(noClips.api.loadSession(ID, 'c')).rejects.toMatchObject({ message: LOAD_FAILED_MESSAGE });
  });

  it('gives up after 10 s', async () => {
    jest.useFakeTimers();
    try {
      const { api } = fakeFetch(hanging);
      const loading = api.loadSession(ID, 'c');
      const outcome = expect(loading).rejects.toMatchObject({ message: LOAD_FAILED_MESSAGE, status: 0 });
      await jest.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS - 1);
      let settled = false;
      void loading.catch(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await outcome;
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('render', () => {
  const body = { title: 'Best of', clips: [{ clipId: 'c1', inSeconds: 4, outSeconds: 16 }] };

  it('posts the edit with the credential and answers where to go', async () => {
    const { api, calls } = fakeFetch(() =>
      json(201, { success: true, data: { highlightId: 'h1', returnUrl: '/highlights/view?x' } }),
    );
    await expect(api.render(ID, 'ced.x', body)).resolves.toEqual({ highlightId: 'h1', returnUrl: '/highlights/view?x' });
    expect(calls[0]?.url).toBe(`/api/v1/editor-sessions/${ID}/render`);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(body);
  });

  it("shows the server's reason for a refused edit, and the §8 texts for a gone session", async () => {
    const refused = fakeFetch(() => json(400, { success: false, error: 'clips[0]: too short' }));
    await expect(refused.api.render(ID, 'c', body)).rejects.toMatchObject({ message: 'clips[0]: too short' });
    const gone = fakeFetch(() => json(410, { success: false, error: 'x' }));
    await expect(gone.api.render(ID, 'c', body)).rejects.toMatchObject({ message: EXPIRED_MESSAGE });
    const broken = fakeFetch(() => json(500, { success: false, error: 'internal detail' }));
    await expect(broken.api.render(ID, 'c', body)).rejects.toMatchObject({
      message: 'Failed to start rendering. Please try again.',
    });
  });
});

describe('cancel', () => {
  it('posts with the credential', async () => {
    const { api, calls } = fakeFetch(() => json(200, { success: true, data: { id: ID, status: 'cancelled' } }));
    await api.cancel(ID, 'ced.x');
    expect(calls[0]).toMatchObject({ url: `/api/v1/editor-sessions/${ID}/cancel`, init: { method: 'POST' } });
  });

  it('fails with the §8 text on a refusal', async () => {
    const { api } = fakeFetch(() => json(409, { success: false, error: 'completed' }));
    await expect(api.cancel(ID, 'c')).rejects.toMatchObject({ message: CANCEL_FAILED_MESSAGE, status: 409 });
  });

  it('gives up after 5 s', async () => {
    jest.useFakeTimers();
    try {
      const { api } = fakeFetch(hanging);
      const outcome = expect(api.cancel(ID, 'c')).rejects.toMatchObject({ message: CANCEL_FAILED_MESSAGE });
      await jest.advanceTimersByTimeAsync(CANCEL_TIMEOUT_MS);
      await outcome;
    } finally {
      jest.useRealTimers();
    }
  });
});
