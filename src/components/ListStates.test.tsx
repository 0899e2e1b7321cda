import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/renderWithProviders';
import { ListStates, listStateOf, type ListStatesProps } from './ListStates';

describe('listStateOf', () => {
  it.each([
    [{ loading: true, failed: false, count: null }, 'loading'],
    [{ loading: false, failed: false, count: null }, 'loading'],
    [{ loading: false, failed: true, count: null }, 'error'],
    [{ loading: false, failed: true, count: 0 }, 'error'],
    [{ loading: false, failed: false, count: 0 }, 'empty'],
    [{ loading: true, failed: false, count: 0 }, 'loading'],
    [{ loading: false, failed: false, count: 3 }, 'data'],
    // Items already shown stay while a refetch runs or fails.
    [{ loading: true, failed: false, count: 3 }, 'data'],
    [{ loading: false, failed: true, count: 3 }, 'data'],
  ] as const)('%o → %s', (input, state) => expect(listStateOf(input)).toBe(state));
});

describe('ListStates', () => {
  const onRetry = jest.fn();
  function show(props: Partial<ListStatesProps<string>>) {
    return renderWithProviders(
      <ListStates<string>
        items={undefined}
        loading={false}
        error={null}
        empty={{ message: 'No clips yet.', action: { label: 'Upload Clips', to: '/clips/upload' } }}
        {...props}
      >
        {(items) => (
          <ul aria-label="Clips">
            {items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        )}
      </ListStates>,
    );
  }

  it('loading: skeletons announced as a busy status, not a spinner', () => {
    show({ loading: true, skeleton: { variant: 'cards', count: 6, label: 'Loading clips...' } });
    const status = screen.getByRole('status', { name: 'Loading clips...' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status.querySelectorAll('.MuiSkeleton-root').length).toBe(18);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('error: the message and Retry', async () => {
    const { user } = show({ error: { message: 'Failed to fetch events: 500', onRetry } });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch events: 500');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('error: with the label asked for', () => {
    show({ error: { message: 'Unable to connect to the server.', onRetry, retryLabel: 'Try again' } });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('empty: the text and a link to the next step', async () => {
    const { user, router } = show({ items: [] });
    expect(screen.getByText('No clips yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Upload Clips' }));
    expect(router.state.location.pathname).toBe('/clips/upload');
  });

  it('empty: or a button that does something here', async () => {
    const onClick = jest.fn();
    const { user } = show({ items: [], empty: { message: 'No tags.', action: { label: 'Show all', onClick } } });
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('data: only the items', () => {
    show({ items: ['a.mp4', 'b.mp4'] });
    expect(screen.getByRole('list', { name: 'Clips' })).toHaveTextContent('a.mp4b.mp4');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('row skeletons by default', () => {
    show({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading...' }).querySelectorAll('.MuiSkeleton-root').length).toBe(8);
  });
});
