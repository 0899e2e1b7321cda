import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/PageHeader';
import { selectSignedInUserId } from '../../session/public';
import { TaggedEventRow } from './TaggedEventRow';
import { TagListView } from './TagListView';
import { useTaggedEvents } from './useTagLists';

/**
 * My Tagged Events (/tags/by-event; docs/product/part-2.md §2): the events the user tagged, the one with the newest
 * tag first, each with its tag count and a link to its tags. 50 a page with 'Load More Events'.
 */
export default function TaggedEventsScreen() {
  const userId = useAppSelector(selectSignedInUserId);
  const list = useTaggedEvents();
  return (
    <>
      <PageHeader title="My Tagged Events" subtitle="The events you tagged moments at, the most recently tagged first." />
      <TagListView
        list={list}
        empty={{
          message: 'No tagged events yet. Tag a moment while you are at an event, and the event will appear here.',
          action: { label: 'Tag Moments', to: '/tags/add' },
        }}
        skeleton={{ variant: 'rows', count: 5, label: 'Loading your tagged events...' }}
        loadMoreLabel="Load More Events"
      >
        {(events) => (
          <Paper variant="outlined">
            <List aria-label="Tagged events" disablePadding>
              {events.map((event, i) => (
                <ListItem key={event.id} disablePadding divider={i < events.length - 1}>
                  <TaggedEventRow event={event} userId={userId} />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </TagListView>
    </>
  );
}
