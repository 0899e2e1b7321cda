import { screen, waitFor, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { HttpResponse } from 'msw';
import { SERVER_UNREACHABLE } from '../../../api/listLoadErrors';
import { setupApiServer } from '../../../test/apiServer';
import { SHARE_TEXT } from '../model/shareDisplay';
import SharedHighlightsScreen from './SharedHighlightsScreen';
import { answerGet, answerPost, fakeShareSheet, renderWithSheet } from '../../../test/shareTestHarness';
import {
  OTHER_HIGHLIGHT_ID,
  rawExpiringLink,
  rawRevokedLink,
  rawSharedHighlight,
  rawShareLink,
  SHARE_ID,
  shareAnswer,
  sharedHighlightsAnswer,
  SHARED_HIGHLIGHT_ID,
  shareUrl,
} from '../../../test/data/shareTestData';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago';
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

const OTHER_LINK_ID = 'T3RoZXJIaWdobGlnaHRMaW5r';
const TWO_HIGHLIGHTS = sharedHighlightsAnswer([
  { highlight: rawSharedHighlight(), shares: [rawShareLink(), rawRevokedLink()] },
  {
    highlight: rawSharedHighlight({ id: OTHER_HIGHLIGHT_ID, title: 'Second Half', durationSeconds: null }),
    shares: [rawExpiringLink({ id: OTHER_LINK_ID, highlightId: OTHER_HIGHLIGHT_ID })],
  },
]);

function renderScreen(sheet = fakeShareSheet()) {
  return { sheet, ...renderWithSheet(<SharedHighlightsScreen />, sheet, '/highlights/share') };
}

const section = (title: string) => within(screen.getByRole('region', { name: title }));
const links = (title: string) => within(screen.getByRole('list', { name: `Links to ${title}` }));

describe('SharedHighlightsScreen (/highlights/share)', () => {
  it('skeleton rows, then each shared highlight with its title (to the viewer), event and links', async () => {
    answerGet('shares', TWO_HIGHLIGHTS);
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Share Highlights' })).toBeInTheDocument();
    expect(screen.getByText(SHARE_TEXT.screenIntro)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: SHARE_TEXT.loadingShares })).toBeInTheDocument();

    await screen.findByRole('region', { name: 'Summer Final' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Summer Final', 'Second Half']);
    expect(section('Summer Final').getByRole('link', { name: 'Summer Final' })).toHaveAttribute(
      'href',
      `/highlight/view/${SHARED_HIGHLIGHT_ID}`,
    );
    expect(section('Summer Final').getByText('City Cup Final · 0:42')).toBeInTheDocument();
    expect(section('Second Half').getByText('City Cup Final')).toBeInTheDocument();
    expect(section('Summer Final').getByRole('button', { name: 'Share Summer Final' })).toBeInTheDocument();

    const [active, revoked] = links('Summer Final').getAllByRole('listitem');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('3 views');
    expect(active).toHaveTextContent('Never expires');
    expect(revoked).toHaveTextContent('Revoked');
    expect(links('Second Half').getByRole('listitem')).toHaveTextContent('Expires Jul 8, 2026, 10:00 AM');
  });

  it('Copy per active link', async () => {
    answerGet('shares', TWO_HIGHLIGHTS);
    const { user, sheet } = renderScreen();
    await screen.findByRole('region', { name: 'Second Half' });
    expect(links('Summer Final').getAllByRole('button', { name: 'Copy' })).toHaveLength(1);
    const copyButton = links('Second Half').getByRole('button', { name: 'Copy' });
    await user.click(copyButton);
    expect(sheet.copy).toHaveBeenCalledWith(shareUrl(OTHER_LINK_ID), copyButton);
    expect(await links('Second Half').findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('a revoked link shows as revoked at once, and the list is asked again', async () => {
    const revokedNow = rawShareLink({ status: 'revoked', revokedAt: '2026-07-06T17:00:00.000Z' });
    const asked = answerGet(
      'shares',
      TWO_HIGHLIGHTS,
      sharedHighlightsAnswer([{ highlight: rawSharedHighlight(), shares: [revokedNow, rawRevokedLink()] }]),
    );
    const bodies = answerPost(`shares/${SHARE_ID}/revoke`, 200, shareAnswer(revokedNow));
    const { user } = renderScreen();
    await screen.findByRole('region', { name: 'Summer Final' });
    await user.click(links('Summer Final').getByRole('button', { name: 'Revoke' }));
    const confirm = within(screen.getByRole('dialog', { name: SHARE_TEXT.revokeTitle }));
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(links('Summer Final').getAllByRole('listitem')[0]).toHaveTextContent('Revoked Jul 6, 2026, 12:00 PM'),
    );
    expect(links('Summer Final').queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    // The focus is not left on the Revoke button that went away: it is on the row's status line.
    const row = links('Summer Final').getAllByRole('listitem')[0]!;
    await waitFor(() => expect(row).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).toHaveTextContent('Revoked');
    expect(bodies).toEqual([null]);
    await waitFor(() => expect(asked.count).toBe(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Second Half' })).not.toBeInTheDocument());
    // Still there once the list was asked again.
    expect(row).toContainElement(document.activeElement as HTMLElement);
  });

  it("nothing shared yet: says so, with 'Go to My Highlights'", async () => {
    answerGet('shares', sharedHighlightsAnswer([]));
    renderScreen();
    expect(await screen.findByText(SHARE_TEXT.noShares)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Highlights' })).toHaveAttribute('href', '/highlights/view');
  });

  it('a failed load: the error with Retry, which loads again', async () => {
    answerGet(
      'shares',
      () => HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 503 }),
      TWO_HIGHLIGHTS,
    );
    const { user } = renderScreen();
    expect(await screen.findByText('HTTP 503: Failed to load shared highlights')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Summer Final' })).toBeInTheDocument();
  });

  it("no connection: the connection text with 'Try again'; a malformed answer: 'Unexpected response format'", async () => {
    answerGet('shares', () => HttpResponse.error(), { success: true, data: { highlights: [{ highlight: { id: 1 } }] } });
    const { user } = renderScreen();
    expect(await screen.findByText(SERVER_UNREACHABLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Unexpected response format')).toBeInTheDocument();
  });
});
