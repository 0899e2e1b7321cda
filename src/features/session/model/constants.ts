/** The session's constants (docs/product/part-1.md §9); the token's grace is TOKEN_EXPIRY_GRACE_MS, src/app/product.ts. */
const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const INACTIVITY_TIMEOUT_MS = 30 * MINUTE;
export const REFRESH_LEAD_MS = 5 * MINUTE;
export const REFRESH_COOLDOWN_MS = 60 * SECOND;
export const LOGOUT_TIMEOUT_MS = 10 * SECOND;
export const AUTH_REQUEST_TIMEOUT_MS = 10 * SECOND;
export const WARNING_THRESHOLD_MS = 5 * MINUTE;
export const CRITICAL_THRESHOLD_MS = 2 * MINUTE;
/** Spec: "A 30-day expiry constant exists, but its use is not shown." We cap a remembered session's age with it. */
export const PERSISTENT_SESSION_MAX_AGE_MS = 30 * 24 * 60 * MINUTE;
/** Activity events are counted at most this often, so a scroll does not flood the store. */
export const ACTIVITY_THROTTLE_MS = 5 * SECOND;
/** A lease on the refresh where Web Locks are missing: another tab waits at most this long. */
export const REFRESH_LEASE_MS = 15 * SECOND;
/** How long a new tab waits for a live tab to hand it the session. */
export const SESSION_HANDOFF_WAIT_MS = 300;
