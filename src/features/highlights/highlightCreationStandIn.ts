import type { AppDispatch } from '../../app/store';
import { standInEvent, type Clip } from '../clips/public';
import type { Tag } from '../tags/public';
import { highlightCreationApi, INITIAL_CLIPS_LIMIT, TAGS_LIMIT } from './highlightCreationApi';

/**
 * Stand-in answers for Highlight creation, for the build only (src/prerender/loadedStyles.ts): loaded with them, the
 * screen draws every kind of row its list has (a tag with a clip, a tag without, the additional clips) and its
 * actions and preview, so the build ships the CSS of the loaded screen with its frame. No one's data: invented.
 */
export function fillHighlightCreationStandIn(dispatch: AppDispatch, eventId: string): void {
  const event = standInEvent(eventId);
  const clip = (id: string, recordedAt: string): Clip => ({
    id,
    eventId,
    thumbnailUrl: `/stand-in/${id}.jpg`,
    videoUrl: `/stand-in/${id}.mp4`,
    durationSeconds: 30,
    recordedAt,
    tag: null,
    device: null,
    uploaderEmail: 'coach@example.invalid',
  });
  const tagged = clip('tagged', '2026-01-01T10:05:00.000Z');
  const other = clip('other', '2026-01-01T10:20:00.000Z');
  const tag = (id: string, timestamp: string, clips: Tag['clips']): Tag => ({
    id,
    timestamp,
    event,
    type: 'moment',
    description: 'Moment',
    clips,
  });
  const tags = [
    tag('with-clip', '2026-01-01T10:05:10.000Z', [{ ...tagged, offsetSeconds: 10 }]),
    tag('without-clip', '2026-01-01T10:50:00.000Z', []),
  ];
  const pageParams = [{ page: 1, limit: INITIAL_CLIPS_LIMIT }];
  const page = { clips: [tagged, other], hasMore: false, total: 2 };
  // Straight into the cache, as answered entries: upsertQueryData would check them as raw answers (the API's shape).
  dispatch(
    highlightCreationApi.util.upsertQueryEntries([
      { endpointName: 'getHighlightEvent', arg: eventId, value: event },
      {
        endpointName: 'getHighlightTags',
        arg: eventId,
        value: { pages: [{ tags, hasMore: false, total: tags.length }], pageParams: [{ page: 1, limit: TAGS_LIMIT }] },
      },
      ...[false, true].map((allUsers) => ({
        endpointName: 'getHighlightClips' as const,
        arg: { eventId, allUsers },
        value: { pages: [page], pageParams },
      })),
    ]),
  );
}
