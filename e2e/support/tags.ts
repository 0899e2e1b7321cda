/**
 * Tags for browser tests, made through the local API (docs/api.md "Tags") rather than Tag Moments: a tag needs a
 * live event and a location there, and the browse screens only need tags to exist.
 */
import type { APIRequestContext } from '@playwright/test';
import { call } from './clips';

export interface CreatedTag {
  id: string;
  timestamp: string;
  eventId: string;
  metadata: { type: string; description?: string };
}

/** POST /api/v1/tags as the token's user: a moment at `timestamp` (ISO) at the event, with an optional description. */
export function createTagViaApi(
  request: APIRequestContext,
  token: string,
  tag: { eventId: string; timestamp: string; description?: string },
): Promise<CreatedTag> {
  return call<CreatedTag>(request, 'POST', '/api/v1/tags', token, {
    timestamp: tag.timestamp,
    eventId: tag.eventId,
    metadata: tag.description === undefined ? {} : { description: tag.description },
  });
}
