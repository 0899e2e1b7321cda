import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { ShareButton } from '../../shares/public';
import { clipCountText, estimatedDuration, formatCreatedAt, highlightPath, renderStageText } from '../model/highlightDisplay';
import type { Highlight } from '../../../domain/highlight';
import { highlightViewerStateOf } from '../model/highlightViewerState';

/** The render's state beside a row that is not playable yet: 'Processing' and its stage, or the failure. */
function RenderBadge({ highlight }: { highlight: Highlight }) {
  const stage = renderStageText(highlight);
  if (highlight.status === 'ready' || stage === null) return null;
  const failed = highlight.status === 'failed';
  return (
    <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, flexShrink: 0, maxWidth: { sm: 240 } }}>
      <Chip label={failed ? 'Failed' : 'Processing'} color={failed ? 'error' : 'default'} size="small" />
      <Typography variant="caption" color={failed ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
        {stage}
      </Typography>
    </Stack>
  );
}

/**
 * One highlight: title, event, estimated duration (10 s a clip), clip count and when it was made; opens the viewer
 * with the highlight in navigation state (stamped with the user: highlightViewerState.ts). A playable one has Share
 * beside it.
 */
export const HighlightListRow = memo(function HighlightListRow({
  highlight,
  userId,
}: {
  highlight: Highlight;
  userId: string | null;
}) {
  const details = [
    highlight.eventName,
    `Est. ${estimatedDuration(highlight.clipCount)}`,
    clipCountText(highlight.clipCount),
    formatCreatedAt(highlight.createdAt),
  ].join(' · ');
  return (
    <>
      <ListItemButton
        component={RouterLink}
        to={highlightPath(highlight.id)}
        state={userId === null ? undefined : highlightViewerStateOf(highlight, userId)}
        sx={{ minHeight: 64, gap: 1, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <ListItemText
          primary={highlight.title}
          secondary={details}
          slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
        />
        <RenderBadge highlight={highlight} />
      </ListItemButton>
      {/* Beside the row's link, not in it: a button inside a link would open the viewer too. */}
      {highlight.status === 'ready' && (
        <Box sx={{ flexShrink: 0, pr: 1 }}>
          <ShareButton highlight={highlight} variant="icon" />
        </Box>
      )}
    </>
  );
});
