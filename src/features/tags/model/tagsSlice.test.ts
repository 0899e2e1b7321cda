import { makeStore } from '../../../app/store';
import { signedOut } from '../../session/public';
import {
  keptTagsLoaded,
  selectCreatedTags,
  selectTagCreating,
  selectTagEvent,
  tagConfirmed,
  tagEventSelected,
  tagRequested,
  tagsChangedElsewhere,
} from './tagsSlice';
import { createdTag, tagEvent } from '../../../test/data/tagTestData';

const store = () => makeStore({ runSagas: false });
const ids = (s: ReturnType<typeof store>) => selectCreatedTags(s.getState()).map((t) => t.clientId);

describe('tags slice', () => {
  it('lists a tapped tag first, and kept ones by time without repeating any', () => {
    const s = store();
    s.dispatch(tagRequested(createdTag({ clientId: 'now', timestamp: '2026-11-23T18:30:00.000Z' })));
    s.dispatch(
      keptTagsLoaded([
        createdTag({ clientId: 'now', status: 'waiting', timestamp: '2026-11-23T18:30:00.000Z' }),
        createdTag({ clientId: 'older', status: 'waiting', timestamp: '2026-11-23T18:00:00.000Z' }),
        createdTag({ clientId: 'newer', status: 'failed', timestamp: '2026-11-23T18:40:00.000Z' }),
      ]),
    );
    expect(ids(s)).toEqual(['newer', 'now', 'older']);
    expect(selectTagCreating(s.getState())).toBe(true);
    s.dispatch(tagConfirmed({ clientId: 'now', serverId: 't-1' }));
    expect(selectTagCreating(s.getState())).toBe(false);
  });

  it("follows another tab's news: sent, refused, retried, discarded", () => {
    const s = store();
    s.dispatch(
      keptTagsLoaded([
        ...['a', 'b', 'c'].map((clientId) => createdTag({ clientId, status: 'waiting' })),
        createdTag({ clientId: 'd', status: 'failed', error: 'Event not found' }),
      ]),
    );
    s.dispatch(
      tagsChangedElsewhere({
        sent: [{ clientId: 'a', serverId: 't-a' }],
        refused: [{ clientId: 'b', error: 'Event not found' }],
        retried: ['d'],
        discarded: ['c'],
      }),
    );
    expect(selectCreatedTags(s.getState())).toEqual([
      createdTag({ clientId: 'a', status: 'sent', serverId: 't-a' }),
      createdTag({ clientId: 'b', status: 'failed', error: 'Event not found' }),
      createdTag({ clientId: 'd', status: 'waiting' }),
    ]);
  });

  it('forgets the event and the tags at sign-out', () => {
    const s = store();
    s.dispatch(tagEventSelected(tagEvent));
    s.dispatch(tagRequested(createdTag()));
    s.dispatch(signedOut({ reason: 'user_logout' }));
    expect(selectTagEvent(s.getState())).toBeNull();
    expect(selectCreatedTags(s.getState())).toEqual([]);
  });
});
