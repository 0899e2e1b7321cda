import type { ApiFailure } from '../../../api/apiErrors';
import { deviceZoneName } from '../../../lib/deviceZone';
import { formatVenueDateTime } from '../../../lib/venueTime';
import type { ExpiresInDays, ShareLink, ShareStatus } from '../api/shareSchemas';

/** The texts of the share dialog, the link lists and Share Highlights (docs/product/part-2.md has none). */
export const SHARE_TEXT = {
  dialogTitle: 'Share highlight',
  anyoneCanWatch: 'Anyone with the link can watch this highlight without signing in.',
  expiryLabel: 'Link expires',
  create: 'Create link',
  creating: 'Creating link...',
  linkLabel: 'Share link',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy the link. Select it and copy it yourself.',
  openSheet: 'Share…',
  close: 'Close',
  linksHeading: 'Links to this highlight',
  noLinks: 'No links to this highlight yet.',
  loadingLinks: 'Loading links...',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this link?',
  revokeMessage: 'People who open it will see that it no longer works.',
  revokeFailed: 'Could not revoke the link. Please try again.',
  screenTitle: 'Share Highlights',
  screenIntro: 'Links you have shared. Anyone with an active link can watch without signing in.',
  noShares: 'You have not shared any highlights yet.',
  goToHighlights: 'Go to My Highlights',
  loadingShares: 'Loading your shared highlights...',
} as const;

/** 409 HIGHLIGHT_NOT_READY (docs/api.md "Share links"). */
export const NOT_READY_TO_SHARE = 'This highlight is still being rendered. Share it once it is ready.';
/** 409 SHARE_LIMIT, when the server sends no text of its own. */
export const SHARE_LIMIT_REACHED = 'This highlight already has 20 active links. Revoke one first.';
export const CREATE_SHARE_FAILED = 'Could not create the link. Please try again.';

export const EXPIRY_LABEL: Record<`${ExpiresInDays}`, string> = {
  null: 'Never',
  7: 'In 7 days',
  30: 'In 30 days',
};

export const STATUS_LABEL: Record<ShareStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** Why Create link failed, for people: the two refusals the API names, else a plain try-again. */
export function createShareErrorMessage(failure: ApiFailure): string {
  if (failure.status === 409 && failure.code === 'HIGHLIGHT_NOT_READY') return NOT_READY_TO_SHARE;
  if (failure.status === 409 && failure.code === 'SHARE_LIMIT') return failure.serverMessage?.trim() || SHARE_LIMIT_REACHED;
  return CREATE_SHARE_FAILED;
}

export const viewCountText = (count: number) => `${count} ${count === 1 ? 'view' : 'views'}`;

/** A link's times, on this device's clock (the owner's, not a venue's). */
export const formatShareTime = (iso: string) => formatVenueDateTime(iso, deviceZoneName());

/**
 * When a link stops (or stopped) working: 'Never expires' / 'Expires {date}' while it works; a link that no longer
 * works says since when ('Expired {date}', 'Revoked {date}').
 */
export function expiryText(link: Pick<ShareLink, 'status' | 'expiresAt' | 'revokedAt'>): string {
  switch (link.status) {
    case 'revoked':
      return link.revokedAt ? `Revoked ${formatShareTime(link.revokedAt)}` : 'Revoked';
    case 'expired':
      return link.expiresAt ? `Expired ${formatShareTime(link.expiresAt)}` : 'Expired';
    case 'active':
      return link.expiresAt ? `Expires ${formatShareTime(link.expiresAt)}` : 'Never expires';
  }
}

export const createdText = (iso: string) => `Created ${formatShareTime(iso)}`;
