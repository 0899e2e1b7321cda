/**
 * Tells the other tabs that an upload of this tab's queue completed, so their clip lists refetch too (the
 * clips feature listens). Its own channel: the session's (courtside.session) carries tokens, not this.
 * Kept tiny: it is in every page's initial JS.
 */
export const CLIPS_CHANNEL = 'courtside.clips';

/** This tab's mark on its messages: another BroadcastChannel object in the same tab receives them too. */
export const THIS_TAB = Math.random().toString(36).slice(2);

export interface ClipsChangedMessage {
  type: 'clipsChanged';
  /** The event the clip joined; null for an unassociated clip. */
  eventId: string | null;
  from: string;
}

export function announceClipsChanged(eventId: string | null): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(CLIPS_CHANNEL);
  channel.postMessage({ type: 'clipsChanged', eventId, from: THIS_TAB } satisfies ClipsChangedMessage);
  channel.close();
}
