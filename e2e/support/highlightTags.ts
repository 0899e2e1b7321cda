/**
 * Many tags for one user, for Highlight creation's tag paging (its screen shows the caller's own tags only, so they
 * cannot be spread over several users). POST /api/v1/tags takes 120 a minute per user (server/routes/tags.ts
 * TAGS_PER_MINUTE); past that it answers 429 with Retry-After, and the refused tags are sent again after it, as the
 * app's own outbox does. More than 120 tags therefore take about a minute more per 120.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { sleep } from '../../scripts/support/net';

const headers = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Frontend-Client': 'true' });

/** Sends one tag per timestamp (ISO) at the event, `parallel` at a time, waiting out the per-minute limit. */
export async function createManyTagsViaApi(
  request: APIRequestContext,
  token: string,
  eventId: string,
  timestamps: readonly string[],
  parallel = 10,
): Promise<void> {
  let waiting = [...timestamps];
  while (waiting.length > 0) {
    const refused: string[] = [];
    let retryAfterSeconds = 0;
    for (let i = 0; i < waiting.length; i += parallel) {
      await Promise.all(
        waiting.slice(i, i + parallel).map(async (timestamp) => {
          const res = await request.post('/api/v1/tags', {
            headers: headers(token),
            data: { timestamp, eventId, metadata: {} },
          });
          if (res.status() === 429) {
            refused.push(timestamp);
            retryAfterSeconds = Math.max(retryAfterSeconds, Number(res.headers()['retry-after'] ?? '5'));
            return;
          }
          expect(res.status(), `POST /api/v1/tags at ${timestamp} → ${await res.text()}`).toBe(201);
        }),
      );
      if (refused.length > 0) {
        // The rest would be refused too: wait, then send them with the refused ones.
        refused.push(...waiting.slice(i + parallel));
        break;
      }
    }
    waiting = refused;
    if (waiting.length > 0) await sleep(retryAfterSeconds * 1000);
  }
}
