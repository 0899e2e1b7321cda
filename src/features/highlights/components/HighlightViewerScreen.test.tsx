import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { makeStore } from '../../../app/store';
import * as v from 'valibot';
import { sessionAbsent } from '../../session/public';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderRouter, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { HIGHLIGHT_ID, PROCESSING_ID, rawHighlight, rawProcessingHighlight } from '../../../test/data/highlightListTestData';
import { toHighlight } from '../../../domain/highlight';
import { highlightResponseSchema } from '../api/highlightSchemas';
import { highlightViewerStateOf } from '../model/highlightViewerState';
import HighlightViewerScreen from './HighlightViewerScreen';

setupApiServer();

const STREAM_URL = `/media/highlights/${HIGHLIGHT_ID}/video?exp=9&sig=stream`;
const DOWNLOAD_URL = `/media/highlights/${HIGHLIGHT_ID}/download?exp=9&sig=dl`;

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago';
});
afterEach(() => {
  Settings.defaultZone = 'system';
  jest.useRealTimers();
});

/** The screen under its `:id` route, as the app mounts it, opened with `state` (a row of the list) or none (a deep link). */
function render(id: string, state: unknown = null) {
  const { session } = signedInState();
  const store = makeStore({ preloadedState: { session: { ...session, token: makeToken({}) } }, runSagas: false });
  const router = createMemoryRouter(
    [
      { path: '/highlight/view/:id', element: <HighlightViewerScreen /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [{ pathname: `/highlight/view/${id}`, state }] },
  );
  return { ...renderRouter(store, router), store };
}

/** Answers GET /highlights/{id} in turn (the last repeats); returns what was asked. */
function answerHighlight(id: string, ...answers: Array<object | (() => Response)>) {
  const asked = { count: 0 };
  apiServer.use(
    http.get(API(`highlights/${id}`), () => {
      asked.count += 1;
      const answer = answers[Math.min(asked.count - 1, answers.length - 1)]!;
      return typeof answer === 'function' ? (answer as () => Response)() : HttpResponse.json(answer);
    }),
  );
  return asked;
}

function answerStream(id = HIGHLIGHT_ID, url = STREAM_URL) {
  const asked = { count: 0 };
  apiServer.use(
    http.get(API(`highlights/${id}/stream-url`), () => {
      asked.count += 1;
      return HttpResponse.json({ success: true, data: { streamUrl: url } });
    }),
  );
  return asked;
}

/** Answers GET /highlights/{id}/stream-url with each URL in turn (null: a 500); the last repeats. */
function answerStreams(...urls: Array<string | null>) {
  const asked = { count: 0 };
  apiServer.use(
    http.get(API(`highlights/${HIGHLIGHT_ID}/stream-url`), () => {
      asked.count += 1;
      const url = urls[Math.min(asked.count - 1, urls.length - 1)]!;
      return url === null
        ? HttpResponse.json({ success: false }, { status: 500 })
        : HttpResponse.json({ success: true, data: { streamUrl: url } });
    }),
  );
  return asked;
}

/** jsdom plays nothing: currentTime is a plain value per element, and play() just says it plays. */
function stubMedia() {
  const times = new WeakMap<HTMLMediaElement, number>();
  jest.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return times.get(this) ?? 0;
  });
  jest.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation(function (
    this: HTMLMediaElement,
    value: number,
  ) {
    times.set(this, value);
  });
  const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  return { play };
}

const loaded = (video: HTMLVideoElement) => {
  fireEvent(video, new Event('loadedmetadata'));
  fireEvent(video, new Event('loadeddata'));
};

const one = (raw: object) => ({ success: true, data: { highlight: raw } });

function captureLinkClicks() {
  const clicks: Array<{ href: string; download: string }> = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return clicks;
}

const details = () => within(screen.getByRole('region', { name: 'Details' }));

/** The signed download URL answered with `respond` (the first byte the download asks for before saving). */
function serveDownload(respond: () => Response = () => new HttpResponse(new Uint8Array([0]), { status: 206 })) {
  const asked = { count: 0 };
  apiServer.use(
    http.get(`${window.location.origin}/media/highlights/${HIGHLIGHT_ID}/download`, () => {
      asked.count += 1;
      return respond();
    }),
  );
  return asked;
}

function answerDownloadUrl(respond: () => Response) {
  apiServer.use(http.get(API(`highlights/${HIGHLIGHT_ID}/download-url`), respond));
}

const DOWNLOAD_LINK = () =>
  HttpResponse.json({ success: true, data: { downloadUrl: DOWNLOAD_URL, filename: 'summer_final.mp4' } });

describe('HighlightViewerScreen (docs/product/part-2.md §2 "Highlight viewer")', () => {
  it('opened from the list: the highlight at once, then the player on the signed stream URL', async () => {
    const highlight = toHighlight(v.parse(highlightResponseSchema, one(rawHighlight())).data.highlight);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerHighlight(HIGHLIGHT_ID, async () => {
      await held;
      return HttpResponse.json(one(rawHighlight()));
    });
    answerStream();
    render(HIGHLIGHT_ID, highlightViewerStateOf(highlight, signedInState().session.user!.id));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Final' })).toBeInTheDocument();
    // Before the API answered: from the navigation state.
    expect(details().getByText('City Cup Final')).toBeInTheDocument();
    expect(details().getByText('4 clips')).toBeInTheDocument();
    expect(details().getByText('0:42')).toBeInTheDocument();
    expect(details().getByText('coach.kim@example.com')).toBeInTheDocument();
    expect(details().getByText('Created by')).toBeInTheDocument();
    expect(details().getByText('Soccer')).toBeInTheDocument();
    expect(details().getByText('Jul 4, 2026, 8:30 PM')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading video...');
    const video = await waitForVideo();
    expect(video.getAttribute('src')).toBe(STREAM_URL);
    fireEvent(video, new Event('loadeddata'));
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Video player: Summer Final' })).toBeInTheDocument();
    release();
  });

  it('a deep link (no navigation state) loads the highlight from the API and plays it', async () => {
    const asked = answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
    answerStream();
    render(HIGHLIGHT_ID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Final' })).toBeInTheDocument();
    expect((await waitForVideo()).getAttribute('src')).toBe(STREAM_URL);
    expect(asked.count).toBe(1);
    expect(screen.getByRole('link', { name: 'Back to My Highlights' })).toHaveAttribute('href', '/highlights/view');
  });

  it('no “Created by” when the server names no creator', async () => {
    answerHighlight(HIGHLIGHT_ID, one(rawHighlight({ userEmail: null })));
    answerStream();
    render(HIGHLIGHT_ID);
    await screen.findByRole('heading', { level: 1, name: 'Summer Final' });
    expect(details().queryByText('Created by')).not.toBeInTheDocument();
  });

  it("a highlight that does not exist: 'Highlight not found or video unavailable' with a way back", async () => {
    answerHighlight(HIGHLIGHT_ID, () =>
      HttpResponse.json({ success: false, error: 'Highlight not found', code: 'HIGHLIGHT_NOT_FOUND' }, { status: 404 }),
    );
    render(HIGHLIGHT_ID);
    expect(await screen.findByText('Highlight not found or video unavailable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Highlights' })).toHaveAttribute('href', '/highlights/view');
    expect(document.querySelector('video')).toBeNull();
  });

  it('a server failure is not “not found”: its text with Retry, which loads again', async () => {
    answerHighlight(HIGHLIGHT_ID, () => HttpResponse.json({ success: false }, { status: 500 }), one(rawHighlight()));
    answerStream();
    const { user } = render(HIGHLIGHT_ID);
    expect(await screen.findByText('Failed to fetch highlights: HTTP 500')).toBeInTheDocument();
    expect(screen.queryByText('Highlight not found or video unavailable')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Final' })).toBeInTheDocument();
  });

  it('still processing: its stage instead of a player, followed until it is playable', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'], advanceTimers: true });
    const asked = answerHighlight(
      PROCESSING_ID,
      one(rawProcessingHighlight(42)),
      one(rawHighlight({ id: PROCESSING_ID, title: 'Second Half' })),
    );
    const stream = answerStream(PROCESSING_ID, '/media/p.mp4');
    render(PROCESSING_ID);
    expect(await screen.findByText('Rendering 42 %')).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Render progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    // Not playable yet: nothing to share.
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(stream.count).toBe(0);
    await act(() => jest.advanceTimersByTimeAsync(2_100));
    expect((await waitForVideo()).getAttribute('src')).toBe('/media/p.mp4');
    expect(asked.count).toBe(2);
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(asked.count).toBe(2);
  });

  it("a stream URL that cannot be had: 'Video unavailable or failed to load'", async () => {
    answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
    apiServer.use(
      http.get(API(`highlights/${HIGHLIGHT_ID}/stream-url`), () => HttpResponse.json({ success: false }, { status: 500 })),
    );
    render(HIGHLIGHT_ID);
    expect(await screen.findByRole('alert')).toHaveTextContent('Video unavailable or failed to load');
  });

  describe('a stream link that runs out (signed for 15–20 min)', () => {
    const RENEWED = `/media/highlights/${HIGHLIGHT_ID}/video?exp=99&sig=renewed`;
    const THIRD = `/media/highlights/${HIGHLIGHT_ID}/video?exp=999&sig=third`;

    afterEach(() => jest.restoreAllMocks());

    it('the player’s error asks for the URL once more and picks up at the same time', async () => {
      stubMedia();
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      const stream = answerStreams(STREAM_URL, RENEWED, THIRD);
      render(HIGHLIGHT_ID);
      const first = await waitForVideo();
      expect(first.getAttribute('src')).toBe(STREAM_URL);
      loaded(first);
      first.currentTime = 25;
      // A seek's range request refused (403): the element fails.
      fireEvent(first, new Event('error'));
      const second = await waitForVideo(RENEWED);
      expect(stream.count).toBe(2);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      loaded(second);
      expect(second.currentTime).toBe(25);
      expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      // It loaded: the next time the link runs out it is renewed again.
      second.currentTime = 31;
      fireEvent(second, new Event('error'));
      const third = await waitForVideo(THIRD);
      expect(stream.count).toBe(3);
      loaded(third);
      expect(third.currentTime).toBe(31);
    });

    it('playing when it failed: plays on from there', async () => {
      const { play } = stubMedia();
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      answerStreams(STREAM_URL, RENEWED);
      render(HIGHLIGHT_ID);
      const first = await waitForVideo();
      loaded(first);
      fireEvent(first, new Event('play'));
      first.currentTime = 12;
      fireEvent(first, new Event('error'));
      const second = await waitForVideo(RENEWED);
      play.mockClear();
      loaded(second);
      expect(second.currentTime).toBe(12);
      expect(play).toHaveBeenCalledTimes(1);
    });

    it('not in a loop: when the renewed URL fails too, the error stands', async () => {
      stubMedia();
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      const stream = answerStreams(STREAM_URL, RENEWED, THIRD);
      render(HIGHLIGHT_ID);
      const first = await waitForVideo();
      loaded(first);
      fireEvent(first, new Event('error'));
      const second = await waitForVideo(RENEWED);
      fireEvent(second, new Event('error'));
      expect(await screen.findByRole('alert')).toHaveTextContent('Video unavailable or failed to load');
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(stream.count).toBe(2);
      expect(document.querySelector('video')?.getAttribute('src')).toBe(RENEWED);
    });

    it('when the URL cannot be had again: the error', async () => {
      stubMedia();
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      const stream = answerStreams(STREAM_URL, null);
      render(HIGHLIGHT_ID);
      const first = await waitForVideo();
      loaded(first);
      fireEvent(first, new Event('error'));
      expect(await screen.findByRole('alert')).toHaveTextContent('Video unavailable or failed to load');
      expect(stream.count).toBe(2);
    });
  });

  it('Share: beside Download once playable; it opens the share dialog for this highlight', async () => {
    answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
    answerStream();
    let linksAsked = 0;
    apiServer.use(
      http.get(API(`highlights/${HIGHLIGHT_ID}/shares`), () => {
        linksAsked += 1;
        return HttpResponse.json({ success: true, data: { shares: [] } });
      }),
    );
    const { user, router } = render(HIGHLIGHT_ID);
    await screen.findByRole('heading', { level: 1, name: 'Summer Final' });
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(header.getByRole('button', { name: 'Share' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share highlight' }));
    expect(dialog.getByText('Summer Final')).toBeInTheDocument();
    expect(await dialog.findByText('No links to this highlight yet.')).toBeInTheDocument();
    expect(linksAsked).toBe(1);
    expect(router.state.location.pathname).toBe(`/highlight/view/${HIGHLIGHT_ID}`);
  });

  describe('Download', () => {
    it('asks for the download URL and lets the browser save it under the server’s filename', async () => {
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      answerStream();
      apiServer.use(
        http.get(API(`highlights/${HIGHLIGHT_ID}/download-url`), () =>
          HttpResponse.json({ success: true, data: { downloadUrl: DOWNLOAD_URL, filename: 'summer_final.mp4' } }),
        ),
      );
      const media = serveDownload();
      const clicks = captureLinkClicks();
      const { user } = render(HIGHLIGHT_ID);
      await screen.findByRole('heading', { level: 1, name: 'Summer Final' });
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await act(async () => undefined);
      await waitFor(() => expect(clicks).toEqual([{ href: DOWNLOAD_URL, download: 'summer_final.mp4' }]));
      expect(media.count).toBe(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('without a filename in the answer: the title’s (§7)', async () => {
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight({ title: 'Cup Final: Goals!' })));
      answerStream();
      apiServer.use(
        http.get(API(`highlights/${HIGHLIGHT_ID}/download-url`), () =>
          HttpResponse.json({ success: true, data: { downloadUrl: DOWNLOAD_URL } }),
        ),
      );
      serveDownload();
      const clicks = captureLinkClicks();
      const { user } = render(HIGHLIGHT_ID);
      await screen.findByRole('heading', { level: 1, name: 'Cup Final: Goals!' });
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(clicks).toEqual([{ href: DOWNLOAD_URL, download: 'cup_final__goals_.mp4' }]));
    });

    it("a failed download-url call: 'Failed to download video. Please try again.'", async () => {
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      answerStream();
      apiServer.use(
        http.get(API(`highlights/${HIGHLIGHT_ID}/download-url`), () => HttpResponse.json({ success: false }, { status: 500 })),
      );
      const clicks = captureLinkClicks();
      const { user } = render(HIGHLIGHT_ID);
      await screen.findByRole('heading', { level: 1, name: 'Summer Final' });
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Failed to download video. Please try again.')).toBeInTheDocument();
      expect(clicks).toEqual([]);
    });

    it.each([
      [
        'the signed URL is refused (403, expired)',
        () => HttpResponse.json({ success: false, code: 'MEDIA_URL_EXPIRED' }, { status: 403 }),
      ],
      ['the file cannot be reached', () => HttpResponse.error()],
    ])("%s: 'Failed to download video. Please try again.', nothing saved", async (_case, respond) => {
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      answerStream();
      answerDownloadUrl(DOWNLOAD_LINK);
      const media = serveDownload(respond);
      const clicks = captureLinkClicks();
      const { user } = render(HIGHLIGHT_ID);
      await screen.findByRole('heading', { level: 1, name: 'Summer Final' });
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download video. Please try again.');
      expect(media.count).toBe(1);
      expect(clicks).toEqual([]);
      expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    });

    it("the download-url call unanswered: 'Failed to download video. Please try again.'", async () => {
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      answerStream();
      answerDownloadUrl(() => HttpResponse.error());
      const clicks = captureLinkClicks();
      const { user } = render(HIGHLIGHT_ID);
      await screen.findByRole('heading', { level: 1, name: 'Summer Final' });
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download video. Please try again.');
      expect(clicks).toEqual([]);
    });

    it('a 401 on the download-url call shows nothing (§6)', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined); // 'Token refresh failed'
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      answerStream();
      apiServer.use(
        http.post(API('auth/verify/refresh'), () =>
          HttpResponse.json({ success: false, error: 'Invalid token', code: 'INVALID_TOKEN' }, { status: 401 }),
        ),
      );
      let asked = 0;
      answerDownloadUrl(() => {
        asked += 1;
        return HttpResponse.json({ success: false, error: 'Authentication required', code: 'UNAUTHORIZED' }, { status: 401 });
      });
      const clicks = captureLinkClicks();
      const { user } = render(HIGHLIGHT_ID);
      await screen.findByRole('heading', { level: 1, name: 'Summer Final' });
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(asked).toBeGreaterThan(0));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled());
      expect(screen.queryByText('Failed to download video. Please try again.')).not.toBeInTheDocument();
      expect(clicks).toEqual([]);
    });

    it("no session: 'Please log in to download highlights.' and nothing asked", async () => {
      answerHighlight(HIGHLIGHT_ID, one(rawHighlight()));
      answerStream();
      let askedForLink = 0;
      apiServer.use(
        http.get(API(`highlights/${HIGHLIGHT_ID}/download-url`), () => {
          askedForLink += 1;
          return HttpResponse.json({ success: true, data: { downloadUrl: DOWNLOAD_URL } });
        }),
      );
      const clicks = captureLinkClicks();
      const { user, store } = render(HIGHLIGHT_ID);
      await screen.findByRole('heading', { level: 1, name: 'Summer Final' });
      act(() => {
        store.dispatch(sessionAbsent({ reason: null }));
      });
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Please log in to download highlights.')).toBeInTheDocument();
      expect(askedForLink).toBe(0);
      expect(clicks).toEqual([]);
    });
  });
});

/** The video element once it has a `src` (`src` itself when given). */
async function waitForVideo(src?: string): Promise<HTMLVideoElement> {
  for (let i = 0; i < 200; i += 1) {
    const video = document.querySelector('video');
    const now = video?.getAttribute('src');
    if (video && now && (src === undefined || now === src)) return video;
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error('no video element with a src');
}
