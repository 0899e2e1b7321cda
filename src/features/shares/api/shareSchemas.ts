import * as v from 'valibot';
import { envelope } from '../../../api/envelope';
import { countSchema, idSchema, optionalText } from '../../../domain/fields';
import { highlightSchema } from '../../../domain/highlight';

/**
 * The share-link calls' answers (docs/api.md "Share links"), checked at the boundary as RTK Query
 * `rawResponseSchema`s: a malformed answer is 'Unexpected response format', never a crash.
 */

/** Only an absolute http(s) address is offered for copying or sharing: anything else is a malformed answer. */
const shareUrl = v.pipe(
  v.string(),
  v.url(),
  v.check((url) => /^https?:\/\//i.test(url), 'not an http(s) address'),
);

export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** A link as the API sends it. */
export const rawShareLinkSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  highlightId: idSchema,
  url: shareUrl,
  createdAt: v.string(),
  expiresAt: optionalText,
  revokedAt: optionalText,
  status: v.picklist(SHARE_STATUSES),
  viewCount: countSchema,
  lastViewedAt: optionalText,
});

export type RawShareLink = v.InferOutput<typeof rawShareLinkSchema>;

/**
 * A link as the screens show it. The share id is kept under `shareId` (not `id`): it is a capability, and the
 * name lets DevTools and the diagnostics file redact it by key (src/app/devtools.ts cuts it, and the id in a
 * `/s/{id}` url, to its first 4 characters).
 */
export interface ShareLink {
  shareId: string;
  highlightId: string;
  url: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  status: ShareStatus;
  viewCount: number;
  lastViewedAt: string | null;
}

export function toShareLink(raw: RawShareLink): ShareLink {
  return {
    shareId: raw.id,
    highlightId: raw.highlightId,
    url: raw.url,
    createdAt: raw.createdAt,
    expiresAt: raw.expiresAt,
    revokedAt: raw.revokedAt,
    status: raw.status,
    viewCount: raw.viewCount,
    lastViewedAt: raw.lastViewedAt,
  };
}

/** The highlight a group of links belongs to, as GET /api/v1/shares sends it: what the list of links shows of it. */
const sharedHighlightInfoSchema = v.pick(highlightSchema, [
  'id',
  'title',
  'eventName',
  'sport',
  'createdAt',
  'durationSeconds',
  'posterUrl',
]);

export interface SharedHighlight {
  highlight: v.InferOutput<typeof sharedHighlightInfoSchema>;
  shares: ShareLink[];
}

/** POST /api/v1/highlights/{id}/shares and POST /api/v1/shares/{shareId}/revoke */
export const shareResponseSchema = envelope(v.object({ share: rawShareLinkSchema }));

/** GET /api/v1/highlights/{id}/shares */
export const sharesResponseSchema = envelope(v.object({ shares: v.array(rawShareLinkSchema) }));

/** GET /api/v1/shares */
export const sharedHighlightsResponseSchema = envelope(
  v.object({
    highlights: v.array(v.object({ highlight: sharedHighlightInfoSchema, shares: v.array(rawShareLinkSchema) })),
  }),
);

export function toSharedHighlight(raw: v.InferOutput<typeof sharedHighlightsResponseSchema>['data']['highlights'][number]) {
  return { highlight: raw.highlight, shares: raw.shares.map(toShareLink) } satisfies SharedHighlight;
}

/** What Create link asks for (docs/api.md "Share links": null = never expires). */
export const EXPIRY_CHOICES = [null, 7, 30] as const;
export type ExpiresInDays = (typeof EXPIRY_CHOICES)[number];
