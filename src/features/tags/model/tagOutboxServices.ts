import { eventChannel, type EventChannel } from 'redux-saga';
import { waitForWebLock } from '../../../app/webLock';
import * as v from 'valibot';
import { randomId } from '../../../lib/randomId';
import { pageLifecycleChannel, type PageLifecycleEvent } from '../../session/public';
import { tagOutboxStore, type TagOutboxStore } from './tagOutboxStore';
import type { TagsChangedElsewhere } from './tagsSlice';

/** Its own channel (the session's carries tokens); messages hold ids (client, server, event) and reasons only. */
export const TAGS_CHANNEL = 'courtside.tags';
const LOCK_NAME = 'courtside.tags.outbox';
/** A short buzz: felt through a glove, not mistaken for a call. */
const TAP_VIBRATION_MS = 40;

const THIS_TAB = randomId();

/** What one tab tells the others after sending, a refusal or a discard (their lists follow). */
const tagsChangedSchema = v.object({
  type: v.literal('tagsChanged'),
  from: v.string(),
  // The event is optional: a tab of the previous version, not yet reloaded, sends none.
  sent: v.array(v.object({ clientId: v.string(), serverId: v.string(), eventId: v.optional(v.string()) })),
  refused: v.array(v.object({ clientId: v.string(), error: v.string() })),
  retried: v.array(v.string()),
  discarded: v.array(v.string()),
});
export interface TagsChanged extends TagsChangedElsewhere {
  /** With the tag's event: the other tabs refresh its cached lists and counts too. */
  sent: Array<{ clientId: string; serverId: string; eventId?: string }>;
}

/** The browser as the outbox saga uses it; tests pass their own. */
export interface TagOutboxServices {
  store: TagOutboxStore;
  isOnline: () => boolean;
  /** Tab shown, focus, back online, restored from the back/forward cache: try again at once. */
  wakes: () => EventChannel<PageLifecycleEvent>;
  otherTabs: () => EventChannel<TagsChanged>;
  announce: (change: TagsChanged) => void;
  /** Resolves with a release function once this tab alone may send (Web Locks); cancelling gives up the wait. */
  acquireLock: () => Promise<() => void>;
  vibrate: () => void;
  /** Resolves once the tapped tag has been painted, so sending does not compete with showing it. */
  afterPaint: () => Promise<void>;
}

function otherTabs(): EventChannel<TagsChanged> {
  return eventChannel<TagsChanged>((emit) => {
    if (typeof BroadcastChannel !== 'function') return () => undefined;
    const channel = new BroadcastChannel(TAGS_CHANNEL);
    channel.onmessage = (e: MessageEvent) => {
      const parsed = v.safeParse(tagsChangedSchema, e.data);
      if (parsed.success && parsed.output.from !== THIS_TAB) {
        const { sent, refused, retried, discarded } = parsed.output;
        emit({ sent, refused, retried, discarded });
      }
    };
    return () => channel.close();
  });
}

function announce(change: TagsChanged): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(TAGS_CHANNEL);
  channel.postMessage({ type: 'tagsChanged', from: THIS_TAB, ...change });
  channel.close();
}

/**
 * One sending tab at a time, through Web Locks. Without them (old browsers) every tab may send: the server's
 * Idempotency-Key still makes each tag once. A sign-out cancels the wait (waitForWebLock).
 */
const acquireLock = () => waitForWebLock(LOCK_NAME);

/** The frame after the next one has started (the tag's row is on screen); at most 100 ms, also where frames stop. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    setTimeout(done, 100);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
  });
}

export const browserTagOutboxServices: TagOutboxServices = {
  store: tagOutboxStore,
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  wakes: pageLifecycleChannel,
  otherTabs,
  announce,
  acquireLock,
  afterPaint,
  vibrate: () => {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(TAP_VIBRATION_MS);
  },
};
