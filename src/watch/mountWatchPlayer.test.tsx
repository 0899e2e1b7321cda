import { act, fireEvent, screen, within } from '@testing-library/react';
import { mountWatchPlayer } from './mountWatchPlayer';
import { WATCH_ERROR_TEXT } from './WatchPlayer';

const STREAM = '/media/shares/AbCdEfGhIjKlMnOpQrStUvWx/video?exp=1&sig=s';
const POSTER = '/media/shares/AbCdEfGhIjKlMnOpQrStUvWx/poster?exp=1&sig=p';
const DATA = {
  title: 'Summer Final',
  streamUrl: STREAM,
  posterUrl: POSTER,
  durationSeconds: 75,
  event: 'Final',
  venue: 'Hall',
  date: 'Sat',
};

/** jsdom plays nothing: the media methods are stubbed, and currentTime/paused are plain per-element state. */
function stubMedia() {
  const state = new WeakMap<HTMLMediaElement, { paused: boolean; time: number }>();
  const of = (el: HTMLMediaElement) => {
    if (!state.has(el)) state.set(el, { paused: true, time: 0 });
    return state.get(el)!;
  };
  const proto = HTMLMediaElement.prototype;
  jest.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).paused;
  });
  jest.spyOn(proto, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).time;
  });
  jest.spyOn(proto, 'currentTime', 'set').mockImplementation(function (this: HTMLMediaElement, value: number) {
    of(this).time = value;
  });
  const play = jest.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    of(this).paused = false;
    return Promise.resolve();
  });
  const pause = jest.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    of(this).paused = true;
  });
  const load = jest.spyOn(proto, 'load').mockImplementation(() => undefined);
  return { play, pause, load, set: (el: HTMLMediaElement, s: { paused: boolean; time: number }) => state.set(el, s) };
}

/** The page's body as the server writes it (docs/watch-page.md), with `data` as the bundle's data block. */
function writePage(data: string | null = JSON.stringify(DATA)) {
  document.body.innerHTML = `<main><h1>Summer Final</h1>
    <div id="player"><video controls playsinline preload="metadata" poster="${POSTER}" src="${STREAM}"></video></div>
    ${data === null ? '' : `<script type="application/json" id="watch-data">${data}</script>`}</main>`;
  return document.querySelector<HTMLVideoElement>('#player video')!;
}

const player = () => document.getElementById('player')!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('mountWatchPlayer', () => {
  it("replaces the page's native video with the app's player, on the same stream and poster", async () => {
    const media = stubMedia();
    const native = writePage();
    let mounted = false;
    await act(async () => {
      mounted = mountWatchPlayer(document);
    });
    expect(mounted).toBe(true);
    expect(native.isConnected).toBe(false);
    expect(media.load).toHaveBeenCalled(); // the native one stops fetching
    const region = within(player()).getByRole('region', { name: 'Video player: Summer Final' });
    expect(within(region).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    const video = region.querySelector('video')!;
    expect(video.src).toBe(`http://localhost${STREAM}`);
    expect(video.poster).toBe(`http://localhost${POSTER}`);
    expect(player().querySelectorAll('video')).toHaveLength(1);
  });

  it('picks up where the native video was when someone pressed play before the bundle ran', async () => {
    const media = stubMedia();
    const native = writePage();
    media.set(native, { paused: false, time: 3.5 });
    await act(async () => {
      mountWatchPlayer(document);
    });
    expect(media.pause).toHaveBeenCalled();
    const video = player().querySelector('video')!;
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(3.5);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('says to reload when the stream fails (a signature that ran out)', async () => {
    stubMedia();
    writePage();
    await act(async () => {
      mountWatchPlayer(document);
    });
    fireEvent(player().querySelector('video')!, new Event('error'));
    expect(screen.getByRole('alert')).toHaveTextContent(WATCH_ERROR_TEXT);
  });

  it.each([
    ['no data', null],
    ['data that is not JSON', '{"title": "Summer'],
    ['data without a stream', JSON.stringify({ ...DATA, streamUrl: undefined })],
    ['a stream elsewhere', JSON.stringify({ ...DATA, streamUrl: 'https://elsewhere.example/v.mp4' })],
  ])('leaves the native video in place, without throwing, for %s', async (_what, data) => {
    const media = stubMedia();
    const native = writePage(data);
    const before = player().innerHTML;
    let mounted = true;
    await act(async () => {
      mounted = mountWatchPlayer(document);
    });
    expect(mounted).toBe(false);
    expect(native.isConnected).toBe(true);
    expect(player().innerHTML).toBe(before);
    expect(media.pause).not.toHaveBeenCalled();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('does nothing on a page without #player', async () => {
    stubMedia();
    writePage();
    player().remove();
    let mounted = true;
    await act(async () => {
      mounted = mountWatchPlayer(document);
    });
    expect(mounted).toBe(false);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
