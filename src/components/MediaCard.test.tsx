import Button from '@mui/material/Button';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MediaCard } from './MediaCard';

/** The CSS rules of an element's own Emotion class (jsdom's computed style drops aspect-ratio). */
function emotionCss(element: Element | null | undefined): string {
  const own = Array.from(element?.classList ?? []).find((c) => c.startsWith('css-'));
  const rules = Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules));
  return rules
    .filter((rule) => own && rule instanceof CSSStyleRule && rule.selectorText === `.${own}`)
    .map((rule) => rule.cssText)
    .join('\n');
}

const SIXTEEN_NINE = /aspect-ratio:\s*16\s*\/\s*9/;

describe('MediaCard', () => {
  it('shows a lazy thumbnail in a fixed 16:9 box, with the duration badge', () => {
    render(<MediaCard title="Goal at 12'" subtitle="7:42 PM" thumbnailUrl="/thumbs/c1.jpg" durationSeconds={75} />);
    const card = screen.getByRole('article', { name: "Goal at 12'" });
    const img = card.querySelector('img');
    expect(img).toHaveAttribute('src', '/thumbs/c1.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    // The box keeps its height whatever the image does.
    expect(emotionCss(img?.parentElement)).toMatch(SIXTEEN_NINE);
    expect(within(card).getByLabelText('Duration 1:15')).toHaveTextContent('1:15');
    expect(within(card).getByRole('heading', { name: "Goal at 12'" })).toBeInTheDocument();
    expect(within(card).getByText('7:42 PM')).toBeInTheDocument();
  });

  it('keeps the box with a placeholder without a thumbnail, and h:mm:ss past an hour', () => {
    render(<MediaCard title="Full match" durationSeconds={3725} />);
    expect(screen.getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    expect(emotionCss(screen.getByTestId('thumbnail-placeholder').parentElement)).toMatch(SIXTEEN_NINE);
    expect(screen.getByLabelText('Duration 1:02:05')).toBeInTheDocument();
  });

  it('falls back to the placeholder when the thumbnail fails to load', () => {
    render(<MediaCard title="Broken" thumbnailUrl="/thumbs/gone.jpg" />);
    fireEvent.error(screen.getByRole('article').querySelector('img')!);
    expect(screen.getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    expect(screen.getByRole('article').querySelector('img')).toBeNull();
  });

  it('has no badge while the duration is unknown and no button without onClick', () => {
    render(<MediaCard title="Processing" durationSeconds={null} />);
    expect(screen.queryByLabelText(/^Duration/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is one button when clickable, pressed when selected; its own actions stay separate', async () => {
    const onClick = jest.fn();
    const onDownload = jest.fn();
    render(
      <MediaCard title="Save" onClick={onClick} selected>
        <Button onClick={onDownload}>Download</Button>
      </MediaCard>,
    );
    const user = userEvent.setup();
    const open = screen.getByRole('button', { name: /Save/ });
    expect(open).toHaveAttribute('aria-pressed', 'true');
    await user.click(open);
    expect(onClick).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
