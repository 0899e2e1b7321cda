/**
 * The demo's people (docs/decisions.md "Demo data"). Fixed addresses on a domain of ours, so the sign-in page
 * can offer the coach and nobody's real account is ever touched.
 */

/** Owns the demo events, most clips and every tag; ADMIN so the admin menus show in the demo. */
export const DEMO_COACH_EMAIL = 'coach@demo.courtside.app';
export const DEMO_COACH_ROLES: readonly string[] = ['USER', 'ADMIN'];

/** Films a few clips at the coach's events, so "all users" views have someone else's clips. */
export const DEMO_PARENT_EMAIL = 'parent@demo.courtside.app';
export const DEMO_PARENT_ROLES: readonly string[] = ['USER'];

export type DemoPerson = 'coach' | 'parent';

export const DEMO_ACCOUNTS: Record<DemoPerson, { email: string; roles: readonly string[] }> = {
  coach: { email: DEMO_COACH_EMAIL, roles: DEMO_COACH_ROLES },
  parent: { email: DEMO_PARENT_EMAIL, roles: DEMO_PARENT_ROLES },
};
