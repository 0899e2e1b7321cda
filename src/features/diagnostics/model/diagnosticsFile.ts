import { devToolsOptions } from '../../../app/devtools';
import { PRODUCT_NAME } from '../../../app/product';
import type { ActionLogEntry } from './actionLog';

/**
 * The file Redux DevTools' Export button writes and its Import button reads: `payload` is the JSON of
 * the actions array, `preloadedState` the JSON of the state before the first of them. On import
 * DevTools starts from `preloadedState` and replays `payload` on top, so the last state it shows is
 * the user's state when the file was made.
 */
export interface DevToolsExport {
  payload: string;
  preloadedState: string;
}

export interface Sanitizers {
  actionSanitizer: <A>(action: A) => A;
  stateSanitizer: <S>(state: S) => S;
}

/**
 * Builds the diagnostics file from the action log and the current state (used as the starting state
 * when the log is empty). Everything goes through the DevTools sanitizers: no token, sign-in code or
 * e-mail address gets into it.
 */
export function buildDiagnosticsFile(
  entries: readonly ActionLogEntry[],
  currentState: unknown,
  sanitizers: Sanitizers = devToolsOptions,
): DevToolsExport {
  const startState = entries.length > 0 ? entries[0]!.stateBefore : currentState;
  return {
    payload: JSON.stringify(entries.map((entry) => sanitizers.actionSanitizer(entry.action))),
    preloadedState: JSON.stringify(sanitizers.stateSanitizer(startState) ?? null),
  };
}

/** The file's text: tab-indented like DevTools' own export. */
export function diagnosticsFileText(file: DevToolsExport): string {
  return JSON.stringify(file, null, '\t');
}

/** Product and time only (UTC, no colons for Windows): nothing of the user or their session. */
export function diagnosticsFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `${PRODUCT_NAME.toLowerCase()}-diagnostics-${stamp}.json`;
}
