import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { PagedListView, type PagedList } from './PagedListView';

const list = (items: Array<{ id: string }> | undefined): PagedList<{ id: string }> => ({
  items,
  loading: items === undefined,
  error: null,
  hasMore: false,
  loadingMore: false,
  loadMoreError: null,
  loadMore: () => undefined,
});

/** Renders the list, and what each of React's commits left on the page: the skeleton or the rows. */
function renderCommits(shownList: PagedList<{ id: string }>) {
  const container = document.body.appendChild(document.createElement('div'));
  const commits: string[] = [];
  const onCommit = () => commits.push(container.querySelector('[data-testid="list-skeleton"]') ? 'skeleton' : 'rows');
  render(
    <Profiler id="list" onRender={onCommit}>
      <PagedListView
        list={shownList}
        empty={{ message: 'No clips yet.' }}
        skeleton={{ label: 'Loading clips...' }}
        loadMoreLabel="Load More Clips"
      >
        {(items) => (
          <ul aria-label="Clips">
            {items.map((item) => (
              <li key={item.id}>{item.id}</li>
            ))}
          </ul>
        )}
      </PagedListView>
    </Profiler>,
    { container },
  );
  return commits;
}

describe('PagedListView', () => {
  it('paints a first page that is already there (a prefetched one) after the skeleton, not in the same render', () => {
    const commits = renderCommits(list([{ id: 'clip-1' }, { id: 'clip-2' }]));
    expect(commits).toEqual(['skeleton', 'rows']);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the skeleton while the first page is on its way', () => {
    renderCommits(list(undefined));
    expect(screen.getByRole('status', { name: 'Loading clips...' })).toBeInTheDocument();
  });
});
