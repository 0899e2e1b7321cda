import type { EventSummary } from '../../events/public';
import type { CreatedTag } from './tagTypes';

/** docs/product/part-2.md §5 "Tag creation needs a selected event". */
export const SELECT_EVENT_MESSAGE = 'Please select an event';

/** docs/product/part-2.md §5: the description is trimmed and omitted when empty. */
export function tagDescription(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

export interface TagTap {
  event: EventSummary | null;
  description: string;
  location: { latitude: number; longitude: number } | null;
  /** The moment of the tap on the server's clock (device clock + the session's measured offset), ms. */
  serverNowMs: number;
  clientId: string;
}

/**
 * The tag a tap makes, before any network: its time is the tap's, not the send's, so a tag kept offline for an
 * hour still marks the goal. Location is attached when known, never required: a gym's GPS timing out must not
 * cost a parent the moment (docs/decisions.md "Tag Moments without a location").
 */
export function tagFromTap({
  event,
  description,
  location,
  serverNowMs,
  clientId,
}: TagTap): { tag: CreatedTag } | { error: string } {
  if (!event) return { error: SELECT_EVENT_MESSAGE };
  const tag: CreatedTag = {
    clientId,
    serverId: null,
    eventId: event.id,
    eventName: event.name,
    timezone: event.timezone,
    timestamp: new Date(serverNowMs).toISOString(),
    description: tagDescription(description),
    location,
    status: 'sending',
    error: null,
  };
  return { tag };
}

/** The body of POST /api/v1/tags (docs/product/part-2.md §3 "Tag creation payload"). */
export interface CreateTagBody {
  timestamp: string;
  eventId: string;
  location?: { latitude: number; longitude: number };
  metadata: { description?: string };
}

export function createTagBody(tag: CreatedTag): CreateTagBody {
  return {
    timestamp: tag.timestamp,
    eventId: tag.eventId,
    ...(tag.location ? { location: { latitude: tag.location.latitude, longitude: tag.location.longitude } } : {}),
    metadata: tag.description ? { description: tag.description } : {},
  };
}
