import * as v from 'valibot';
import {
  shareResponseSchema,
  sharedHighlightsResponseSchema,
  sharesResponseSchema,
  toShareLink,
  toSharedHighlight,
} from './shareSchemas';
import {
  rawRevokedLink,
  rawSharedHighlight,
  rawShareLink,
  SHARE_ID,
  shareAnswer,
  sharedHighlightsAnswer,
  SHARED_HIGHLIGHT_ID,
  sharesAnswer,
  shareUrl,
} from '../../../test/data/shareTestData';

describe('share-link answers (docs/api.md "Share links")', () => {
  it('a link maps to what the screens show, its id kept as shareId', () => {
    const parsed = v.parse(shareResponseSchema, shareAnswer(rawShareLink()));
    expect(toShareLink(parsed.data.share)).toEqual({
      shareId: SHARE_ID,
      highlightId: SHARED_HIGHLIGHT_ID,
      url: shareUrl(SHARE_ID),
      createdAt: '2026-07-05T01:30:00.000Z',
      expiresAt: null,
      revokedAt: null,
      status: 'active',
      viewCount: 3,
      lastViewedAt: '2026-07-06T14:00:00.000Z',
    });
  });

  it('missing nullable times read as null; a numeric highlight id as text', () => {
    const { expiresAt: _e, revokedAt: _r, lastViewedAt: _l, ...bare } = rawShareLink({ highlightId: 12 });
    const link = toShareLink(v.parse(shareResponseSchema, shareAnswer(bare)).data.share);
    expect(link).toMatchObject({ highlightId: '12', expiresAt: null, revokedAt: null, lastViewedAt: null });
  });

  it.each([
    ['a javascript: address', rawShareLink({ url: 'javascript:alert(1)' })],
    ['a relative address', rawShareLink({ url: `/s/${SHARE_ID}` })],
    ['an unknown status', rawShareLink({ status: 'paused' })],
    ['a negative view count', rawShareLink({ viewCount: -1 })],
    ['a fractional view count', rawShareLink({ viewCount: 1.5 })],
    ['no id', rawShareLink({ id: '' })],
  ])('rejects %s', (_what, raw) => {
    expect(v.safeParse(shareResponseSchema, shareAnswer(raw)).success).toBe(false);
  });

  it('a highlight’s links: every state, in the order sent', () => {
    const parsed = v.parse(sharesResponseSchema, sharesAnswer([rawShareLink(), rawRevokedLink()]));
    expect(parsed.data.shares.map(toShareLink).map((l) => l.status)).toEqual(['active', 'revoked']);
    expect(v.safeParse(sharesResponseSchema, { success: true, data: {} }).success).toBe(false);
  });

  it('shared highlights: each highlight with its links; the poster and duration may be missing', () => {
    const { posterUrl: _p, durationSeconds: _d, ...bare } = rawSharedHighlight();
    const parsed = v.parse(
      sharedHighlightsResponseSchema,
      sharedHighlightsAnswer([{ highlight: bare, shares: [rawShareLink()] }]),
    );
    const group = toSharedHighlight(parsed.data.highlights[0]!);
    expect(group.highlight).toMatchObject({
      id: SHARED_HIGHLIGHT_ID,
      title: 'Summer Final',
      durationSeconds: null,
      posterUrl: null,
    });
    expect(group.shares[0]).toMatchObject({ shareId: SHARE_ID, viewCount: 3 });
    expect(
      v.safeParse(sharedHighlightsResponseSchema, sharedHighlightsAnswer([{ highlight: { id: 'x' }, shares: [] }])).success,
    ).toBe(false);
  });
});
