/** The product's name lives here and nowhere else (working name). */
export const PRODUCT_NAME = 'Courtside';

/**
 * How much of a failure an error report keeps (the app cuts each field to this before sending; the server refuses
 * more). Anyone may send one unsigned, so a report is kept small: enough of a stack to find the failing code.
 */
export const ERROR_REPORT_FIELD_LIMITS = {
  message: 2_000,
  stack: 8_000,
  componentStack: 6_000,
  url: 2_000,
  userAgent: 500,
} as const;
/** The request body's cap: the fields above, JSON-escaped, and the short ones. */
export const ERROR_REPORT_MAX_BYTES = 24 * 1024;

/**
 * A highlight lasts at most 10 minutes: a reel of moments, not a game. It also bounds what one render may ask of
 * the shared render worker (with RENDER_DEADLINE_CEILING_MS on the server).
 */
export const MAX_HIGHLIGHT_SECONDS = 10 * 60;

/** m:ss */
function clockText(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function highlightTooLongMessage(seconds: number): string {
  return `A highlight can be at most ${MAX_HIGHLIGHT_SECONDS / 60} minutes long; this one is ${clockText(seconds)}. Shorten or remove clips.`;
}

/**
 * Highlights one user may have waiting or rendering at once: enough for a game's worth, and no one user's queue
 * holds the worker from everyone else (the queue also takes users in turn).
 */
export const MAX_RENDERS_PER_USER = 3;

export function tooManyRendersMessage(count: number): string {
  return `You already have ${count} highlights rendering. Wait for one to finish, then render this one.`;
}

/** Editing sessions one user keeps open; opening another ends the oldest (a closed tab leaves one open for 2 h). */
export const MAX_OPEN_EDITOR_SESSIONS = 10;

/**
 * How long a sign-in may take at the identity provider: the app keeps its pending sign-in this long, and the server
 * keeps the state, PKCE verifier and nonce this long.
 */
export const SIGN_IN_TTL_MS = 10 * 60_000;

/** docs/product/part-2.md §9: a clip matches a tag recorded within 30 seconds either side of it. */
export const MATCH_WINDOW_SECONDS = 30;

/** docs/product/part-2.md §9 "Maximum 20 clips per highlight", and §5's message past it. */
export const MAX_HIGHLIGHT_CLIPS = 20;
export const TOO_MANY_CLIPS = `Too many clips selected. Please select ${MAX_HIGHLIGHT_CLIPS} or fewer clips.`;

/**
 * A moment's piece of its clip starts this long before the moment and ends this long after it: Make my highlight's
 * plan and the editor's preset trims (docs/editor.md).
 */
export const SECONDS_BEFORE_MOMENT = 8;
export const SECONDS_AFTER_MOMENT = 4;
/** The shortest piece of a clip a render takes. */
export const MIN_PIECE_SECONDS = 0.5;

/** docs/product/part-2.md §4, §9: an event without an end time lasts 3 hours (LIVE, current events). */
export const DEFAULT_EVENT_LENGTH_MS = 3 * 60 * 60 * 1000;

/** A session token is still honoured this long past its expiry, to be refreshed (docs/session.md). */
export const TOKEN_EXPIRY_GRACE_MS = 2 * 60_000;

/** A tag's type when its author gave none: the server stores it, the screens read it for a tag sent without one. */
export const DEFAULT_TAG_TYPE = 'moment';
