import { PageHeader } from '../../../components/PageHeader';
import { clipCountLabel } from '../model/clipDisplay';
import { ClipGrid } from './ClipGrid';
import { PagedListView } from '../../../components/PagedListView';
import { useUnassociatedClips } from './useClipLists';

/**
 * Unassociated clips (/clips/unassociated; docs/product/part-2.md §2): the user's clips without an event, newest
 * first, in a two-column grid, 12 a page. With no venue, their times are the device's.
 */
export default function UnassociatedClipsScreen() {
  const list = useUnassociatedClips();
  return (
    <>
      <PageHeader
        title="Unassociated Clips"
        back={{ to: '/clips', label: 'Back to My Clips' }}
        subtitle={list.total !== null ? `${clipCountLabel(list.total)} not linked to any event` : 'Clips not linked to any event'}
      />
      <PagedListView
        list={list}
        empty={{
          message: 'Every clip of yours belongs to an event. Clips uploaded without choosing an event will appear here.',
          action: { label: 'Upload Clips', to: '/clips/upload' },
        }}
        skeleton={{ variant: 'cards', columns: 'two', count: 6, label: 'Loading clips...' }}
        loadMoreLabel="Load More Clips"
        heading="Clips"
      >
        {(clips) => <ClipGrid clips={clips} timeZone={null} columns="two" label="Clips without an event" />}
      </PagedListView>
    </>
  );
}
