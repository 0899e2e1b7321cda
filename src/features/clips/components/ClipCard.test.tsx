import { ThemeProvider } from '@mui/material/styles';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { theme } from '../../../app/theme';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ClipCard } from './ClipCard';
import { ClipGrid } from './ClipGrid';
import { toClip, type Clip } from '../../../domain/clip';
import { rawClip } from '../../../test/data/clipTestData';

const clips: Clip[] = [rawClip(1), rawClip(2), rawClip(3, { videoUrl: null, thumbnailUrl: null, device: null })].map((raw) =>
  toClip({ ...raw, eventId: raw.eventId, user: raw.user }),
);

beforeEach(() => {
  // The viewer's device is in Chicago; the clips were filmed in New York.
  Settings.defaultZone = 'America/Chicago';
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

function renderGrid() {
  return renderWithProviders(<ClipGrid clips={clips} timeZone="America/New_York" label="Clips of this event" />);
}

const card = (name: RegExp | string) => screen.getByRole('article', { name });
const videos = () => document.querySelectorAll('video');

describe('ClipCard', () => {
  it('shows the thumbnail (lazy), duration m:ss, recording time on the venue’s clock, tag and device', () => {
    renderGrid();
    expect(within(screen.getByRole('list', { name: 'Clips of this event' })).getAllByRole('listitem')).toHaveLength(3);
    const first = card('Jul 4, 2026, 7:01 PM EDT');
    expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent('Jul 4, 2026, 7:01 PM EDT');
    expect(within(first).getByLabelText('Duration 1:03')).toBeInTheDocument();
    expect(first).toHaveTextContent('Tag: Opening goal');
    expect(first).toHaveTextContent('Device: Apple iPhone 15 Pro');
    const thumbnail = first.querySelector('img');
    expect(thumbnail).toHaveAttribute('src', '/media/clips/clip-1/thumbnail?sig=x');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(card(/7:02 PM/)).not.toHaveTextContent('Tag:');
  });

  it('plays the clip in place on click, the thumbnail as poster, and lands the focus on the player', async () => {
    const { user } = renderGrid();
    await user.click(within(card(/7:01 PM/)).getByRole('button'));
    const video = within(card(/7:01 PM/)).getByLabelText('Clip recorded Jul 4, 2026, 7:01 PM EDT');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/media/clips/clip-1/video?sig=x');
    expect(video).toHaveAttribute('poster', '/media/clips/clip-1/thumbnail?sig=x');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    expect((video as HTMLVideoElement).autoplay).toBe(true);
    expect(video).toHaveFocus();
    // The card keeps its title and details while playing.
    expect(card(/7:01 PM/)).toHaveTextContent('Tag: Opening goal');
  });

  it('Escape brings the thumbnail back and the focus to the card', async () => {
    const { user } = renderGrid();
    await user.click(within(card(/7:01 PM/)).getByRole('button'));
    await user.keyboard('{Escape}');
    expect(videos()).toHaveLength(0);
    expect(within(card(/7:01 PM/)).getByRole('button')).toHaveFocus();
  });

  it('the end of the clip, or Close, brings the thumbnail back', async () => {
    const { user } = renderGrid();
    await user.click(within(card(/7:01 PM/)).getByRole('button'));
    fireEvent.ended(videos()[0]!);
    expect(videos()).toHaveLength(0);
    await user.click(within(card(/7:02 PM/)).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Close video' }));
    expect(videos()).toHaveLength(0);
  });

  it('plays one clip at a time: starting another stops the first', async () => {
    const { user } = renderGrid();
    await user.click(within(card(/7:01 PM/)).getByRole('button'));
    await user.click(within(card(/7:02 PM/)).getByRole('button'));
    expect(videos()).toHaveLength(1);
    expect(videos()[0]).toHaveAttribute('src', '/media/clips/clip-2/video?sig=x');
    expect(within(card(/7:01 PM/)).getByRole('button')).toBeInTheDocument();
  });

  it('is no button when there is no video to play, and keeps a placeholder of the same size', () => {
    renderGrid();
    const third = card(/7:03 PM/);
    expect(within(third).queryByRole('button')).not.toBeInTheDocument();
    expect(within(third).getByTestId('thumbnail-placeholder')).toBeInTheDocument();
  });

  it('shows a clip without an event on the device’s clock, naming no zone', () => {
    renderWithProviders(<ClipGrid clips={clips.slice(0, 1)} timeZone={null} columns="two" label="Clips" />);
    expect(card('Jul 4, 2026, 6:01 PM')).toBeInTheDocument();
  });

  it('keeps playing when a refetch hands the card a newly signed video URL; the next play takes the new one', () => {
    const clip = clips[0]!;
    const resigned: Clip = { ...clip, videoUrl: '/media/clips/clip-1/video?sig=new-hour' };
    const onPlay = jest.fn();
    const onStop = jest.fn();
    const cardWith = (c: Clip, playing: boolean) => (
      <ClipCard clip={c} timeZone="America/New_York" playing={playing} onPlay={onPlay} onStop={onStop} />
    );
    const { rerender } = render(cardWith(clip, true), {
      wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>,
    });
    const playing = videos()[0]!;
    expect(playing).toHaveAttribute('src', '/media/clips/clip-1/video?sig=x');

    rerender(cardWith(resigned, true));
    // The same element, with the same source: a new src would load the video again from its start.
    expect(videos()).toHaveLength(1);
    expect(videos()[0]).toBe(playing);
    expect(playing).toHaveAttribute('src', '/media/clips/clip-1/video?sig=x');

    rerender(cardWith(resigned, false));
    rerender(cardWith(resigned, true));
    expect(videos()[0]).toHaveAttribute('src', '/media/clips/clip-1/video?sig=new-hour');
  });
  it('plays from a given second (a media fragment the server never sees) and shows a note under the details', () => {
    const clip = clips[0]!;
    const cardAt = (startSeconds: number | undefined) => (
      <ClipCard
        clip={clip}
        timeZone="America/New_York"
        playing
        onPlay={jest.fn()}
        onStop={jest.fn()}
        startSeconds={startSeconds}
        note={<span>Tagged moment at 0:42 of 1:03</span>}
      />
    );
    const { unmount } = render(cardAt(37.5), {
      wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>,
    });
    expect(videos()[0]).toHaveAttribute('src', '/media/clips/clip-1/video?sig=x#t=37.5');
    expect(card(/7:01 PM/)).toHaveTextContent('Device: Apple iPhone 15 Pro' + 'Tagged moment at 0:42 of 1:03');
    unmount();
    render(cardAt(0), { wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider> });
    expect(videos()[0]).toHaveAttribute('src', '/media/clips/clip-1/video?sig=x');
  });

  it('shows a note also on a clip with neither tag nor device', () => {
    render(
      <ClipCard
        clip={clips[2]!}
        timeZone="America/New_York"
        playing={false}
        onPlay={jest.fn()}
        onStop={jest.fn()}
        note="A note"
      />,
      { wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider> },
    );
    expect(card(/7:03 PM/)).toHaveTextContent('A note');
  });
});
