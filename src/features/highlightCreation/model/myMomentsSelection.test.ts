import { HttpResponse } from 'msw';
import * as v from 'valibot';
import { toTag, type Tag } from '../../../domain/tag';
import { eventTagsResponseSchema } from '../../tags/public';
import { setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { highlightCreationApi } from '../api/highlightCreationApi';
import {
  clipToggled,
  editingRequested,
  highlightSelectionOpened,
  selectHighlightError,
  selectHighlightErrorKind,
  selectSelectedClipIds,
} from './highlightSelectionSlice';
import {
  answerMakeMyHighlight,
  clipsAnswer,
  EVENT_ID,
  MY_CLIP,
  OTHER_CLIP,
  rawClip,
  rawTag,
  tagsAnswer,
} from '../../../test/data/makeMyHighlightTestData';
import { NO_CLIPS_OF_MOMENTS, NO_MOMENTS_TAGGED } from './makeMyHighlightMessages';
import { selectMyMoments } from './myMomentsSelection';

setupApiServer();

/** Tags as the screen holds them: the API's answer through the tag schema. */
const tagsOf = (tags: ReturnType<typeof rawTag>[]): Tag[] =>
  v.parse(eventTagsResponseSchema, tagsAnswer(tags)).data.tags.map(toTag);

/** Highlight creation's store: its selection opened, the caller's clips loaded (`mine`), or not loaded at all (null). */
async function creationStore(mine: ReturnType<typeof rawClip>[] | null) {
  const { store } = signedInStore(makeToken({ userId: TEST_USER.id }), { runSagas: false });
  store.dispatch(highlightSelectionOpened({ screen: 'creation', eventId: EVENT_ID }));
  if (mine) {
    answerMakeMyHighlight({ mine: clipsAnswer(mine) });
    await store.dispatch(highlightCreationApi.endpoints.getHighlightClips.initiate({ eventId: EVENT_ID, allUsers: false }));
  }
  const state = () => store.getState();
  return {
    store,
    selected: () => selectSelectedClipIds(state()),
    message: () => [selectHighlightError(state()), selectHighlightErrorKind(state())],
  };
}

describe('Select my moments', () => {
  it('replaces the selection with the clips of the caller’s moments, in time order (given newest first here)', async () => {
    const { store, selected, message } = await creationStore([MY_CLIP]);
    store.dispatch(clipToggled({ clipId: 'picked-before', capped: true }));
    store.dispatch(selectMyMoments(EVENT_ID, tagsOf([rawTag('t2', 1215, [OTHER_CLIP]), rawTag('t1', 642, [MY_CLIP])])));
    expect(selected()).toEqual([MY_CLIP.id, OTHER_CLIP.id]);
    expect(message()).toEqual([null, null]);
  });

  it('tells the caller’s clips by the loaded list: another user’s clip is taken for a moment only without one of theirs', async () => {
    // Both hold the moment; another parent's covers more of it (the caller's ends 1 s after it).
    const mine = rawClip('c-mine-short', 600, 43);
    const theirs = rawClip('c-theirs', 630, 30, 'other.parent@example.com');
    const tags = tagsOf([rawTag('t1', 642, [mine, theirs])]);
    const known = await creationStore([mine]);
    known.store.dispatch(selectMyMoments(EVENT_ID, tags));
    expect(known.selected()).toEqual(['c-mine-short']);
    const unknown = await creationStore(null);
    unknown.store.dispatch(selectMyMoments(EVENT_ID, tags));
    expect(unknown.selected()).toEqual(['c-theirs']);
  });

  it('a refetch of the tags that failed after they loaded leaves their moments to select (the screen still shows them)', async () => {
    const { store, selected, message } = await creationStore([MY_CLIP]);
    const moments = [rawTag('t1', 642, [MY_CLIP])];
    answerMakeMyHighlight({ tags: tagsAnswer(moments), mine: clipsAnswer([MY_CLIP]) });
    await store.dispatch(highlightCreationApi.endpoints.getHighlightTags.initiate(EVENT_ID));
    answerMakeMyHighlight({
      tags: () => HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 500 }),
      mine: clipsAnswer([MY_CLIP]),
    });
    await store.dispatch(highlightCreationApi.endpoints.getHighlightTags.initiate(EVENT_ID, { forceRefetch: true }));
    expect(highlightCreationApi.endpoints.getHighlightTags.select(EVENT_ID)(store.getState()).isError).toBe(true);

    store.dispatch(selectMyMoments(EVENT_ID, tagsOf(moments)));
    expect(selected()).toEqual([MY_CLIP.id]);
    expect(message()).toEqual([null, null]);
  });

  it('at most 20 clips', async () => {
    const clips = Array.from({ length: 25 }, (_, i) => rawClip(`c${String(i).padStart(2, '0')}`, i * 100, 10));
    const { store, selected } = await creationStore(clips);
    store.dispatch(selectMyMoments(EVENT_ID, tagsOf(clips.map((clip, i) => rawTag(`t${i}`, i * 100 + 5, [clip])))));
    expect(selected()).toEqual(clips.slice(0, 20).map((clip) => clip.id));
  });

  it.each([
    ['no moments tagged', [] as ReturnType<typeof rawTag>[], NO_MOMENTS_TAGGED],
    ['no clip for any moment', [rawTag('t1', 642)], NO_CLIPS_OF_MOMENTS],
  ])('%s: the selection stays, and the page says why', async (_name, tags, text) => {
    const { store, selected, message } = await creationStore([MY_CLIP]);
    store.dispatch(clipToggled({ clipId: 'picked-before', capped: true }));
    store.dispatch(selectMyMoments(EVENT_ID, tagsOf(tags)));
    expect(selected()).toEqual(['picked-before']);
    expect(message()).toEqual([text, 'validation']);
  });

  it('does nothing while the editor is starting', async () => {
    const { store, selected } = await creationStore([MY_CLIP]);
    store.dispatch(clipToggled({ clipId: 'picked-before', capped: true }));
    store.dispatch(editingRequested({ screen: 'creation' }));
    store.dispatch(selectMyMoments(EVENT_ID, tagsOf([rawTag('t1', 642, [MY_CLIP])])));
    expect(selected()).toEqual(['picked-before']);
  });
});
