import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import {
  answerMakeMyHighlight,
  EVENT_ID,
  MY_CLIP,
  OTHER_CLIP,
  SESSION_ID,
  TWO_MOMENTS,
  tagsAnswer,
} from '../../../test/data/makeMyHighlightTestData';
import { renderHighlightCreation } from '../../../test/renderHighlightCreation';
import { NO_MOMENTS_TAGGED, TAGS_LOAD_FAILED } from '../model/makeMyHighlightMessages';

setupApiServer();

function renderCreation() {
  const harness = signedInStore(makeToken({ userId: TEST_USER.id }));
  const user = userEvent.setup();
  renderHighlightCreation(harness.store);
  return { ...harness, user };
}

describe('Highlight creation: Make my highlight and Select my moments', () => {
  it('offers both beside Edit Highlight; Select my moments selects the clips of the caller’s moments', async () => {
    answerMakeMyHighlight();
    const { user } = renderCreation();
    expect(await screen.findByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
    expect(screen.getByText('0 clips selected for highlight')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select my moments' }));
    expect(screen.getByText('2 clips selected for highlight')).toBeInTheDocument();
  });

  it('Make my highlight opens the editor from the screen’s loaded data, asking nothing again', async () => {
    const asked = answerMakeMyHighlight();
    const { user, redirect } = renderCreation();
    await screen.findByRole('button', { name: 'Edit Highlight' });
    await waitFor(() => expect(asked.clips).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Make my highlight' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(`${window.location.origin}/editor/${SESSION_ID}?token=t0k`));
    expect(asked.tags).toHaveLength(1);
    expect(asked.clips).toHaveLength(2);
    expect(asked.sessions).toEqual([expect.objectContaining({ eventId: EVENT_ID, clipIds: [MY_CLIP.id, OTHER_CLIP.id] })]);
  });

  it('Select my moments when the tags failed to load says so (not “no moments”), and asks for them again', async () => {
    let tagAnswers = 0;
    const asked = answerMakeMyHighlight({
      tags: () => {
        tagAnswers += 1;
        return tagAnswers === 1
          ? HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 500 })
          : HttpResponse.json(tagsAnswer(TWO_MOMENTS));
      },
    });
    const { user } = renderCreation();
    expect(await screen.findByRole('button', { name: 'Edit Highlight' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select my moments' }));
    expect(await screen.findByText(TAGS_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.queryByText(NO_MOMENTS_TAGGED)).not.toBeInTheDocument();
    expect(screen.getByText('0 clips selected for highlight')).toBeInTheDocument();
    // The tags were asked again: the next tap selects the moments' clips.
    await waitFor(() => expect(asked.tags).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Select my moments' }));
    expect(await screen.findByText('2 clips selected for highlight')).toBeInTheDocument();
  });
});
