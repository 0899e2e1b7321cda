import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { EditingScreen } from '../model/highlightLimits';
import {
  clipToggled,
  editingRequested,
  highlightErrorDismissed,
  highlightSelectionOpened,
  selectEditingPhase,
  selectHighlightError,
  selectHighlightErrorKind,
  selectSelectedCount,
  selectionCleared,
} from '../model/highlightSelectionSlice';

/**
 * The selection of a highlight screen for one event, and starting the editor with it (startEditingSaga). Callbacks
 * are stable, so memoised cards keep them.
 */
export function useHighlightSelection(screen: EditingScreen, eventId: string) {
  return {
    ...useHighlightSelectionState(),
    ...useHighlightSelectionActions(screen, eventId),
  };
}

/** What the selection shows: its count, the start-editing phase and its error (each a separate subscription). */
export function useHighlightSelectionState() {
  return {
    count: useAppSelector(selectSelectedCount),
    phase: useAppSelector(selectEditingPhase),
    error: useAppSelector(selectHighlightError),
    errorKind: useAppSelector(selectHighlightErrorKind),
  };
}

/**
 * The selection's actions only, with no subscription to its state: a screen that holds a long list takes these, and
 * leaves the count, the button and the messages to small components that read the store themselves, so a pick
 * re-renders those and the picked card, never the list.
 */
export function useHighlightSelectionActions(screen: EditingScreen, eventId: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(highlightSelectionOpened({ screen, eventId }));
  }, [dispatch, screen, eventId]);
  // The creation screen holds the 20 cap at each pick; the selection screen shows '(n/20 max)' instead (§2).
  const capped = screen === 'creation';
  return {
    toggle: useCallback((clipId: string) => dispatch(clipToggled({ clipId, capped })), [dispatch, capped]),
    clear: useCallback(() => dispatch(selectionCleared()), [dispatch]),
    start: useCallback(() => dispatch(editingRequested({ screen })), [dispatch, screen]),
    dismissError: useCallback(() => dispatch(highlightErrorDismissed()), [dispatch]),
  };
}
