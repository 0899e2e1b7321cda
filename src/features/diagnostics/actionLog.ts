import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { toPlainData } from './plainData';
import { RingBuffer } from './ringBuffer';

/** How many of the latest actions a diagnostics file carries. */
export const ACTION_LOG_CAPACITY = 100;

export interface ActionLogEntry {
  /** A JSON-safe copy of the action (not yet redacted: that happens when the file is made). */
  action: UnknownAction;
  /** The state the reducer received this action with: DevTools replays the actions onto the oldest one. */
  stateBefore: unknown;
}

export interface ActionLog {
  record(entry: ActionLogEntry): void;
  entries(): ActionLogEntry[];
  clear(): void;
}

export function createActionLog(capacity = ACTION_LOG_CAPACITY): ActionLog {
  const buffer = new RingBuffer<ActionLogEntry>(capacity);
  return {
    record: (entry) => buffer.push(entry),
    entries: () => buffer.toArray(),
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
    log.record({ action: toPlainData(action) as UnknownAction, stateBefore: api.getState() });
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
