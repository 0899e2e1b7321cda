import { eventChannel, type EventChannel } from 'redux-saga';
import * as v from 'valibot';
import { fullKey, readJson, remove, StorageKeys, writeJson } from '../../../app/storage';
import { readAuthRecord, type AuthRecord } from './authRecord';
import { LOGOUT_REASONS } from './logoutReasons';
import { authRecordSchema } from '../api/sessionSchemas';

/**
 * Messages between tabs of this origin. Tab storage (sessionStorage) never fires events in other
 * tabs, so tabs talk over a BroadcastChannel (memory only, same origin). Where BroadcastChannel is
 * missing, a local-storage signal carries the message — without the token unless the user chose
 * "Keep me signed in" (then the token is in local storage anyway).
 */
const tabMessageSchema = v.variant('type', [
  v.object({
    type: v.literal('session'),
    record: authRecordSchema,
    reason: v.picklist(['signedIn', 'refreshed', 'answer']),
  }),
  v.object({ type: v.literal('activity'), at: v.pipe(v.number(), v.finite()) }),
  v.object({ type: v.literal('logout'), reason: v.picklist(LOGOUT_REASONS) }),
  v.object({ type: v.literal('request') }),
]);

export type TabMessage = v.InferOutput<typeof tabMessageSchema>;

/** What reaches this tab: another tab's message, or a change of the persistent auth copy. */
export type TabEvent = TabMessage | { type: 'storedAuthChanged'; record: AuthRecord } | { type: 'storedAuthRemoved' };

const CHANNEL_NAME = 'courtside.session';

/** Another tab's message, normalised; anything else (another app version, garbage) is none. */
function readTabMessage(value: unknown): TabMessage | null {
  const parsed = v.safeParse(tabMessageSchema, value);
  return parsed.success ? parsed.output : null;
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
          const message = readTabMessage(e.data);
          if (message) emit(message);
        };
        const onStorage = (e: StorageEvent) => {
          if (e.storageArea !== window.localStorage) return;
          if (e.key === persistentKey) {
            if (e.newValue === null) emit({ type: 'storedAuthRemoved' });
            else {
              const record = readAuthRecord(parse(e.newValue));
              if (record) emit({ type: 'storedAuthChanged', record });
            }
          } else if (e.key === signalKey && !broadcast) {
            const message = readTabMessage(parse(e.newValue));
            if (message) emit(message);
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
const markerSchema = v.object({ exp: v.number(), at: v.number() });

export type RefreshMarker = v.InferOutput<typeof markerSchema>;

const isMarker = (value: unknown): value is RefreshMarker => v.is(markerSchema, value);

export function writeRefreshMarker(marker: RefreshMarker): void {
  writeJson('persistent', StorageKeys.refreshMarker, marker);
}

export function readRefreshMarker(): RefreshMarker | null {
  const read = readJson('persistent', StorageKeys.refreshMarker, isMarker);
  return read.status === 'ok' ? read.value : null;
}
