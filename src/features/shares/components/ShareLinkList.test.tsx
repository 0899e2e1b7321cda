import { screen, waitFor, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { HttpResponse } from 'msw';
import * as v from 'valibot';
import { setupApiServer } from '../../../test/apiServer';
import { SHARE_TEXT } from '../model/shareDisplay';
import { ShareLinkList } from './ShareLinkList';
import { sharesResponseSchema, toShareLink } from '../api/shareSchemas';
import { answerPost, fakeShareSheet, held, renderWithSheet } from '../../../test/shareTestHarness';
import {
  OLD_SHARE_ID,
  rawExpiringLink,
  rawRevokedLink,
  rawShareLink,
  SHARE_ID,
  shareAnswer,
  sharesAnswer,
  shareUrl,
} from '../../../test/data/shareTestData';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago';
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

const LINKS = v
  .parse(sharesResponseSchema, sharesAnswer([rawShareLink(), rawExpiringLink(), rawRevokedLink()]))
  .data.shares.map(toShareLink);

function renderList(sheet = fakeShareSheet()) {
  return { sheet, ...renderWithSheet(<ShareLinkList links={LINKS} label="Links to Summer Final" />, sheet) };
}

const rows = () => within(screen.getByRole('list', { name: 'Links to Summer Final' })).getAllByRole('listitem');
const confirmClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: SHARE_TEXT.revokeTitle })).not.toBeInTheDocument());
const confirmDialog = () => within(screen.getByRole('dialog', { name: SHARE_TEXT.revokeTitle }));

describe('ShareLinkList (a highlight’s links)', () => {
  it('each link: its status, views, when it was made and when it stops working; Copy and Revoke on active ones', () => {
    renderList();
    const [active, expiring, revoked] = rows();
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('3 views');
    expect(active).toHaveTextContent('Created Jul 4, 2026, 8:30 PM · Never expires');
    expect(active).toHaveTextContent(shareUrl(SHARE_ID));
    expect(within(active!).getByRole('button', { name: 'Copy' })).toHaveAccessibleDescription(
      'Created Jul 4, 2026, 8:30 PM · Never expires',
    );
    expect(within(active!).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();

    expect(expiring).toHaveTextContent('1 view');
    expect(expiring).toHaveTextContent('Created Jul 1, 2026, 10:00 AM · Expires Jul 8, 2026, 10:00 AM');

    expect(revoked).toHaveTextContent('Revoked');
    expect(revoked).toHaveTextContent('0 views');
    expect(revoked).toHaveTextContent('Revoked Jul 2, 2026, 11:00 AM');
    expect(within(revoked!).queryByRole('button')).not.toBeInTheDocument();
    expect(revoked).not.toHaveTextContent('/s/');
  });

  it('an expired link says so and offers nothing', () => {
    const [expired] = v
      .parse(sharesResponseSchema, sharesAnswer([rawExpiringLink({ status: 'expired' })]))
      .data.shares.map(toShareLink);
    renderWithSheet(<ShareLinkList links={[expired!]} label="Links" />);
    const [row] = within(screen.getByRole('list', { name: 'Links' })).getAllByRole('listitem');
    expect(row).toHaveTextContent('Expired');
    expect(row).toHaveTextContent('Expired Jul 8, 2026, 10:00 AM');
    expect(within(row!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('Copy copies that row’s link and says Copied on that row only', async () => {
    const { user, sheet } = renderList();
    const [active, expiring] = rows();
    const copyButton = within(expiring!).getByRole('button', { name: 'Copy' });
    await user.click(copyButton);
    // With the button, so a copy by selection happens inside its dialog (shareSheet.ts).
    expect(sheet.copy).toHaveBeenCalledWith(shareUrl(OLD_SHARE_ID), copyButton);
    expect(await within(expiring!).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(active!).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('Revoke asks first; Cancel sends nothing', async () => {
    const bodies = answerPost(`shares/${SHARE_ID}/revoke`, 200, shareAnswer(rawShareLink({ status: 'revoked' })));
    const { user } = renderList();
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Revoke' }));
    expect(confirmDialog().getByText(SHARE_TEXT.revokeMessage)).toBeInTheDocument();
    // Destructive: the focus starts on Cancel.
    expect(confirmDialog().getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(confirmDialog().getByRole('button', { name: 'Cancel' }));
    await confirmClosed();
    expect(bodies).toEqual([]);
  });

  it('Revoke, confirmed, revokes that link (both buttons busy meanwhile)', async () => {
    const answer = held();
    const bodies = answerPost(`shares/${OLD_SHARE_ID}/revoke`, 200, async () => {
      await answer.promise;
      return HttpResponse.json(shareAnswer(rawExpiringLink({ status: 'revoked', revokedAt: '2026-07-06T00:00:00Z' })));
    });
    const { user } = renderList();
    await user.click(within(rows()[1]!).getByRole('button', { name: 'Revoke' }));
    await user.click(confirmDialog().getByRole('button', { name: 'Revoke' }));
    expect(confirmDialog().getByRole('button', { name: 'Revoke' })).toBeDisabled();
    expect(confirmDialog().getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.release();
    await confirmClosed();
    expect(bodies).toEqual([null]);
    expect(screen.queryByText(SHARE_TEXT.revokeFailed)).not.toBeInTheDocument();
  });

  it('a failed revoke says so; a link already gone (404) does not', async () => {
    answerPost(`shares/${SHARE_ID}/revoke`, 500, { success: false, error: 'Database unavailable' });
    answerPost(`shares/${OLD_SHARE_ID}/revoke`, 404, { success: false, error: 'Share not found', code: 'SHARE_NOT_FOUND' });
    const { user } = renderList();
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Revoke' }));
    await user.click(confirmDialog().getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(SHARE_TEXT.revokeFailed)).toBeInTheDocument();
    await confirmClosed();
    await user.click(within(rows()[1]!).getByRole('button', { name: 'Revoke' }));
    expect(screen.queryByText(SHARE_TEXT.revokeFailed)).not.toBeInTheDocument();
    await user.click(confirmDialog().getByRole('button', { name: 'Revoke' }));
    await confirmClosed();
    expect(screen.queryByText(SHARE_TEXT.revokeFailed)).not.toBeInTheDocument();
  });
});
