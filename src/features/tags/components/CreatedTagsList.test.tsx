import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { formatVenueDateTime } from '../../../lib/venueTime';
import { CreatedTagsList } from './CreatedTagsList';
import { WAITING_HINT } from './CreatedTagItem';
import { createdTag } from '../../../test/data/tagTestData';

const onRetry = jest.fn();
const onDiscard = jest.fn();

describe('CreatedTagsList', () => {
  it('nothing when no tag was made', () => {
    renderWithProviders(<CreatedTagsList tags={[]} onRetry={onRetry} onDiscard={onDiscard} />);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it("each tag's time and date on the venue clock, its event, description and status, in the order given", () => {
    const tags = [
      createdTag({ clientId: 'a', status: 'sending', description: 'Goal', timestamp: '2026-11-23T18:31:00.000Z' }),
      createdTag({ clientId: 'b', status: 'waiting', timestamp: '2026-11-23T18:30:30.000Z' }),
      createdTag({ clientId: 'c', status: 'sent', serverId: 's', timestamp: '2026-11-23T18:30:00.000Z' }),
    ];
    renderWithProviders(<CreatedTagsList tags={tags} onRetry={onRetry} onDiscard={onDiscard} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Created Tags (3)' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Created Tags (3)' })).getAllByRole('listitem');
    expect(rows.map((r) => [r.getAttribute('data-client-id'), r.getAttribute('data-status')])).toEqual([
      ['a', 'sending'],
      ['b', 'waiting'],
      ['c', 'sent'],
    ]);
    expect(rows[0]).toHaveTextContent(formatVenueDateTime('2026-11-23T18:31:00.000Z', 'America/New_York', { seconds: true }));
    expect(rows[0]).toHaveTextContent('Finals');
    expect(rows[0]).toHaveTextContent('Goal');
    expect(rows[0]).toHaveTextContent('Sending…');
    expect(rows[1]).toHaveTextContent('Waiting to send');
    expect(rows[1]).toHaveTextContent(WAITING_HINT);
    expect(rows[2]).toHaveTextContent('Sent');
    expect(screen.queryByText('Failed to create tag')).not.toBeInTheDocument();
    // The newest tap's outcome, said once to screen readers.
    expect(screen.getByRole('status')).toHaveTextContent('Tag 3: Sending…');
  });

  it("a refused tag: a red card 'Failed to create tag' with the reason, Retry and Discard", async () => {
    const tags = [createdTag({ clientId: 'x', status: 'failed', error: 'Event not found' })];
    const { user } = renderWithProviders(<CreatedTagsList tags={tags} onRetry={onRetry} onDiscard={onDiscard} />);
    const card = within(screen.getByRole('listitem')).getByRole('status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // kept refusals do not each fire an alert
    expect(card).toHaveTextContent('Failed to create tag');
    expect(card).toHaveTextContent('Event not found');
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('x');
    await user.click(within(card).getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledWith('x');
  });

  it('a refusal without a reason says the default once', () => {
    const tags = [createdTag({ status: 'failed', error: null })];
    renderWithProviders(<CreatedTagsList tags={tags} onRetry={onRetry} onDiscard={onDiscard} />);
    expect(within(screen.getByRole('listitem')).getAllByText('Failed to create tag')).toHaveLength(1);
  });
});
