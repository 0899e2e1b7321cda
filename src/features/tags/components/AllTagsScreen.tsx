import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/PageHeader';
import { selectSignedInUserId } from '../../session/public';
import { TagListGroup, tagCountLabel } from './TagListGroup';
import { TagListView } from './TagListView';
import { useMyTags } from './useTagLists';

/**
 * All My Tags (/tags/all; docs/product/part-2.md §2): the user's tags grouped by event, the event of the newest tag
 * first, newest tags first within an event (tagPaging.ts). 20 tags, then 10 more when the user scrolls past about
 * 67 % of the page (§4) or presses 'Load More Tags'.
 */
export default function AllTagsScreen() {
  const userId = useAppSelector(selectSignedInUserId);
  const { groups, total, ...list } = useMyTags();
  return (
    <>
      <PageHeader
        title="All My Tags"
        subtitle={total ? `${tagCountLabel(total)}, grouped by the event you tagged them at.` : 'Your tagged moments, by event.'}
      />
      <TagListView
        list={{ ...list, items: groups }}
        empty={{
          message: 'No tags yet. Tag a moment while you are at an event, and it will appear here.',
          action: { label: 'Tag Moments', to: '/tags/add' },
        }}
        skeleton={{ variant: 'rows', count: 6, label: 'Loading your tags...' }}
        loadMoreLabel="Load More Tags"
        scrollPaging
      >
        {(items) => (
          <Stack spacing={2}>
            {items.map((group) => (
              <TagListGroup key={group.id} group={group} userId={userId} />
            ))}
          </Stack>
        )}
      </TagListView>
    </>
  );
}
