import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../app/hooks';
import { ListError } from '../../components/ListError';
import { ListStates } from '../../components/ListStates';
import { PageHeader } from '../../components/PageHeader';
import { selectSignedInUserId } from '../session/public';
import { highlightCountLabel } from './highlightDisplay';
import { useEditingReturn, useHighlightsList } from './highlightListHooks';
import { HighlightListRow } from './highlightListRow';

const NOTICE_MS = 8_000;

function countText(listed: number, total: number): string {
  return listed < total ? `${highlightCountLabel(total)} · the newest ${listed} shown` : highlightCountLabel(total);
}

/**
 * Highlights list (/highlights/view; docs/product/part-2.md §2): the count, then each highlight with its event,
 * estimated duration, clip count and creation date, 'Processing' with the render's stage until it is playable.
 * A row opens the viewer. Back from the editor, it confirms the render (or the cancel) once.
 */
export default function HighlightsListScreen() {
  const userId = useAppSelector(selectSignedInUserId);
  const list = useHighlightsList();
  const { notice, dismiss } = useEditingReturn();
  const shown = (list.highlights?.length ?? 0) > 0;
  return (
    <>
      <PageHeader
        title="My Highlights"
        back={{ to: '/', label: 'Back to Home' }}
        subtitle={list.total !== null && list.highlights ? countText(list.highlights.length, list.total) : undefined}
      />
      <Stack spacing={2}>
        {/* A refresh that failed leaves the highlights shown, the error beside them. */}
        {shown && list.error && <ListError {...list.error} />}
        <ListStates
          items={list.highlights}
          loading={list.loading}
          error={list.error}
          empty={{
            message: 'No highlights yet. Pick the clips of an event and edit them into a highlight.',
            action: { label: 'Go to Main Menu', to: '/' },
          }}
          skeleton={{ variant: 'rows', count: 4, label: 'Loading your highlights...' }}
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
        </ListStates>
      </Stack>
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
