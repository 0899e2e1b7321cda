import { screen, waitFor, within } from '@testing-library/react';
import { setupApiServer } from '../../../test/apiServer';
import { ShareButton } from './ShareButton';
import { HttpResponse } from 'msw';
import { answerGet, answerPost, fakeShareSheet, held, renderWithSheet } from '../../../test/shareTestHarness';
import { rawShareLink, shareAnswer, SHARED_HIGHLIGHT_ID, sharesAnswer } from '../../../test/data/shareTestData';

setupApiServer();

const HIGHLIGHT = { id: SHARED_HIGHLIGHT_ID, title: 'Summer Final' };
const LINKS_PATH = `highlights/${SHARED_HIGHLIGHT_ID}/shares`;
const shareDialog = () => screen.queryByRole('dialog', { name: 'Share highlight' });

describe('ShareButton', () => {
  it("'Share' opens the share dialog, loaded on first use, asking nothing before", async () => {
    const asked = answerGet(LINKS_PATH, sharesAnswer([]));
    const { user } = renderWithSheet(<ShareButton highlight={HIGHLIGHT} />);
    expect(shareDialog()).not.toBeInTheDocument();
    expect(asked.count).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('dialog', { name: 'Share highlight' })).toBeInTheDocument();
    await waitFor(() => expect(asked.count).toBe(1));
  });

  it('the icon alone is named for its highlight', () => {
    renderWithSheet(<ShareButton highlight={HIGHLIGHT} variant="icon" />);
    expect(screen.getByRole('button', { name: 'Share Summer Final' })).toBeInTheDocument();
    expect(screen.queryByText('Share')).not.toBeInTheDocument();
  });

  it('opened again, it starts afresh: the form, not the last link', async () => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    answerPost(LINKS_PATH, 201, shareAnswer(rawShareLink()));
    const { user } = renderWithSheet(<ShareButton highlight={HIGHLIGHT} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const first = within(await screen.findByRole('dialog', { name: 'Share highlight' }));
    await user.click(first.getByRole('button', { name: 'Create link' }));
    await first.findByRole('textbox', { name: 'Share link' });
    await user.click(first.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(shareDialog()).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Share' }));
    const second = within(await screen.findByRole('dialog', { name: 'Share highlight' }));
    expect(second.getByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(second.queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();
  });

  it('closed while the link is made: the system share sheet does not open when it arrives', async () => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    const answer = held();
    const bodies = answerPost(LINKS_PATH, 201, async () => {
      await answer.promise;
      return HttpResponse.json(shareAnswer(rawShareLink()), { status: 201 });
    });
    const sheet = fakeShareSheet({ phone: true });
    const { user, store } = renderWithSheet(<ShareButton highlight={HIGHLIGHT} />, sheet);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share highlight' }));
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(shareDialog()).not.toBeInTheDocument());
    answer.release();
    await waitFor(() => expect(Object.values(store.getState().api.mutations).map((m) => m?.status)).toEqual(['fulfilled']));
    // The answer's continuation (after the mutation settles) has run by the next turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sheet.open).not.toHaveBeenCalled();
  });
});
