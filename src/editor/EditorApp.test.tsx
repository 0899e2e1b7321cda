import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKey } from './credentialStore';
import { EditorApp } from './EditorApp';
import { EditorApiError, type EditorApi } from './editorApi';
import type { EditorDeps } from './editorSession';
import { ID, TWO_CLIPS } from './testFixtures';

const NOW = Date.parse('2026-07-04T12:00:00Z');

function setup(opts: { token?: string | null; api?: Partial<EditorApi> } = {}) {
  const api: EditorApi = {
    exchangeToken: jest.fn(async () => ({ credential: 'ced.cred', expiresAt: '2026-07-04T14:00:00.000Z' })),
    loadSession: jest.fn(async () => structuredClone(TWO_CLIPS)),
    render: jest.fn(async () => ({
      highlightId: 'h1',
      returnUrl: `http://localhost/highlights/view?editing_session=${ID}&editing_completed=true`,
    })),
    cancel: jest.fn(async () => undefined),
    ...opts.api,
  };
  const navigate = jest.fn();
  const deps: EditorDeps = {
    api,
    launch: { sessionId: ID, token: opts.token === undefined ? 'TOKEN' : opts.token },
    storage: window.sessionStorage,
    now: () => NOW,
    navigate,
    origin: 'http://localhost',
  };
  render(<EditorApp deps={deps} />);
  return { api, navigate, user: userEvent.setup() };
}

const clipItems = () => within(screen.getByRole('list', { name: 'Clips in highlight order' })).getAllByRole('listitem');

beforeEach(() => window.sessionStorage.clear());

describe('EditorApp', () => {
  it('trades the token once, keeps the credential for a reload, and shows the clips in order', async () => {
    const { api } = setup();
    expect(screen.getByRole('status')).toHaveTextContent('Loading editing session...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Cup' })).toBeInTheDocument();
    expect(api.exchangeToken).toHaveBeenCalledTimes(1);
    expect(api.exchangeToken).toHaveBeenCalledWith(ID, 'TOKEN');
    expect(api.loadSession).toHaveBeenCalledWith(ID, 'ced.cred');
    expect(JSON.parse(window.sessionStorage.getItem(storageKey(ID)) ?? '{}')).toMatchObject({ credential: 'ced.cred' });
    expect(screen.getByText(/Soccer · Fenway Park, Boston, MA · Jul 4, 2026, 7:00 PM EDT/)).toBeInTheDocument();
    expect(screen.getByLabelText('Highlight title')).toHaveValue('Spring Cup highlights');
    const items = clipItems();
    expect(items.map((li) => li.getAttribute('data-clip-id'))).toEqual(['c1', 'c2']);
    expect(within(items[0]!).getByText('Tagged moment at 0:12.0: Goal')).toBeInTheDocument();
    expect(within(items[1]!).getByText('No tagged moment in this clip')).toBeInTheDocument();
    expect(screen.getByLabelText('In point (seconds) of clip 1')).toHaveValue(4);
    expect(screen.getByLabelText('Out point (seconds) of clip 1')).toHaveValue(16);
    expect(screen.getByTestId('total-duration')).toHaveTextContent('Total length: 0:22.0');
    const video = within(items[0]!).getByLabelText('Preview of clip 1');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('src', '/media/clips/c1/video?exp=1&sig=x');
  });

  it('after a reload (no token) uses the stored credential', async () => {
    window.sessionStorage.setItem(
      storageKey(ID),
      JSON.stringify({ credential: 'ced.kept', expiresAt: '2026-07-04T14:00:00.000Z' }),
    );
    const { api } = setup({ token: null });
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    expect(api.exchangeToken).not.toHaveBeenCalled();
    expect(api.loadSession).toHaveBeenCalledWith(ID, 'ced.kept');
  });

  it('without a token or a stored credential says the link is not valid', async () => {
    setup({ token: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Editor link is invalid or was already used');
  });

  it.each([
    [404, 'Editing session not found. It may have expired.'],
    [410, 'Editing session has expired.'],
    [500, 'Failed to load editing session.'],
  ])('a load failing with %i shows the §8 text', async (status, message) => {
    setup({ api: { loadSession: jest.fn(async () => Promise.reject(new EditorApiError(message, status))) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to Courtside' })).toHaveAttribute('href', '/highlights/view');
  });

  it('starts clips at the trims the session came with, and renders them as they are', async () => {
    const [c1, c2] = TWO_CLIPS.clips;
    const session = {
      ...TWO_CLIPS,
      clips: [
        { ...c1!, trim: { inSeconds: 1.5, outSeconds: 25 } },
        // The moment is 5 s before this clip: a preset keeps part of it, so the row does not say "the whole clip".
        { ...c2!, moment: { offsetSeconds: -5, description: null }, trim: { inSeconds: 0, outSeconds: 6 } },
        { ...c2!, id: 'c3', moment: { offsetSeconds: -5, description: null } },
      ],
    };
    const { api } = setup({ api: { loadSession: jest.fn(async () => structuredClone(session)) } });
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    expect(screen.getByLabelText('In point (seconds) of clip 1')).toHaveValue(1.5);
    expect(screen.getByLabelText('Out point (seconds) of clip 1')).toHaveValue(25);
    expect(screen.getByLabelText('Out point (seconds) of clip 2')).toHaveValue(6);
    const items = clipItems();
    expect(within(items[1]!).getByText('Tagged moment is outside this clip')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Tagged moment is outside this clip: the whole clip is used')).toBeInTheDocument();
    expect(screen.getByTestId('total-duration')).toHaveTextContent('Total length: 0:39.5');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Render' }));
    expect(api.render).toHaveBeenCalledWith(ID, 'ced.cred', {
      title: 'Spring Cup highlights',
      clips: [
        { clipId: 'c1', inSeconds: 1.5, outSeconds: 25 },
        { clipId: 'c2', inSeconds: 0, outSeconds: 6 },
        { clipId: 'c3', inSeconds: 0, outSeconds: 10 },
      ],
    });
  });

  it('a preset of a clip whose length is unknown waits for the preview, then fits the length read', async () => {
    const [c1] = TWO_CLIPS.clips;
    const session = { ...TWO_CLIPS, clips: [{ ...c1!, duration: null, trim: { inSeconds: 20, outSeconds: 32 } }] };
    setup({ api: { loadSession: jest.fn(async () => structuredClone(session)) } });
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    const inField = screen.getByLabelText('In point (seconds) of clip 1');
    const outField = screen.getByLabelText('Out point (seconds) of clip 1');
    expect([inField, outField].map((f) => [f.getAttribute('value'), (f as HTMLInputElement).disabled])).toEqual([
      ['20', true],
      ['32', true],
    ]);
    expect(screen.getByRole('button', { name: 'Render' })).toBeDisabled();
    const video = screen.getByLabelText('Preview of clip 1');
    Object.defineProperty(video, 'duration', { configurable: true, value: 30 });
    act(() => {
      video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(inField).toBeEnabled();
    expect(inField).toHaveValue(20);
    expect(outField).toHaveValue(30);
    expect(screen.getByRole('button', { name: 'Render' })).toBeEnabled();
  });

  it('reorders, trims and names, then renders the edit and returns', async () => {
    const { api, navigate, user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });

    await user.click(screen.getByRole('button', { name: 'Move down: clip 1' }));
    expect(clipItems().map((li) => li.getAttribute('data-clip-id'))).toEqual(['c2', 'c1']);
    // The moved clip's button keeps the focus; at the bottom, Move down is disabled and Move up takes it.
    expect(screen.getByRole('button', { name: 'Move up: clip 2' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Clip moved to position 2 of 2.');

    const inField = screen.getByLabelText('In point (seconds) of clip 1');
    await user.clear(inField);
    await user.type(inField, '2.5{Enter}');
    const outField = screen.getByLabelText('Out point (seconds) of clip 1');
    await user.clear(outField);
    await user.type(outField, '99');
    await user.tab();
    expect(outField).toHaveValue(10);
    expect(screen.getByTestId('total-duration')).toHaveTextContent('Total length: 0:19.5');

    const title = screen.getByLabelText('Highlight title');
    await user.clear(title);
    await user.type(title, 'Best of the Cup');
    await user.click(screen.getByRole('button', { name: 'Render' }));

    expect(api.render).toHaveBeenCalledWith(ID, 'ced.cred', {
      title: 'Best of the Cup',
      clips: [
        { clipId: 'c2', inSeconds: 2.5, outSeconds: 10 },
        { clipId: 'c1', inSeconds: 4, outSeconds: 16 },
      ],
    });
    expect(navigate).toHaveBeenCalledWith(`http://localhost/highlights/view?editing_session=${ID}&editing_completed=true`);
    expect(window.sessionStorage.getItem(storageKey(ID))).toBeNull();
  });

  it('while rendering the button is disabled with progress text; a failure keeps every edit', async () => {
    let fail: (err: Error) => void = () => undefined;
    const { api, navigate, user } = setup({
      api: { render: jest.fn(() => new Promise<never>((_, reject) => (fail = reject))) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    await user.click(screen.getByRole('button', { name: 'Move down: clip 1' }));
    await user.click(screen.getByRole('button', { name: 'Render' }));
    expect(screen.getByRole('button', { name: 'Rendering...' })).toBeDisabled();
    expect(screen.getByText('Creating your highlight and queueing it for rendering...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rendering...' }));
    expect(api.render).toHaveBeenCalledTimes(1);

    await act(async () => fail(new EditorApiError('clips[0]: too short', 400)));
    expect(screen.getByRole('alert')).toHaveTextContent('clips[0]: too short');
    expect(navigate).not.toHaveBeenCalled();
    expect(clipItems().map((li) => li.getAttribute('data-clip-id'))).toEqual(['c2', 'c1']);
    expect(screen.getByRole('button', { name: 'Render' })).toBeEnabled();
  });

  it('Render is refused without a title', async () => {
    const { api, user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    await user.clear(screen.getByLabelText('Highlight title'));
    expect(screen.getByRole('button', { name: 'Render' })).toBeDisabled();
    expect(screen.getByText('Enter a title for the highlight.')).toBeInTheDocument();
    expect(api.render).not.toHaveBeenCalled();
  });

  it('Cancel cancels and returns without the flag', async () => {
    const { api, navigate, user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.cancel).toHaveBeenCalledWith(ID, 'ced.cred');
    expect(navigate).toHaveBeenCalledWith('http://localhost/highlights/view');
  });

  it('a failed Cancel shows the §8 text', async () => {
    const { navigate, user } = setup({ api: { cancel: jest.fn(async () => Promise.reject(new Error('network'))) } });
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to cancel editing session');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('Set in takes the preview’s current time, and Remove leaves at least one clip', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Spring Cup' });
    const video = screen.getByLabelText('Preview of clip 1') as HTMLVideoElement;
    Object.defineProperty(video, 'currentTime', { configurable: true, value: 7.25 });
    await user.click(screen.getByRole('button', { name: /^Set in: clip 1/ }));
    expect(screen.getByLabelText('In point (seconds) of clip 1')).toHaveValue(7.25);
    await user.click(screen.getByRole('button', { name: 'Remove: clip 2' }));
    expect(clipItems()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
