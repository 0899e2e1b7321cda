import { eventChannel, type EventChannel } from 'redux-saga';
import { fullKey, readJson, remove, StorageKeys, writeJson } from '../../app/storage';
import { isStoredAuthRecord, type AuthRecord } from './authRecord';
import { isLogoutReason, type LogoutReason } from './logoutReasons';

/**
 * Messages between tabs of this origin. Tab storage (sessionStorage) never fires events in other
 * tabs, so tabs talk over a BroadcastChannel (memory only, same origin). Where BroadcastChannel is
 * missing, a local-storage signal carries the message — without the token unless the user chose
 * "Keep me signed in" (then the token is in local storage anyway).
 */
export type TabMessage =
  | { type: 'session'; record: AuthRecord; reason: 'signedIn' | 'refreshed' | 'answer' }
  | { type: 'activity'; at: number }
  | { type: 'logout'; reason: LogoutReason }
  | { type: 'request' };

/** What reaches this tab: another tab's message, or a change of the persistent auth copy. */
export type TabEvent = TabMessage | { type: 'storedAuthChanged'; record: AuthRecord } | { type: 'storedAuthRemoved' };

const CHANNEL_NAME = 'courtside.session';

function isTabMessage(v: unknown): v is TabMessage {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  switch (m.type) {
    case 'session':
      return isStoredAuthRecord(m.record) && (m.reason === 'signedIn' || m.reason === 'refreshed' || m.reason === 'answer');
    case 'activity':
      return typeof m.at === 'number' && Number.isFinite(m.at);
    case 'logout':
      return isLogoutReason(m.reason);
    case 'request':
      return true;
    default:
      return false;
  }
}

export interface TabLink {
  post(message: TabMessage): void;
  events(): EventChannel<TabEvent>;
  close(): void;
}

function parse(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Opens the link between this tab and the others. */
export function openTabLink(): TabLink {
  const broadcast = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  const signalKey = fullKey(StorageKeys.syncSignal);
  const persistentKey = fullKey(StorageKeys.persistentAuth);

  return {
    post(message) {
      if (broadcast) {
        try {
          broadcast.postMessage(message);
        } catch {
          /* closed while the app shuts down: nobody left to tell */
        }
        return;
      }
      // Fallback signal: never a token that the user did not agree to keep in local storage.
      const safe =
        message.type === 'session' && !message.record.persistAcrossRestarts
          ? { type: 'activity', at: message.record.lastActivity }
          : message;
      writeJson('persistent', StorageKeys.syncSignal, { ...safe, nonce: Math.random() });
      remove('persistent', StorageKeys.syncSignal);
    },
    events() {
      return eventChannel<TabEvent>((emit) => {
        const onMessage = (e: MessageEvent) => {
          if (isTabMessage(e.data)) emit(e.data);
        };
        const onStorage = (e: StorageEvent) => {
          if (e.storageArea !== window.localStorage) return;
          if (e.key === persistentKey) {
            if (e.newValue === null) emit({ type: 'storedAuthRemoved' });
            else {
              const record = parse(e.newValue);
              if (isStoredAuthRecord(record)) emit({ type: 'storedAuthChanged', record });
            }
          } else if (e.key === signalKey && !broadcast) {
            const message = parse(e.newValue);
            if (isTabMessage(message)) emit(message);
          }
        };
        broadcast?.addEventListener('message', onMessage);
        window.addEventListener('storage', onStorage);
        return () => {
          broadcast?.removeEventListener('message', onMessage);
          window.removeEventListener('storage', onStorage);
        };
      });
    },
    close() {
      broadcast?.close();
    },
  };
}

/** The refresh marker other tabs read after taking the refresh lock (no token in it). */
export interface RefreshMarker {
  exp: number;
  at: number;
}

const isMarker = (v: unknown): v is RefreshMarker =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RefreshMarker).exp === 'number' &&
  typeof (v as RefreshMarker).at === 'number';

export function writeRefreshMarker(marker: RefreshMarker): void {
  writeJson('persistent', StorageKeys.refreshMarker, marker);
}

export function readRefreshMarker(): RefreshMarker | null {
  const read = readJson('persistent', StorageKeys.refreshMarker, isMarker);
  return read.status === 'ok' ? read.value : null;
}
