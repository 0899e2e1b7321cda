import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { INVALID_TAG_CLIPS_RESPONSE, LOAD_MORE_TAGS_FAILED, TAG_CLIPS_FETCH_FAILED } from '../model/highlightCreationMessages';
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
import { renderHighlightCreation } from '../../../test/renderHighlightCreation';
import { useHighlightCreation } from './useHighlightCreation';

setupApiServer();

const tagHeadings = () => screen.queryAllByRole('heading', { level: 2, name: /^Tag \d+ - / });
const failing = () => HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 500 });

describe('Highlight creation when its tags fail to load (§7 tolerates it, §8 names it)', () => {
  /** The tags fail until `answer` is set; the clips answer as usual. */
  function failingTags(failure: () => Response) {
    let fail = true;
    const asked = answerMakeMyHighlight({ tags: () => (fail ? failure() : HttpResponse.json(tagsAnswer(TWO_TAGS))) });
    const { store } = signedInStore(makeToken({ userId: TEST_USER.id }));
    renderHighlightCreation(store);
    return { asked, answer: () => (fail = false) };
  }
  const TWO_TAGS = [rawTag('t1', 642, [MY_CLIP]), rawTag('t2', 1215, [OTHER_CLIP])];

  it("says 'Failed to fetch tag clips' above the clips, which stay selectable; Retry brings the tags", async () => {
    const { asked, answer } = failingTags(failing);
    const user = userEvent.setup();
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(TAG_CLIPS_FETCH_FAILED);
    expect(screen.queryByText(/^Error: /)).not.toBeInTheDocument();
    // Every clip is an additional one: no tag is known to hold it.
    expect(await screen.findByText('Showing 2 of 2 additional clips (excluding clips shown in tags)')).toBeInTheDocument();
    expect(screen.queryByText(/^Tags shown/)).not.toBeInTheDocument();
    expect(tagHeadings()).toHaveLength(0);
    const boxes = screen.getAllByRole('checkbox', { name: /^Select clip/ });
    expect(boxes).toHaveLength(2);
    await user.click(boxes[0]!);
    expect(screen.getByText('1 clip selected for highlight')).toBeInTheDocument();

    answer();
    const before = asked.tags.length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(tagHeadings()).toHaveLength(2));
    expect(asked.tags.length).toBe(before + 1);
    expect(asked.tags.at(-1)).toBe('?page=1&limit=200&clipLimit=300');
    expect(screen.queryByText(TAG_CLIPS_FETCH_FAILED)).not.toBeInTheDocument();
    expect(screen.getByText('1 clip selected for highlight')).toBeInTheDocument();
  });

  it("says 'Invalid tag clips response format' for a malformed answer", async () => {
    failingTags(() => HttpResponse.json({ success: true, data: { tags: 'none' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_TAG_CLIPS_RESPONSE);
    expect(screen.getByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
  });
});

describe('Highlight creation: tags past the first 200, 50 a page (§7, §9)', () => {
  /** A tag every 10 s from kick-off; the 230th has another parent's clip near it (in the second page). */
  const LATE_CLIP = rawClip('c-late', 2290, 20, 'other.parent@example.com');
  const tagAt = (i: number) => rawTag(`t${String(i).padStart(3, '0')}`, i * 10, i === 230 ? [LATE_CLIP] : []);
  const TOTAL = 240;

  function answerPages({ secondFails = false } = {}) {
    let fail = secondFails;
    const asked = answerMakeMyHighlight({ everyone: clipsAnswer([MY_CLIP, LATE_CLIP]) });
    apiServer.use(
      http.get(API(`tags/event/${EVENT_ID}`), ({ request }) => {
        const url = new URL(request.url);
        asked.tags.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        if (page > 1 && fail) return failing();
        const from = (page - 1) * limit;
        const tags = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - from)) }, (_, i) => tagAt(from + i + 1));
        const answer = tagsAnswer(tags);
        return HttpResponse.json({
          ...answer,
          data: { ...answer.data, pagination: { page, hasMore: from + limit < TOTAL, total: TOTAL } },
        });
      }),
    );
    const { store } = signedInStore(makeToken({ userId: TEST_USER.id }));
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const hook = renderHook(() => useHighlightCreation(EVENT_ID), { wrapper });
    return { ...hook, asked, recover: () => (fail = false) };
  }

  it('loads the next 50 from offset 200 (page 5); the clip under a later tag leaves Additional Clips', async () => {
    const { result, asked } = answerPages();
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(result.current.sections).toHaveLength(200);
    expect(result.current.tagsListing).toEqual({ total: TOTAL, paging: 'idle' });
    expect(result.current.canLoadMoreTags).toBe(true);
    expect(result.current.additional.map((clip) => clip.id)).toEqual(['c-mine', 'c-late']);

    act(() => result.current.loadMoreTags());
    await waitFor(() => expect(result.current.sections).toHaveLength(TOTAL));
    expect(asked.tags).toEqual(['?page=1&limit=200&clipLimit=300', '?page=5&limit=50&clipLimit=300']);
    expect(result.current.sections.map((s) => s.number)).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    expect(result.current.tagsListing).toEqual({ total: TOTAL, paging: 'idle' });
    expect(result.current.canLoadMoreTags).toBe(false);
    expect(result.current.additional.map((clip) => clip.id)).toEqual(['c-mine']);
    expect(result.current.additionalTotal).toBe(1);
  });

  it("a later page that fails: 'Failed to load more tags.', the first 200 stay; Retry asks that page again", async () => {
    const { result, asked, recover } = answerPages({ secondFails: true });
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    act(() => result.current.loadMoreTags());
    await waitFor(() => expect(result.current.tagsListing?.paging).toBe('failed'));
    expect(result.current.tagsWarning).toBe(LOAD_MORE_TAGS_FAILED);
    expect(result.current.sections).toHaveLength(200);
    expect(result.current.status).toBe('loaded');
    // No more asking on scroll until Retry.
    expect(result.current.canLoadMoreTags).toBe(false);

    recover();
    act(() => result.current.retryTags());
    await waitFor(() => expect(result.current.sections).toHaveLength(TOTAL));
    expect(result.current.tagsWarning).toBeNull();
    expect(asked.tags.slice(1)).toEqual(['?page=5&limit=50&clipLimit=300', '?page=5&limit=50&clipLimit=300']);
  });
});
