import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../../../app/theme';
import { setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { MakeMyHighlightButton } from '../public';
import { formatVenueDateTime } from '../../../lib/venueTime';
import {
  answerMakeMyHighlight,
  at,
  clipsAnswer,
  EVENT_ID,
  MY_CLIP,
  rawClip,
  rawTag,
  SESSION_ID,
  tagsAnswer,
} from '../../../test/data/makeMyHighlightTestData';
import { makeMyHighlightRequested, selectMakeMyHighlightPhase } from '../model/makeMyHighlightSlice';

setupApiServer();

const OTHER_EVENT_ID = '7f1c1e5e-9c7a-4d59-a8f4-0d5f4a7c2b11';

function renderButton(eventId = EVENT_ID) {
  const harness = signedInStore(makeToken({ userId: TEST_USER.id }));
  const router = createMemoryRouter(
    [
      { path: '/here', element: <MakeMyHighlightButton eventId={eventId} /> },
      { path: '/tags/add', element: <p>Tag Moments screen</p> },
      { path: '/clips/upload', element: <p>Upload screen</p> },
    ],
    { initialEntries: ['/here'] },
  );
  const user = userEvent.setup();
  render(
    <Provider store={harness.store}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return { ...harness, user, router };
}

const button = () => screen.getByRole('button', { name: /highlight/i });

describe('MakeMyHighlightButton', () => {
  it('"Make my highlight"; "Making your highlight..." and disabled while it works; then the editor opens', async () => {
    const asked = answerMakeMyHighlight({
      session: async () => {
        await delay(50);
        return HttpResponse.json(
          { success: true, data: { id: SESSION_ID, editorUrl: `/editor/${SESSION_ID}?token=t0k` } },
          { status: 201 },
        );
      },
    });
    const { user, redirect } = renderButton();
    expect(button()).toHaveTextContent('Make my highlight');
    expect(button()).toBeEnabled();
    await user.click(button());
    expect(button()).toHaveTextContent('Making your highlight...');
    expect(button()).toBeDisabled();
    expect(button()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(`${window.location.origin}/editor/${SESSION_ID}?token=t0k`));
    expect(asked.sessions).toHaveLength(1);
    // The page is leaving: the button stays busy until the browser shows it again.
    expect(button()).toHaveTextContent('Making your highlight...');
  });

  it('no moments tagged: says so, with the way to Tag Moments', async () => {
    answerMakeMyHighlight({ tags: tagsAnswer([]) });
    const { user, router } = renderButton();
    await user.click(button());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have not tagged any moments at this event yet.');
    expect(button()).toHaveTextContent('Make my highlight');
    expect(button()).toBeEnabled();
    await user.click(within(alert).getByRole('link', { name: 'Tag Moments' }));
    expect(router.state.location.pathname).toBe('/tags/add');
  });

  it('no clip for any moment: says so, with the way to the upload screen', async () => {
    answerMakeMyHighlight({ tags: tagsAnswer([rawTag('t1', 642)]), mine: clipsAnswer([]) });
    const { user, router } = renderButton();
    await user.click(button());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('None of your tagged moments has a clip yet. Upload the clips you filmed, then try again.');
    await user.click(within(alert).getByRole('link', { name: 'Upload clips' }));
    expect(router.state.location.pathname).toBe('/clips/upload');
  });

  it('a failure: its message, which can be closed; the button works again', async () => {
    answerMakeMyHighlight({ tags: () => HttpResponse.json({ success: false }, { status: 500 }) });
    const { user } = renderButton();
    await user.click(button());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your tags. Please try again.');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(button()).toBeEnabled();
  });

  it('another event’s run holds the button (one at a time) without its busy text or message', async () => {
    answerMakeMyHighlight({
      tags: async () => {
        await delay('infinite');
        return HttpResponse.json({});
      },
    });
    const { store } = renderButton(OTHER_EVENT_ID);
    act(() => {
      store.dispatch(makeMyHighlightRequested({ eventId: EVENT_ID }));
    });
    expect(button()).toHaveTextContent('Make my highlight');
    expect(button()).toBeDisabled();
    expect(button()).not.toHaveAttribute('aria-busy');
  });

  describe('moments left out', () => {
    const venueTime = (seconds: number) => formatVenueDateTime(at(seconds), 'America/New_York', { seconds: true });
    const prompt = () => screen.findByRole('alert');

    it('names them with their venue times before the editor opens; Open the editor goes on', async () => {
      const asked = answerMakeMyHighlight({
        tags: tagsAnswer([rawTag('t0', -300), rawTag('t1', 642, [MY_CLIP]), rawTag('t3', 3000)]),
        mine: clipsAnswer([MY_CLIP]),
      });
      const { user, redirect } = renderButton();
      await user.click(button());
      const alert = await prompt();
      expect(within(alert).getByText('Not every moment is in this highlight')).toBeVisible();
      const times = within(alert).getByRole('list', { name: '2 moments had no clip nearby' });
      expect(
        within(times)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([venueTime(-300), venueTime(3000)]);
      expect(alert).toHaveTextContent('The editor opens with 1 clip of your other moments.');
      expect(within(alert).queryByText(/at most 20 clips/)).not.toBeInTheDocument();
      // The press's button waits; the focus is on the way on.
      expect(button()).toBeDisabled();
      const open = within(alert).getByRole('button', { name: 'Open the editor' });
      expect(open).toHaveFocus();
      expect(asked.sessions).toEqual([]);
      await user.click(open);
      await waitFor(() => expect(redirect).toHaveBeenCalledWith(`${window.location.origin}/editor/${SESSION_ID}?token=t0k`));
      expect(asked.sessions).toHaveLength(1);
    });

    it('past 20 clips: "1 moment left out: a highlight takes at most 20 clips", with its time', async () => {
      const clips = Array.from({ length: 21 }, (_, i) => rawClip(`c${String(i).padStart(2, '0')}`, i * 100, 10));
      answerMakeMyHighlight({
        tags: tagsAnswer(clips.map((clip, i) => rawTag(`t${String(i).padStart(2, '0')}`, i * 100 + 5, [clip]))),
        mine: clipsAnswer(clips),
      });
      const { user } = renderButton();
      await user.click(button());
      const alert = await prompt();
      const times = within(alert).getByRole('list', { name: '1 moment left out: a highlight takes at most 20 clips' });
      expect(within(times).getByRole('listitem')).toHaveTextContent(venueTime(2005));
      expect(within(alert).queryByText(/no clip nearby/)).not.toBeInTheDocument();
      expect(alert).toHaveTextContent('The editor opens with 20 clips of your other moments.');
      expect(within(alert).queryByRole('link', { name: 'Upload clips' })).not.toBeInTheDocument();
    });

    it('Cancel: nothing opens, the button is free again', async () => {
      const asked = answerMakeMyHighlight({
        tags: tagsAnswer([rawTag('t1', 642, [MY_CLIP]), rawTag('t3', 3000)]),
        mine: clipsAnswer([MY_CLIP]),
      });
      const { user, redirect } = renderButton();
      await user.click(button());
      await user.click(within(await prompt()).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(button()).toBeEnabled();
      expect(asked.sessions).toEqual([]);
      expect(redirect).not.toHaveBeenCalled();
    });

    it('Upload clips: to the upload screen, the plan let go', async () => {
      answerMakeMyHighlight({
        tags: tagsAnswer([rawTag('t1', 642, [MY_CLIP]), rawTag('t3', 3000)]),
        mine: clipsAnswer([MY_CLIP]),
      });
      const { user, router, store } = renderButton();
      await user.click(button());
      await user.click(within(await prompt()).getByRole('link', { name: 'Upload clips' }));
      expect(router.state.location.pathname).toBe('/clips/upload');
      expect(selectMakeMyHighlightPhase(store.getState())).toBe('idle');
    });
  });
});
