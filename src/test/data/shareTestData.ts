/** Share-link answers as the local API sends them (docs/api.md "Share links"), for tests. */

export const SHARED_HIGHLIGHT_ID = '3a1f7c52-0000-4000-8000-0000000000a1';
export const OTHER_HIGHLIGHT_ID = '3a1f7c52-0000-4000-8000-0000000000b7';
export const SHARE_ID = 'Qm9vdHNPblRoZUdyb3VuZDEy';
export const OLD_SHARE_ID = 'T2xkTGlua0Zyb21KdWx5MDQx';
export const REVOKED_SHARE_ID = 'UmV2b2tlZExpbmtGcm9tSnVs';
export const shareUrl = (shareId: string) => `http://localhost:3000/s/${shareId}`;

/** An active link that never expires, viewed 3 times. */
export function rawShareLink(overrides: Record<string, unknown> = {}) {
  const id = typeof overrides.id === 'string' ? overrides.id : SHARE_ID;
  return {
    id,
    highlightId: SHARED_HIGHLIGHT_ID,
    url: shareUrl(id),
    createdAt: '2026-07-05T01:30:00.000Z',
    expiresAt: null,
    revokedAt: null,
    status: 'active',
    viewCount: 3,
    lastViewedAt: '2026-07-06T14:00:00.000Z',
    ...overrides,
  };
}

/** Made on Jul 1 for 7 days; the first view is the only one. */
export function rawExpiringLink(overrides: Record<string, unknown> = {}) {
  return rawShareLink({
    id: OLD_SHARE_ID,
    createdAt: '2026-07-01T15:00:00.000Z',
    expiresAt: '2026-07-08T15:00:00.000Z',
    viewCount: 1,
    ...overrides,
  });
}

export function rawRevokedLink(overrides: Record<string, unknown> = {}) {
  return rawShareLink({
    id: REVOKED_SHARE_ID,
    createdAt: '2026-06-30T15:00:00.000Z',
    revokedAt: '2026-07-02T16:00:00.000Z',
    status: 'revoked',
    viewCount: 0,
    lastViewedAt: null,
    ...overrides,
  });
}

export const shareAnswer = (share: object) => ({ success: true, data: { share } });
export const sharesAnswer = (shares: object[]) => ({ success: true, data: { shares } });

export function rawSharedHighlight(overrides: Record<string, unknown> = {}) {
  return {
    id: SHARED_HIGHLIGHT_ID,
    title: 'Summer Final',
    eventName: 'City Cup Final',
    sport: 'Soccer',
    createdAt: '2026-07-05T01:00:00.000Z',
    durationSeconds: 42.4,
    posterUrl: `/media/highlights/${SHARED_HIGHLIGHT_ID}/poster?exp=1&sig=a`,
    ...overrides,
  };
}

export const sharedHighlightsAnswer = (groups: Array<{ highlight: object; shares: object[] }>) => ({
  success: true,
  data: { highlights: groups },
});
