/** Every reason a session can end (spec part 1 §4), and how the login screen explains it. */
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

export function isLogoutReason(value: unknown): value is LogoutReason {
  return typeof value === 'string' && (LOGOUT_REASONS as readonly string[]).includes(value);
}

/** Words for a forced sign-out; a user's own Log out needs none. */
const EXPLANATIONS: Record<LogoutReason, string | null> = {
  user_logout: null,
  logout_timeout: null,
  server_unreachable: null,
  session_corrupted: 'Failed to load saved session',
  migration_failed: 'Failed to load saved session',
  invalid_token: 'Token validation failed',
  session_expired: 'Session expired',
  session_timeout: 'You were signed out after 30 minutes without activity.',
  refresh_failed: 'Session expired',
  authentication_failed: 'Authentication failed',
  account_deleted: 'Your account no longer exists',
  permission_revoked: 'Your access permissions have been revoked',
};

export function explainLogout(reason: LogoutReason | null): string | null {
  return reason ? EXPLANATIONS[reason] : null;
}
