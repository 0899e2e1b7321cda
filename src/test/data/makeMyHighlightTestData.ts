import { http, HttpResponse } from 'msw';
import { API, apiServer } from '../apiServer';

/**
 * A game for 'Make my highlight' tests, as the local API answers it (docs/api.md "Tags", "Clips", "Editor sessions"):
 * the caller tagged two moments; the caller filmed the first, another parent the second.
 */

export const EVENT_ID = '7f1c1e5e-9c7a-4d59-a8f4-0d5f4a7c2b10';
export const SESSION_ID = '0b8f2d4e-2a31-4e4f-9a55-6a1d2f9e7c01';
const KICK_OFF = Date.parse('2026-07-04T23:00:00.000Z');
/** The instant `seconds` after kick-off (ISO). */
export const at = (seconds: number) => new Date(KICK_OFF + seconds * 1000).toISOString();

const event = {
  id: EVENT_ID,
  name: 'City Cup Final',
  sport: 'Soccer',
  startTime: at(0),
  endTime: null,
  timezone: 'America/New_York',
  location: { name: 'Fenway Park', city: 'Boston', state: 'MA', timezone: 'America/New_York' },
  clipCount: 1,
};

/** A clip as the clip and tag calls send it; `start` in seconds after kick-off, `duration` in seconds or null. */
export function rawClip(id: string, start: number, duration: number | null, email = 'coach.kim@example.com') {
  return {
    id,
    eventId: EVENT_ID,
    duration,
    timestamp: at(start),
    thumbnailUrl: null,
    videoUrl: `/media/clips/${id}/video?sig=x`,
    tag: null,
    device: null,
    user: { email },
  };
}

/** A tag at `seconds` after kick-off with the clips under it (every user's). */
export function rawTag(id: string, seconds: number, clips: ReturnType<typeof rawClip>[] = []) {
  return {
    id,
    timestamp: at(seconds),
    event,
    metadata: { type: 'moment', description: null },
    clips: { items: clips.map((clip) => ({ ...clip, offsetSeconds: seconds - (Date.parse(clip.timestamp) - KICK_OFF) / 1000 })) },
  };
}

/** GET /tags/event/{id} */
export const tagsAnswer = (tags: ReturnType<typeof rawTag>[]) => ({
  success: true,
  data: { event: { ...event, tagCount: tags.length }, tags, pagination: { page: 1, hasMore: false, total: tags.length } },
});

/** GET /clips/event/{id} */
export const clipsAnswer = (clips: ReturnType<typeof rawClip>[]) => ({
  success: true,
  data: { event, clips, pagination: { page: 1, hasMore: false, total: clips.length } },
});

/** Mine, 90 s from 10:00 into the game; the first moment is 42 s into it. */
export const MY_CLIP = rawClip('c-mine', 600, 90);
/** Another parent's, 60 s from 20:00; the second moment is 15 s into it (none of mine is near it). */
export const OTHER_CLIP = rawClip('c-other', 1200, 60, 'other.parent@example.com');
export const TWO_MOMENTS = [rawTag('t1', 642, [MY_CLIP]), rawTag('t2', 1215, [OTHER_CLIP])];

type Answer = object | (() => Response | Promise<Response>);
const respond = (answer: Answer) => (typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer));

export const sessionCreated = () =>
  HttpResponse.json(
    { success: true, data: { id: SESSION_ID, token: 't0k', editorUrl: `/editor/${SESSION_ID}?token=t0k`, expiresAt: 'x' } },
    { status: 201 },
  );

/**
 * Answers the calls (the event and every user's clips for Highlight creation); records what was asked (the query
 * strings, the session bodies).
 */
export function answerMakeMyHighlight({
  tags = tagsAnswer(TWO_MOMENTS) as Answer,
  mine = clipsAnswer([MY_CLIP]) as Answer,
  everyone = clipsAnswer([MY_CLIP, OTHER_CLIP]) as Answer,
  session = sessionCreated as Answer,
} = {}) {
  const asked = { tags: [] as string[], clips: [] as string[], sessions: [] as unknown[] };
  apiServer.use(
    http.get(API(`events/${EVENT_ID}`), () => HttpResponse.json({ success: true, data: event })),
    http.get(API(`tags/event/${EVENT_ID}`), ({ request }) => {
      asked.tags.push(new URL(request.url).search);
      return respond(tags);
    }),
    http.get(API(`clips/event/${EVENT_ID}`), ({ request }) => {
      const url = new URL(request.url);
      asked.clips.push(url.search);
      return respond(url.searchParams.get('allUsers') === 'true' ? everyone : mine);
    }),
    http.post(API('editor-sessions'), async ({ request }) => {
      asked.sessions.push(await request.json());
      return respond(session);
    }),
  );
  return asked;
}
