import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import { useAppSelector } from '../../../app/hooks';
import { PagedListView } from '../../../components/PagedListView';
import { PageHeader } from '../../../components/PageHeader';
import { selectSignedInUserId } from '../../session/public';
import { highlightCountLabel } from '../model/highlightDisplay';
import { useEditingReturn } from './useEditingReturn';
import { useHighlightsList } from './useHighlightsList';
import { HighlightListRow } from './HighlightListRow';

const NOTICE_MS = 8_000;

/**
 * Highlights list (/highlights/view; docs/product/part-2.md §2): the count (all of the user's highlights, however
 * many pages are loaded), then each highlight, newest first, with its event, estimated duration, clip count and
 * creation date, 'Processing' with the render's stage until it is playable; 'Load More Highlights' for the next
 * page. A row opens the viewer. Back from the editor, it confirms the render (or the cancel) once.
 */
export default function HighlightsListScreen() {
  const userId = useAppSelector(selectSignedInUserId);
  const list = useHighlightsList();
  const { notice, dismiss } = useEditingReturn();
  return (
    <>
      <PageHeader
        title="My Highlights"
        back={{ to: '/', label: 'Back to Home' }}
        subtitle={list.total !== null && list.items ? highlightCountLabel(list.total) : undefined}
      />
      <PagedListView
        list={list}
        empty={{
          message: 'No highlights yet. Pick the clips of an event and edit them into a highlight.',
          action: { label: 'Go to Main Menu', to: '/' },
        }}
        skeleton={{ variant: 'rows', count: 4, label: 'Loading your highlights...' }}
        loadMoreLabel="Load More Highlights"
      >
        {(highlights) => (
          <Paper variant="outlined">
            <List aria-label="Highlights" disablePadding>
              {highlights.map((highlight, i) => (
                <ListItem key={highlight.id} disablePadding divider={i < highlights.length - 1}>
                  <HighlightListRow highlight={highlight} userId={userId} />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedListView>
      <Snackbar
        open={notice !== null}
        autoHideDuration={NOTICE_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') dismiss();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {/* role=status: announced politely, without interrupting. */}
        <Alert
          role="status"
          severity={notice?.kind === 'completed' ? 'success' : 'info'}
          onClose={dismiss}
          sx={{ width: '100%', boxShadow: 6 }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </>
  );
}
