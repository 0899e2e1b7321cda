import * as v from 'valibot';
import { envelope } from '../../api/envelope';

/**
 * The highlights calls' answers (docs/product/part-2.md §3 "Highlight", §7; /work/notes contract "Highlights"),
 * checked at the boundary as RTK Query `rawResponseSchema`s: a malformed answer is 'Unexpected response format',
 * never a crash. Only what the spec names is required; the render progress and the rendered duration are read
 * when the server sends them (a highlight without them is told apart by its rendered URL alone, §4).
 */

const id = v.pipe(v.union([v.string(), v.number()]), v.transform(String));
const optionalText = v.optional(v.nullable(v.string()), null);
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** Render stages, in order (server/migrations/008_highlights.sql). */
export const RENDER_STAGES = ['queued', 'rendering', 'finishing', 'done', 'failed'] as const;
export type RenderStage = (typeof RENDER_STAGES)[number];

const rawRenderSchema = v.object({
  stage: v.picklist(RENDER_STAGES),
  /** 0–100. */
  progress: v.optional(v.nullable(v.pipe(v.number(), v.finite())), null),
  failureReason: optionalText,
});

/** A highlight as the API sends it; `renderedUrl` and `posterUrl` are absent while it is not playable. */
export const rawHighlightSchema = v.object({
  id,
  title: v.string(),
  eventId: v.optional(v.nullable(id), null),
  eventName: v.string(),
  sport: optionalText,
  clipCount: count,
  createdAt: v.string(),
  userEmail: optionalText,
  status: v.optional(v.nullable(v.picklist(['processing', 'ready', 'failed'])), null),
  render: v.optional(v.nullable(rawRenderSchema), null),
  durationSeconds: v.optional(v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0))), null),
  renderedUrl: optionalText,
  posterUrl: optionalText,
});

const paginationSchema = v.object({
  total: v.optional(v.nullable(count), null),
  hasMore: v.boolean(),
  page: v.optional(v.nullable(count), null),
  limit: v.optional(v.nullable(count), null),
});

/** GET /api/v1/highlights */
export const highlightsResponseSchema = envelope(
  v.object({
    highlights: v.array(rawHighlightSchema),
    pagination: v.optional(v.nullable(paginationSchema), null),
  }),
);

/** GET /api/v1/highlights/{id} */
export const highlightResponseSchema = envelope(v.object({ highlight: rawHighlightSchema }));

/** GET /api/v1/highlights/{id}/stream-url */
export const streamUrlResponseSchema = envelope(v.object({ streamUrl: v.pipe(v.string(), v.minLength(1)) }));

/** GET /api/v1/highlights/{id}/download-url: the filename may be missing (§7 note: fall back to the title). */
export const downloadUrlResponseSchema = envelope(
  v.object({ downloadUrl: v.pipe(v.string(), v.minLength(1)), filename: optionalText }),
);

export type RawHighlight = v.InferOutput<typeof rawHighlightSchema>;

/** Processing until a rendered URL exists (§4); failed when the render gave up. */
export type HighlightStatus = 'processing' | 'ready' | 'failed';

/** A highlight as the screens show it (docs/product/part-2.md §3). Plain data: it travels in navigation state. */
export interface Highlight {
  id: string;
  title: string;
  eventId: string | null;
  eventName: string;
  sport: string | null;
  clipCount: number;
  createdAt: string;
  /** The creator's e-mail ('Created by'), when the server sends it. */
  userEmail: string | null;
  status: HighlightStatus;
  stage: RenderStage;
  /** 0–100 while rendering. */
  progress: number;
  failureReason: string | null;
  /** The rendered length; null until rendered (the screens then show the estimate). */
  durationSeconds: number | null;
  renderedUrl: string | null;
  posterUrl: string | null;
}

/**
 * The status: a render that failed is failed; otherwise a rendered URL makes it ready (§4: "once a rendered URL
 * exists it is playable"), and without one it is processing, whatever else the answer says.
 */
export function highlightStatusOf(raw: Pick<RawHighlight, 'status' | 'render' | 'renderedUrl'>): HighlightStatus {
  if (raw.status === 'failed' || raw.render?.stage === 'failed') return 'failed';
  return raw.renderedUrl ? 'ready' : 'processing';
}

export function toHighlight(raw: RawHighlight): Highlight {
  const status = highlightStatusOf(raw);
  return {
    id: raw.id,
    title: raw.title,
    eventId: raw.eventId,
    eventName: raw.eventName,
    sport: raw.sport,
    clipCount: raw.clipCount,
    createdAt: raw.createdAt,
    userEmail: raw.userEmail || null,
    status,
    stage: raw.render?.stage ?? (status === 'ready' ? 'done' : status === 'failed' ? 'failed' : 'queued'),
    progress: Math.min(100, Math.max(0, raw.render?.progress ?? 0)),
    failureReason: raw.render?.failureReason ?? null,
    durationSeconds: raw.durationSeconds,
    renderedUrl: raw.renderedUrl || null,
    posterUrl: raw.posterUrl || null,
  };
}

/** The mapped highlight, checked again when it comes back from a history entry's state (highlightNavigation). */
export const highlightSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  title: v.string(),
  eventId: v.nullable(v.string()),
  eventName: v.string(),
  sport: v.nullable(v.string()),
  clipCount: count,
  createdAt: v.string(),
  userEmail: v.nullable(v.string()),
  status: v.picklist(['processing', 'ready', 'failed']),
  stage: v.picklist(RENDER_STAGES),
  progress: v.pipe(v.number(), v.finite()),
  failureReason: v.nullable(v.string()),
  durationSeconds: v.nullable(v.pipe(v.number(), v.finite())),
  renderedUrl: v.nullable(v.string()),
  posterUrl: v.nullable(v.string()),
}) satisfies v.GenericSchema<Highlight, Highlight>;
