import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { toPlainData } from './plainData';
import { RingBuffer } from './ringBuffer';

/** How many of the latest actions a diagnostics file carries. */
export const ACTION_LOG_CAPACITY = 100;

export interface ActionLogEntry {
  /** The action; `entries()` gives a JSON-safe copy (not yet redacted: that happens when the file is made). */
  action: UnknownAction;
  /** The state the reducer received this action with: DevTools replays the actions onto the oldest one. */
  stateBefore: unknown;
}

export interface ActionLog {
  record(entry: ActionLogEntry): void;
  entries(): ActionLogEntry[];
  clear(): void;
}

/**
 * Entries are kept as recorded and made JSON-safe only when asked for (a diagnostics file is made): copying
 * every action as it passes — RTK Query's answers with whole lists among them — cost each dispatch its size.
 * Actions are never changed after dispatch, so the copy made later is the copy made then.
 */
export function createActionLog(capacity = ACTION_LOG_CAPACITY): ActionLog {
  const buffer = new RingBuffer<ActionLogEntry>(capacity);
  return {
    record: (entry) => buffer.push(entry),
    entries: () => buffer.toArray().map((entry) => ({ ...entry, action: toPlainData(entry.action) as UnknownAction })),
    clear: () => buffer.clear(),
  };
}

function isAction(value: unknown): value is UnknownAction {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Records each plain action with the state it is applied to. Placed last in the chain, next to the
 * reducer, so the order and the `stateBefore` are exactly what the reducer saw (sagas' and RTK Query's
 * own dispatches included). After an action `clearAfter` picks, the log starts again from empty.
 */
export function actionLogMiddleware(log: ActionLog, clearAfter: (action: UnknownAction) => boolean): Middleware {
  return (api) => (next) => (action) => {
    if (!isAction(action)) return next(action);
    log.record({ action, stateBefore: api.getState() });
    const result = next(action);
    if (clearAfter(action)) log.clear();
    return result;
  };
}

// The log lives outside Redux state (it would otherwise record itself), one per store.
const logs = new WeakMap<object, ActionLog>();

export function attachActionLog(store: object, log: ActionLog): void {
  logs.set(store, log);
}

export function actionLogOf(store: object): ActionLog | undefined {
  return logs.get(store);
}
