/** Every reason a session can end (docs/product/part-1.md §4), and how the login screen explains it. */
export const LOGOUT_REASONS = [
  'user_logout',
  'session_corrupted',
  'migration_failed',
  'invalid_token',
  'session_expired',
  'session_timeout',
  'refresh_failed',
  'authentication_failed',
  'account_deleted',
  'permission_revoked',
  'logout_timeout',
  'server_unreachable',
] as const;

export type LogoutReason = (typeof LOGOUT_REASONS)[number];

/** Words for a forced sign-out: a message, under a title where docs/product/part-1.md §8 gives one. */
export interface LogoutExplanation {
  title: string | null;
  message: string;
}

const say = (message: string, title: string | null = null): LogoutExplanation => ({ title, message });

/** A user's own Log out, and the reasons kept for server-logout outcomes, need no words. */
const EXPLANATIONS: Record<LogoutReason, LogoutExplanation | null> = {
  user_logout: null,
  logout_timeout: null,
  server_unreachable: null,
  session_corrupted: say('Failed to load saved session'),
  migration_failed: say('Failed to load saved session'),
  invalid_token: say('Token validation failed'),
  session_expired: say('Session expired'),
  session_timeout: say('You were signed out after 30 minutes without activity.'),
  refresh_failed: say('Session expired'),
  authentication_failed: say('Authentication failed'),
  account_deleted: say('Your account no longer exists'),
  permission_revoked: say('Your access permissions have been revoked', 'Access denied'),
};

export function explainLogout(reason: LogoutReason | null): LogoutExplanation | null {
  return reason ? EXPLANATIONS[reason] : null;
}
