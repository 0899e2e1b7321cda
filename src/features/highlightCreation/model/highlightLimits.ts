/**
 * The highlight rules of docs/product/part-2.md §5 and §9: at most 20 clips, and the messages of starting the editor.
 * Pure: the selection slice and the start-editing saga decide with these. The limit and its message are the
 * product's (src/app/product.ts), shared with the server.
 */
import { MAX_HIGHLIGHT_CLIPS, TOO_MANY_CLIPS } from '../../../app/product';

/** Which screen starts the editor: the two say different things (§5, §8). */
export type EditingScreen = 'selection' | 'creation';

export const NO_EVENT_SELECTED = 'No event selected';
export const SELECT_CLIP_TO_EDIT = 'Please select at least one clip to edit';
export const SELECT_CLIP_TO_CREATE = 'Please select at least one clip to create a highlight';

/** Why the editor cannot start with this event and these clips; null when it can (§5 "Starting the editor"). */
export function editingStartProblem(screen: EditingScreen, eventId: string | null, clipIds: readonly string[]): string | null {
  if (!eventId) return NO_EVENT_SELECTED;
  if (clipIds.length === 0) return screen === 'creation' ? SELECT_CLIP_TO_CREATE : SELECT_CLIP_TO_EDIT;
  if (clipIds.length > MAX_HIGHLIGHT_CLIPS) return TOO_MANY_CLIPS;
  return null;
}

/** Whether one more clip may be selected on the creation screen (it holds the cap; the selection screen warns). */
export function canAddClip(selectedCount: number): boolean {
  return selectedCount < MAX_HIGHLIGHT_CLIPS;
}

/** The selection screen's button: 'Create Highlight', with '(n/20 max)' once over the limit (§2). */
export function createHighlightLabel(selectedCount: number): string {
  return selectedCount > MAX_HIGHLIGHT_CLIPS
    ? `Create Highlight (${selectedCount}/${MAX_HIGHLIGHT_CLIPS} max)`
    : 'Create Highlight';
}

/** The creation screen's header line: 'n clip(s) selected for highlight' (§2). */
export function selectedForHighlightText(selectedCount: number): string {
  return `${selectedCount} clip${selectedCount === 1 ? '' : 's'} selected for highlight`;
}
