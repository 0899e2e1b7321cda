/**
 * The editor's calls to the local API (docs/api.md "Editor sessions"). The editor stands in for an external
 * product, so it has its own small client: plain fetch, every answer checked with valibot, an AbortController
 * deadline per call (load 10 s, cancel 5 s: docs/product/part-2.md §9), and the §8 "Loading a session" texts.
 * The launch token is sent once, in a POST body; the credential travels in the X-Editor-Credential header.
 * Nothing here logs.
 */
import * as v from 'valibot';
import type { RenderBody } from './edit';

export const LOAD_TIMEOUT_MS = 10_000;
export const CANCEL_TIMEOUT_MS = 5_000;
export const RENDER_TIMEOUT_MS = 10_000;

export const NOT_FOUND_MESSAGE = 'Editing session not found. It may have expired.';
export const EXPIRED_MESSAGE = 'Editing session has expired.';
export const LOAD_FAILED_MESSAGE = 'Failed to load editing session.';
export const CANCEL_FAILED_MESSAGE = 'Failed to cancel editing session';
export const INVALID_LINK_MESSAGE = 'Editor link is invalid or was already used';
export const RENDER_FAILED_MESSAGE = 'Failed to start rendering. Please try again.';

const CREDENTIAL_HEADER = 'X-Editor-Credential';

const Envelope = <T extends v.GenericSchema>(data: T) => v.object({ success: v.literal(true), data });
const ErrorEnvelope = v.object({ success: v.literal(false), error: v.string() });

const CredentialAnswer = Envelope(v.object({ credential: v.pipe(v.string(), v.minLength(1)), expiresAt: v.string() }));

const Moment = v.object({ offsetSeconds: v.number(), description: v.nullish(v.string(), null) });
/**
 * The trim the app chose before the editor opened ('Make my highlight'), or null. An extra: one the editor cannot
 * read counts as none (the default trim then) rather than failing the whole session.
 */
const PresetTrim = v.fallback(v.nullish(v.object({ inSeconds: v.number(), outSeconds: v.number() }), null), null);
const SessionClip = v.object({
  id: v.string(),
  videoUrl: v.string(),
  thumbnailUrl: v.nullish(v.string(), null),
  duration: v.nullish(v.number(), null),
  timestamp: v.string(),
  device: v.nullish(v.string(), null),
  user: v.nullish(v.object({ email: v.nullish(v.string(), null) }), null),
  moment: v.nullish(Moment, null),
  trim: PresetTrim,
});
const SessionEvent = v.object({
  id: v.string(),
  name: v.string(),
  sport: v.string(),
  startTime: v.string(),
  timezone: v.nullish(v.string(), null),
  location: v.nullish(
    v.object({ name: v.nullish(v.string(), null), city: v.nullish(v.string(), null), state: v.nullish(v.string(), null) }),
    null,
  ),
});
const Session = v.object({
  id: v.string(),
  status: v.string(),
  expiresAt: v.string(),
  returnUrl: v.string(),
  event: SessionEvent,
  clips: v.pipe(v.array(SessionClip), v.minLength(1)),
});
const SessionAnswer = Envelope(v.object({ session: Session }));
const RenderAnswer = Envelope(v.object({ highlightId: v.string(), returnUrl: v.string() }));
const CancelAnswer = Envelope(v.object({ id: v.string(), status: v.literal('cancelled') }));

export type EditorSession = v.InferOutput<typeof Session>;
export type EditorClip = v.InferOutput<typeof SessionClip>;

/** A failed call, with the text to show and the HTTP status (0: no answer or an answer we could not read). */
export class EditorApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'EditorApiError';
  }
}

interface Answer {
  status: number;
  body: unknown;
}

type Fetch = typeof fetch;

async function send(fetchImpl: Fetch, url: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchImpl(url, {
      ...init,
      signal: controller.signal,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    return { status: res.status, body };
  } finally {
    clearTimeout(timer);
  }
}

/** The server's own error text when the answer is an error envelope. */
function serverMessage(body: unknown): string | null {
  const parsed = v.safeParse(ErrorEnvelope, body);
  return parsed.success && parsed.output.error.trim() !== '' ? parsed.output.error : null;
}

/** §8 "Loading a session": 404, 410, otherwise the general text. */
export function loadErrorMessage(status: number): string {
  if (status === 404) return NOT_FOUND_MESSAGE;
  if (status === 410) return EXPIRED_MESSAGE;
  return LOAD_FAILED_MESSAGE;
}

const sessionPath = (sessionId: string) => `/api/v1/editor-sessions/${encodeURIComponent(sessionId)}`;
const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

export interface EditorApi {
  exchangeToken(sessionId: string, token: string): Promise<{ credential: string; expiresAt: string }>;
  loadSession(sessionId: string, credential: string): Promise<EditorSession>;
  render(sessionId: string, credential: string, body: RenderBody): Promise<{ highlightId: string; returnUrl: string }>;
  cancel(sessionId: string, credential: string): Promise<void>;
}

export function createEditorApi(fetchImpl: Fetch = (...args) => fetch(...args)): EditorApi {
  return {
    async exchangeToken(sessionId, token) {
      let answer: Answer;
      try {
        answer = await send(
          fetchImpl,
          `${sessionPath(sessionId)}/credential`,
          { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ token }) },
          LOAD_TIMEOUT_MS,
        );
      } catch {
        throw new EditorApiError(LOAD_FAILED_MESSAGE, 0);
      }
      if (answer.status === 401) throw new EditorApiError(INVALID_LINK_MESSAGE, 401);
      if (answer.status < 200 || answer.status >= 300) throw new EditorApiError(loadErrorMessage(answer.status), answer.status);
      const parsed = v.safeParse(CredentialAnswer, answer.body);
      if (!parsed.success) throw new EditorApiError(LOAD_FAILED_MESSAGE, 0);
      return parsed.output.data;
    },

    async loadSession(sessionId, credential) {
      let answer: Answer;
      try {
        answer = await send(
          fetchImpl,
          sessionPath(sessionId),
          { method: 'GET', headers: { Accept: 'application/json', [CREDENTIAL_HEADER]: credential } },
          LOAD_TIMEOUT_MS,
        );
      } catch {
        throw new EditorApiError(LOAD_FAILED_MESSAGE, 0);
      }
      if (answer.status < 200 || answer.status >= 300) throw new EditorApiError(loadErrorMessage(answer.status), answer.status);
      const parsed = v.safeParse(SessionAnswer, answer.body);
      if (!parsed.success) throw new EditorApiError(LOAD_FAILED_MESSAGE, 0);
      return parsed.output.data.session;
    },

    async render(sessionId, credential, body) {
      let answer: Answer;
      try {
        answer = await send(
          fetchImpl,
          `${sessionPath(sessionId)}/render`,
          { method: 'POST', headers: { ...jsonHeaders, [CREDENTIAL_HEADER]: credential }, body: JSON.stringify(body) },
          RENDER_TIMEOUT_MS,
        );
      } catch {
        throw new EditorApiError(RENDER_FAILED_MESSAGE, 0);
      }
      if (answer.status === 410) throw new EditorApiError(EXPIRED_MESSAGE, 410);
      if (answer.status === 404) throw new EditorApiError(NOT_FOUND_MESSAGE, 404);
      if (answer.status < 200 || answer.status >= 300) {
        const message = answer.status >= 400 && answer.status < 500 ? serverMessage(answer.body) : null;
        throw new EditorApiError(message ?? RENDER_FAILED_MESSAGE, answer.status);
      }
      const parsed = v.safeParse(RenderAnswer, answer.body);
      if (!parsed.success) throw new EditorApiError(RENDER_FAILED_MESSAGE, 0);
      return parsed.output.data;
    },

    async cancel(sessionId, credential) {
      let answer: Answer;
      try {
        answer = await send(
          fetchImpl,
          `${sessionPath(sessionId)}/cancel`,
          { method: 'POST', headers: { Accept: 'application/json', [CREDENTIAL_HEADER]: credential } },
          CANCEL_TIMEOUT_MS,
        );
      } catch {
        throw new EditorApiError(CANCEL_FAILED_MESSAGE, 0);
      }
      if (answer.status < 200 || answer.status >= 300 || !v.safeParse(CancelAnswer, answer.body).success) {
        throw new EditorApiError(CANCEL_FAILED_MESSAGE, answer.status);
      }
    },
  };
}
