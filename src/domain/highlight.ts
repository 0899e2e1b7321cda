import * as v from 'valibot';
import { countSchema, idSchema, optionalText } from './fields';

/**
 * A highlight as the API sends it (docs/product/part-2.md §3 "Highlight"; docs/api.md "Highlights"). Only what the
 * spec names is required; the render progress and the rendered duration are read when the server sends them (a
 * highlight without them is told apart by its rendered URL alone, §4).
 */

/** Render stages, in order (server/migrations/008_highlights.sql). */
export const RENDER_STAGES = ['queued', 'rendering', 'finishing', 'done', 'failed'] as const;
export type RenderStage = (typeof RENDER_STAGES)[number];

const HIGHLIGHT_STATUSES = ['processing', 'ready', 'failed'] as const;
/** Processing until a rendered URL exists (§4); failed when the render gave up. */
export type HighlightStatus = (typeof HIGHLIGHT_STATUSES)[number];

const durationSeconds = v.optional(v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0))), null);

const renderSchema = v.object({
  stage: v.picklist(RENDER_STAGES),
  /** 0–100. */
  progress: v.optional(v.nullable(v.pipe(v.number(), v.finite())), null),
  failureReason: optionalText,
});

/** `renderedUrl` and `posterUrl` are absent while the highlight is not playable. */
export const highlightSchema = v.object({
  id: idSchema,
  title: v.string(),
  eventId: v.optional(v.nullable(idSchema), null),
  eventName: v.string(),
  sport: optionalText,
  clipCount: countSchema,
  createdAt: v.string(),
  userEmail: optionalText,
  status: v.optional(v.nullable(v.picklist(HIGHLIGHT_STATUSES)), null),
  render: v.optional(v.nullable(renderSchema), null),
  durationSeconds,
  renderedUrl: optionalText,
  posterUrl: optionalText,
});

export type HighlightWire = v.InferOutput<typeof highlightSchema>;

/** A highlight as the screens show it. Plain data: it travels in navigation state. */
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
export function highlightStatusOf(raw: Pick<HighlightWire, 'status' | 'render' | 'renderedUrl'>): HighlightStatus {
  if (raw.status === 'failed' || raw.render?.stage === 'failed') return 'failed';
  return raw.renderedUrl ? 'ready' : 'processing';
}

export function toHighlight(raw: HighlightWire): Highlight {
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

/** The mapped highlight, checked again when it comes back from a history entry's state (highlightViewerState). */
export const clientHighlightSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  title: v.string(),
  eventId: v.nullable(v.string()),
  eventName: v.string(),
  sport: v.nullable(v.string()),
  clipCount: countSchema,
  createdAt: v.string(),
  userEmail: v.nullable(v.string()),
  status: v.picklist(HIGHLIGHT_STATUSES),
  stage: v.picklist(RENDER_STAGES),
  progress: v.pipe(v.number(), v.finite()),
  failureReason: v.nullable(v.string()),
  durationSeconds: v.nullable(v.pipe(v.number(), v.finite())),
  renderedUrl: v.nullable(v.string()),
  posterUrl: v.nullable(v.string()),
}) satisfies v.GenericSchema<Highlight, Highlight>;
