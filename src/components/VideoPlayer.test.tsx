import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoPlayer } from './VideoPlayer';

/**
 * jsdom has no media playback: play() and pause() are stubbed to flip `paused` and fire the events a browser
 * fires; currentTime and duration are plain properties the test sets.
 */
function stubMedia() {
  const state = new WeakMap<HTMLMediaElement, { paused: boolean; muted: boolean; time: number; duration: number }>();
  const of = (el: HTMLMediaElement) => {
    if (!state.has(el)) state.set(el, { paused: true, muted: false, time: 0, duration: NaN });
    return state.get(el)!;
  };
  const proto = HTMLMediaElement.prototype;
  jest.spyOn(proto, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).paused;
  });
  jest.spyOn(proto, 'muted', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).muted;
  });
  jest.spyOn(proto, 'muted', 'set').mockImplementation(function (this: HTMLMediaElement, value: boolean) {
    of(this).muted = value;
    this.dispatchEvent(new Event('volumechange'));
  });
  jest.spyOn(proto, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).time;
  });
  jest.spyOn(proto, 'currentTime', 'set').mockImplementation(function (this: HTMLMediaElement, value: number) {
    of(this).time = value;
    this.dispatchEvent(new Event('timeupdate'));
  });
  jest.spyOn(proto, 'duration', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return of(this).duration;
  });
  const play = jest.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    of(this).paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = jest.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    of(this).paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  return {
    play,
    pause,
    /** The video loaded its first frame: `duration` seconds long. */
    loaded(video: HTMLVideoElement, duration: number) {
      of(video).duration = duration;
      fireEvent(video, new Event('loadedmetadata'));
      fireEvent(video, new Event('loadeddata'));
    },
    time: (video: HTMLVideoElement) => of(video).time,
  };
}

const video = () => document.querySelector('video')!;

function renderPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const user = userEvent.setup();
  const onPlayingChange = jest.fn();
  const onError = jest.fn();
  const result = render(
    <VideoPlayer
      src="/media/highlights/h1/video?sig=x"
      title="Summer Final"
      onPlayingChange={onPlayingChange}
      onError={onError}
      {...props}
    />,
  );
  return { user, onPlayingChange, onError, ...result };
}

describe('VideoPlayer', () => {
  it("says 'Loading video...' until the first frame, with the controls disabled", () => {
    stubMedia();
    renderPlayer();
    expect(screen.getByRole('status')).toHaveTextContent('Loading video...');
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeDisabled();
  });

  it("without a URL yet: 'Loading video...' and no video element", () => {
    stubMedia();
    renderPlayer({ src: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loading video...');
    expect(document.querySelector('video')).toBeNull();
  });

  it('names every control and the player itself', () => {
    const media = stubMedia();
    renderPlayer();
    media.loaded(video(), 90);
    expect(screen.getByRole('region', { name: 'Video player: Summer Final' })).toBeInTheDocument();
    for (const name of ['Play', 'Mute', 'Full screen']) expect(screen.getByRole('button', { name })).toBeEnabled();
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toBeEnabled();
    expect(seek).toHaveAttribute('aria-valuetext', '0:00 of 1:30');
    expect(screen.getByTestId('video-time')).toHaveTextContent('0:00 / 1:30');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('play and pause with the button; the label follows and the owner hears of it', async () => {
    const media = stubMedia();
    const { user, onPlayingChange } = renderPlayer();
    media.loaded(video(), 90);
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(media.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(onPlayingChange.mock.calls).toEqual([[true], [false]]);
  });

  it('keys on the player: Space plays and pauses, arrows move 5 s (clamped), M mutes', async () => {
    const media = stubMedia();
    const { user } = renderPlayer();
    media.loaded(video(), 12);
    screen.getByRole('region', { name: /Video player/ }).focus();
    await user.keyboard(' ');
    expect(media.play).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(media.pause).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowRight}');
    expect(media.time(video())).toBe(5);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(media.time(video())).toBe(12);
    expect(screen.getByTestId('video-time')).toHaveTextContent('0:12 / 0:12');
    await user.keyboard('{ArrowLeft}');
    expect(media.time(video())).toBe(7);
    await user.keyboard('m');
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    expect(video().muted).toBe(true);
    await user.keyboard('M');
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
  });

  it('Space on a focused button is the button’s own press, not a second toggle', async () => {
    const media = stubMedia();
    const { user } = renderPlayer();
    media.loaded(video(), 30);
    act(() => screen.getByRole('button', { name: 'Play' }).focus());
    await user.keyboard(' ');
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(media.pause).not.toHaveBeenCalled();
  });

  it('the seek slider moves the video; its arrows are its own', async () => {
    const media = stubMedia();
    const { user } = renderPlayer();
    media.loaded(video(), 30);
    const seek = screen.getByRole('slider', { name: 'Seek' });
    act(() => seek.focus());
    await user.keyboard('{ArrowRight}');
    // The slider's step (1 s), not the player's 5 s on top of it.
    expect(media.time(video())).toBe(1);
    fireEvent.change(seek, { target: { value: 20 } });
    expect(media.time(video())).toBe(20);
    expect(seek).toHaveAttribute('aria-valuetext', '0:20 of 0:30');
  });

  it('F and the button ask for full screen on the player, and leave it', async () => {
    const media = stubMedia();
    const { user } = renderPlayer();
    media.loaded(video(), 30);
    const region = screen.getByRole('region', { name: /Video player/ });
    let fullscreenElement: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
    const request = jest.fn(() => {
      fullscreenElement = region;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    const exit = jest.fn(() => {
      fullscreenElement = null;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    Object.assign(region, { requestFullscreen: request });
    Object.assign(document, { exitFullscreen: exit });
    region.focus();
    await user.keyboard('f');
    expect(request).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Exit full screen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument();
    delete (document as { fullscreenElement?: unknown }).fullscreenElement;
    delete (document as { exitFullscreen?: unknown }).exitFullscreen;
  });

  it("a video that fails to load: 'Video unavailable or failed to load', and the owner is told", () => {
    stubMedia();
    const { onError } = renderPlayer();
    fireEvent(video(), new Event('error'));
    expect(screen.getByRole('alert')).toHaveTextContent('Video unavailable or failed to load');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
  });

  it('tells where playback was on an error, and starts a new src there (startAt)', () => {
    const media = stubMedia();
    const { onError } = renderPlayer();
    media.loaded(video(), 60);
    act(() => {
      video().currentTime = 20;
    });
    fireEvent(video(), new Event('error'));
    expect(onError).toHaveBeenCalledWith({ currentTime: 20, playing: false });
    const onLoad = jest.fn();
    render(<VideoPlayer src="/media/renewed" title="Again" startAt={{ currentTime: 20, playing: true }} onLoad={onLoad} />);
    const renewed = document.querySelectorAll('video')[1]!;
    media.loaded(renewed, 60);
    expect(media.time(renewed)).toBe(20);
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(onLoad).toHaveBeenCalled();
  });

  it('unavailable: the error text without a video element', () => {
    stubMedia();
    renderPlayer({ src: null, unavailable: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Video unavailable or failed to load');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
