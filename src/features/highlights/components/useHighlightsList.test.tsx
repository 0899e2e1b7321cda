import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { useHighlightsList } from './useHighlightsList';
import { highlightsPageAnswer, rawNthHighlight } from '../../../test/data/highlightListTestData';
import { HIGHLIGHT_LIST, HIGHLIGHTS_PAGE_SIZE, highlightsApi, nextHighlightsPage } from '../api/highlightsApi';

setupApiServer();

/** GET /highlights over `total` highlights, paged as the API pages them; `answer` may replace a page's answer. */
function answerPages(total: () => number, answer?: (page: number) => Response | null) {
  const asked: Array<{ page: number; limit: number }> = [];
  apiServer.use(
    http.get(API('highlights'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page'));
      const limit = Number(params.get('limit'));
      asked.push({ page, limit });
      return answer?.(page) ?? HttpResponse.json(highlightsPageAnswer(page, limit, total()));
    }),
  );
  return asked;
}

function renderList() {
  const { session } = signedInState();
  const store = makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { ...renderHook(() => useHighlightsList(), { wrapper }), store };
}

const titles = (items: ReadonlyArray<{ title: string }> | undefined) => (items ?? []).map((h) => h.title);
const nth = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Highlight ${from + i}`);

describe('nextHighlightsPage', () => {
  it('the next page while the server says there is more; none after the last', () => {
    expect(nextHighlightsPage({ highlights: [], total: 120, hasMore: true }, [], 2)).toBe(3);
    expect(nextHighlightsPage({ highlights: [], total: 120, hasMore: false }, [], 3)).toBeUndefined();
  });
});

describe('useHighlightsList: the list page after page (docs/product/part-2.md §2 "Highlights list")', () => {
  it('the first 50, newest first, and the total; Load More reaches the oldest, then there is no more', async () => {
    const asked = answerPages(() => 120);
    const { result } = renderList();
    await waitFor(() => expect(result.current.items).toHaveLength(50));
    expect(asked).toEqual([{ page: 1, limit: HIGHLIGHTS_PAGE_SIZE }]);
    expect(titles(result.current.items)).toEqual(nth(1, 50));
    expect(result.current.total).toBe(120);
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(100));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(120));
    expect(titles(result.current.items)).toEqual(nth(1, 120));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.total).toBe(120);
    expect(asked.map((a) => a.page)).toEqual([1, 2, 3]);
  });

  it('a highlight made between two pages shifts the list: the repeated one shows once', async () => {
    answerPages(() => 60);
    const { result } = renderList();
    await waitFor(() => expect(result.current.items).toHaveLength(50));
    // One more, newest: page 2 now starts with the one page 1 ended with.
    apiServer.use(
      http.get(API('highlights'), () => {
        const shifted = highlightsPageAnswer(2, 50, 61);
        shifted.data.highlights = [rawNthHighlight(50), ...Array.from({ length: 10 }, (_, i) => rawNthHighlight(51 + i))];
        return HttpResponse.json(shifted);
      }),
    );
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(titles(result.current.items)).toEqual(nth(1, 60));
  });

  it('the next page fails: the loaded ones stay, the error has a Retry that asks for that page again', async () => {
    let failing = true;
    const asked = answerPages(
      () => 70,
      (page) =>
        page === 2 && failing ? HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 503 }) : null,
    );
    const { result } = renderList();
    await waitFor(() => expect(result.current.items).toHaveLength(50));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.loadMoreError).not.toBeNull());
    expect(result.current.loadMoreError?.message).toBe('Failed to fetch highlights: Database unavailable');
    expect(result.current.error).toBeNull();
    expect(result.current.items).toHaveLength(50);
    failing = false;
    act(() => result.current.loadMoreError?.onRetry());
    await waitFor(() => expect(result.current.items).toHaveLength(70));
    expect(result.current.loadMoreError).toBeNull();
    expect(asked.map((a) => a.page)).toEqual([1, 2, 2]);
  });

  it('back from the editor ({Highlight, LIST} invalidated): every loaded page asked again, the total updated', async () => {
    let total = 80;
    const asked = answerPages(() => total);
    const { result, store } = renderList();
    await waitFor(() => expect(result.current.items).toHaveLength(50));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(80));
    total = 81;
    act(() => {
      store.dispatch(highlightsApi.util.invalidateTags([HIGHLIGHT_LIST]));
    });
    await waitFor(() => expect(result.current.total).toBe(81));
    await waitFor(() => expect(result.current.items).toHaveLength(81));
    expect(asked.map((a) => a.page)).toEqual([1, 2, 1, 2]);
  });

  it('the first page fails: the whole list’s error, whose Retry loads it again', async () => {
    let failing = true;
    answerPages(
      () => 3,
      () => (failing ? HttpResponse.json({ success: false }, { status: 500 }) : null),
    );
    const { result } = renderList();
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error?.message).toBe('Failed to fetch highlights: HTTP 500');
    expect(result.current.total).toBeNull();
    failing = false;
    act(() => result.current.error?.onRetry());
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    expect(result.current.total).toBe(3);
  });
});
