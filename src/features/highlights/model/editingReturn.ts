/**
 * The editor hands the user back to `/highlights/view?editing_session={id}&editing_completed=true` after Render, and
 * without `editing_completed` after Cancel (docs/product/part-2.md §4 "Editing flow"; docs/editor.md). The
 * list says what happened once, then drops the parameters from the address so a reload or Back does not say it again.
 */
export const EDITING_SESSION_PARAM = 'editing_session';
export const EDITING_COMPLETED_PARAM = 'editing_completed';

export type EditingReturn =
  | { kind: 'none' }
  /** Render: the highlight was created and is being rendered. */
  | { kind: 'completed'; sessionId: string | null }
  /** Cancel (or a return without the completion flag). */
  | { kind: 'cancelled'; sessionId: string | null };

/** What the address says about a return from the editor. */
export function parseEditingReturn(search: string): EditingReturn {
  const params = new URLSearchParams(search);
  if (!params.has(EDITING_SESSION_PARAM) && !params.has(EDITING_COMPLETED_PARAM)) return { kind: 'none' };
  const sessionId = params.get(EDITING_SESSION_PARAM)?.trim() || null;
  return params.get(EDITING_COMPLETED_PARAM) === 'true' ? { kind: 'completed', sessionId } : { kind: 'cancelled', sessionId };
}

/** The query string without the editor's parameters ('' when nothing else was there; else with its '?'). */
export function searchWithoutEditingParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(EDITING_SESSION_PARAM);
  params.delete(EDITING_COMPLETED_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** docs: the confirmation after Render, and the note after Cancel. */
export const RENDERING_STARTED = 'Your highlight is being rendered. It is listed below and will be ready to watch shortly.';
export const EDITING_CANCELLED = 'Editing cancelled';

export function editingReturnMessage(editingReturn: EditingReturn): string | null {
  switch (editingReturn.kind) {
    case 'completed':
      return RENDERING_STARTED;
    case 'cancelled':
      return EDITING_CANCELLED;
    default:
      return null;
  }
}
