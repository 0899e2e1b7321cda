import * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { envelope } from '../../../api/envelope';

/** docs/product/part-2.md §7, §9: the session is made within 10 s or not at all. */
export const CREATE_EDITOR_SESSION_TIMEOUT_MS = 10_000;

/** A clip's piece set in advance (docs/api.md "Editor sessions": `trims`), in seconds from the clip's start. */
export interface EditorSessionTrim {
  clipId: string;
  inSeconds: number;
  outSeconds: number;
}

/** Body of POST /api/v1/editor-sessions (§3 "Editing session": created from eventId, clipIds and returnUrl). */
export interface EditorSessionRequest {
  eventId: string;
  clipIds: string[];
  /** Where the editor sends the user back: the app's highlights list. */
  returnUrl: string;
  /** 'Make my highlight': the editor opens with these pieces instead of its defaults; at most one a clip. */
  trims?: EditorSessionTrim[];
}

export interface EditorSession {
  id: string;
  /** "/editor/{id}?token=…": the editor's address, with the one-time launch token (§4 "Editing flow"). */
  editorUrl: string;
}

const editorSessionResponseSchema = envelope(
  v.object({ id: v.pipe(v.string(), v.minLength(1)), editorUrl: v.pipe(v.string(), v.minLength(1)) }),
);

/** The editor session call the start-editing saga makes (and nothing else): no cache entry outlives it. */
export const editorSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    createEditorSession: build.mutation<EditorSession, EditorSessionRequest>({
      query: (body) => ({ url: 'editor-sessions', method: 'POST', body, timeout: CREATE_EDITOR_SESSION_TIMEOUT_MS }),
      rawResponseSchema: editorSessionResponseSchema,
      // The token is not kept in the store: only what the saga needs to leave for the editor.
      transformResponse: ({ data }: v.InferOutput<typeof editorSessionResponseSchema>): EditorSession => ({
        id: data.id,
        editorUrl: data.editorUrl,
      }),
    }),
  }),
});
