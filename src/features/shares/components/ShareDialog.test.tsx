import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Settings } from 'luxon';
import { HttpResponse } from 'msw';
import { setupApiServer } from '../../../test/apiServer';
import { COPIED_MS } from './useCopyLink';
import ShareDialog from './ShareDialog';
import { CREATE_SHARE_FAILED, NOT_READY_TO_SHARE, SHARE_TEXT } from '../model/shareDisplay';
import { answerGet, answerPost, fakeShareSheet, held, renderWithSheet } from '../../../test/shareTestHarness';
import {
  rawExpiringLink,
  rawShareLink,
  SHARE_ID,
  shareAnswer,
  SHARED_HIGHLIGHT_ID,
  sharesAnswer,
  shareUrl,
} from '../../../test/data/shareTestData';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago';
});
afterEach(() => {
  Settings.defaultZone = 'system';
  jest.useRealTimers();
});

const HIGHLIGHT = { id: SHARED_HIGHLIGHT_ID, title: 'Summer Final' };
const LINKS_PATH = `highlights/${SHARED_HIGHLIGHT_ID}/shares`;
const onClose = jest.fn();

function renderDialog(sheet = fakeShareSheet()) {
  return { sheet, ...renderWithSheet(<ShareDialog open onClose={onClose} highlight={HIGHLIGHT} />, sheet) };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Share highlight' }));
const newLink = () => within(dialog().getByRole('group', { name: 'Share link' }));
const linkList = () => within(screen.getByRole('list', { name: SHARE_TEXT.linksHeading }));

describe('ShareDialog (share links)', () => {
  it('creates a link that never expires by default: the link in a field with Copy, and the list shows it', async () => {
    const asked = answerGet(LINKS_PATH, sharesAnswer([rawExpiringLink()]), sharesAnswer([rawShareLink(), rawExpiringLink()]));
    const answer = held();
    const bodies = answerPost(LINKS_PATH, 201, async () => {
      await answer.promise;
      return HttpResponse.json(shareAnswer(rawShareLink()), { status: 201 });
    });
    const { user, sheet } = renderDialog();
    expect(dialog().getByText('Summer Final')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(SHARE_TEXT.anyoneCanWatch);
    const expiry = dialog().getByRole('radiogroup', { name: 'Link expires' });
    expect(
      within(expiry)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Never', 'In 7 days', 'In 30 days']);
    expect(within(expiry).getByRole('radio', { name: 'Never' })).toBeChecked();
    expect(await dialog().findByText('1 view')).toBeInTheDocument();
    expect(linkList().getAllByRole('listitem')).toHaveLength(1);

    await user.click(dialog().getByRole('button', { name: 'Create link' }));
    expect(await dialog().findByRole('button', { name: 'Creating link...' })).toBeDisabled();
    answer.release();

    const field = await dialog().findByRole('textbox', { name: 'Share link' });
    expect(field).toHaveValue(shareUrl(SHARE_ID));
    expect(field).toHaveAttribute('readonly');
    expect(newLink().getByRole('button', { name: 'Copy' })).toHaveFocus();
    expect(dialog().queryByRole('button', { name: 'Create link' })).not.toBeInTheDocument();
    expect(bodies).toEqual([{ expiresInDays: null }]);
    // Not a phone: no system sheet, and no button for it.
    expect(sheet.open).not.toHaveBeenCalled();
    expect(dialog().queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
    // The highlight's links were asked again and show the new one.
    expect(await linkList().findByText('3 views')).toBeInTheDocument();
    expect(linkList().getAllByRole('listitem')).toHaveLength(2);
    expect(asked.count).toBe(2);
  });

  it.each([
    ['In 7 days', 7],
    ['In 30 days', 30],
  ])('“%s” asks for a link expiring in %i days', async (label, days) => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    const bodies = answerPost(LINKS_PATH, 201, shareAnswer(rawExpiringLink()));
    const { user } = renderDialog();
    await user.click(dialog().getByRole('radio', { name: label }));
    await user.click(dialog().getByRole('button', { name: 'Create link' }));
    await dialog().findByRole('textbox', { name: 'Share link' });
    expect(bodies).toEqual([{ expiresInDays: days }]);
  });

  it("Copy puts the link on the clipboard and says 'Copied' for 2 s", async () => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    answerPost(LINKS_PATH, 201, shareAnswer(rawShareLink()));
    const { user, sheet } = renderDialog();
    // The copy answers when the test says: inside act below, so 'Copied' is rendered when act returns (an answer
    // settling outside act was rendered by React's scheduler, on a timer the fake clock held back: a flaky test).
    let answer: (copied: boolean) => void = () => undefined;
    const copying = new Promise<boolean>((resolve) => (answer = resolve));
    sheet.copy.mockImplementationOnce(() => copying);
    await user.click(dialog().getByRole('button', { name: 'Create link' }));
    await dialog().findByRole('textbox', { name: 'Share link' });
    // The clock from here on is the test's: exactly 2 s, however busy the machine.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const clicker = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const copyButton = newLink().getByRole('button', { name: 'Copy' });
    await clicker.click(copyButton);
    expect(sheet.copy).toHaveBeenCalledWith(shareUrl(SHARE_ID), copyButton);
    expect(copyButton).toHaveTextContent('Copy');
    // The copy's promise settles; no time passes.
    await act(async () => {
      answer(true);
      await copying;
    });
    expect(newLink().getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(COPIED_MS - 1));
    expect(newLink().getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(newLink().getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('a refused copy says so, the link still in its field', async () => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    answerPost(LINKS_PATH, 201, shareAnswer(rawShareLink()));
    const { user } = renderDialog(fakeShareSheet({ copies: false }));
    await user.click(dialog().getByRole('button', { name: 'Create link' }));
    await dialog().findByRole('textbox', { name: 'Share link' });
    await user.click(newLink().getByRole('button', { name: 'Copy' }));
    expect(await newLink().findByRole('alert')).toHaveTextContent(SHARE_TEXT.copyFailed);
    expect(newLink().getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(dialog().getByRole('textbox', { name: 'Share link' })).toHaveValue(shareUrl(SHARE_ID));
  });

  it('on a phone the system share sheet opens right after creation, and Share… opens it again', async () => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    answerPost(LINKS_PATH, 201, shareAnswer(rawShareLink()));
    const sheet = fakeShareSheet({ phone: true });
    const { user } = renderDialog(sheet);
    await user.click(dialog().getByRole('button', { name: 'Create link' }));
    await dialog().findByRole('textbox', { name: 'Share link' });
    expect(sheet.open).toHaveBeenCalledTimes(1);
    expect(sheet.open).toHaveBeenCalledWith({ title: 'Summer Final', url: shareUrl(SHARE_ID) });
    await user.click(newLink().getByRole('button', { name: 'Share…' }));
    expect(sheet.open).toHaveBeenCalledTimes(2);
  });

  it.each([
    [
      'not rendered yet (409 HIGHLIGHT_NOT_READY)',
      409,
      { success: false, error: 'This highlight is still being rendered', code: 'HIGHLIGHT_NOT_READY' },
      NOT_READY_TO_SHARE,
    ],
    [
      'the 20-link limit (409 SHARE_LIMIT): the server’s text',
      409,
      { success: false, error: 'This highlight already has 20 active links. Revoke one first.', code: 'SHARE_LIMIT' },
      'This highlight already has 20 active links. Revoke one first.',
    ],
    ['a server failure', 500, { success: false, error: 'Database unavailable' }, CREATE_SHARE_FAILED],
    ['a malformed answer', 201, { success: true, data: { share: { id: SHARE_ID } } }, CREATE_SHARE_FAILED],
  ])('%s: its message, and Create link stays to try again', async (_what, status, body, message) => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    answerPost(LINKS_PATH, status, body);
    const { user, sheet } = renderDialog(fakeShareSheet({ phone: true }));
    await user.click(dialog().getByRole('button', { name: 'Create link' }));
    expect(await dialog().findByText(message)).toBeInTheDocument();
    expect(dialog().getByRole('button', { name: 'Create link' })).toBeEnabled();
    expect(dialog().queryByRole('textbox', { name: 'Share link' })).not.toBeInTheDocument();
    expect(sheet.open).not.toHaveBeenCalled();
  });

  it('no connection: the plain failure text', async () => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    answerPost(LINKS_PATH, 0, () => HttpResponse.error());
    const { user } = renderDialog();
    await user.click(dialog().getByRole('button', { name: 'Create link' }));
    expect(await dialog().findByText(CREATE_SHARE_FAILED)).toBeInTheDocument();
  });

  it('the links: empty says so; a failed load has Retry, which asks again', async () => {
    answerGet(LINKS_PATH, () => HttpResponse.json({ success: false }, { status: 500 }), sharesAnswer([]));
    const { user } = renderDialog();
    expect(await dialog().findByText('HTTP 500: Failed to load links')).toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Retry' }));
    expect(await dialog().findByText(SHARE_TEXT.noLinks)).toBeInTheDocument();
  });

  it('Close closes it', async () => {
    answerGet(LINKS_PATH, sharesAnswer([]));
    const { user } = renderDialog();
    await user.click(dialog().getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
