/**
 * Starting the editor (no React): the launch token, when the address had one, is traded for the session's
 * credential (kept in session storage); without one, a credential stored by an earlier load of this tab is used
 * (a reload after the token was stripped). Then the session is loaded. Render and Cancel send the browser back.
 */
import { forgetCredential, readCredential, saveCredential } from './credentialStore';
import {
  type EditorApi,
  EditorApiError,
  INVALID_LINK_MESSAGE,
  LOAD_FAILED_MESSAGE,
  NOT_FOUND_MESSAGE,
  type EditorSession,
} from './editorApi';
import type { RenderBody } from './edit';
import type { Launch } from './launch';
import { completedReturnUrl, safeReturnUrl } from './returnUrl';

export interface EditorDeps {
  api: EditorApi;
  launch: Launch;
  storage: Storage;
  now: () => number;
  /** Leaves the editor (window.location.assign in the browser). */
  navigate: (url: string) => void;
  origin: string;
}

export type StartResult =
  { ok: true; sessionId: string; credential: string; session: EditorSession } | { ok: false; message: string };

const messageOf = (err: unknown, fallback: string) => (err instanceof EditorApiError ? err.message : fallback);

/** Statuses after which the stored credential is of no further use. */
const isFinal = (err: unknown) => err instanceof EditorApiError && [401, 403, 404, 410].includes(err.status);

export async function startEditor(deps: EditorDeps): Promise<StartResult> {
  const { sessionId, token } = deps.launch;
  if (!sessionId) return { ok: false, message: NOT_FOUND_MESSAGE };
  let credential: string | null;
  if (token !== null) {
    try {
      const traded = await deps.api.exchangeToken(sessionId, token);
      saveCredential(deps.storage, sessionId, traded);
      credential = traded.credential;
    } catch (err) {
      // A link opened again in this tab (its token already traded): the credential from that first time.
      credential = readCredential(deps.storage, sessionId, deps.now());
      if (credential === null) return { ok: false, message: messageOf(err, LOAD_FAILED_MESSAGE) };
    }
  } else {
    credential = readCredential(deps.storage, sessionId, deps.now());
    if (credential === null) return { ok: false, message: INVALID_LINK_MESSAGE };
  }
  try {
    const session = await deps.api.loadSession(sessionId, credential);
    return { ok: true, sessionId, credential, session };
  } catch (err) {
    if (isFinal(err)) forgetCredential(deps.storage, sessionId);
    return { ok: false, message: messageOf(err, LOAD_FAILED_MESSAGE) };
  }
}

/** Render: creates the highlight and its render job, then returns with the completion flags. */
export async function renderAndReturn(
  deps: EditorDeps,
  started: { sessionId: string; credential: string; session: EditorSession },
  body: RenderBody,
): Promise<void> {
  const answer = await deps.api.render(started.sessionId, started.credential, body);
  forgetCredential(deps.storage, started.sessionId);
  const target = answer.returnUrl || completedReturnUrl(started.session.returnUrl, started.sessionId);
  deps.navigate(safeReturnUrl(target, deps.origin));
}

/** Cancel: tells the server, then returns without the completion flag. */
export async function cancelAndReturn(
  deps: EditorDeps,
  started: { sessionId: string; credential: string; session: EditorSession },
): Promise<void> {
  await deps.api.cancel(started.sessionId, started.credential);
  forgetCredential(deps.storage, started.sessionId);
  deps.navigate(safeReturnUrl(started.session.returnUrl, deps.origin));
}
