import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { memo, useId } from 'react';
import { CreatedTagItem, FAILED_TO_CREATE_TAG, TAG_STATUS_TEXT } from './CreatedTagItem';
import type { CreatedTag } from '../model/tagTypes';

export const createdTagsHeading = (count: number) => `Created Tags (${count})`;

export interface CreatedTagsListProps {
  /** Newest first. */
  tags: readonly CreatedTag[];
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

/** 'Created Tags (n)' (presentational; docs/product/part-2.md §2): the tags made on this device, newest first. */
function CreatedTagsListView({ tags, onRetry, onDiscard }: CreatedTagsListProps) {
  const headingId = useId();
  if (tags.length === 0) return null;
  const newest = tags[0]!;
  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      {/* What became of the latest tap, said once to screen readers (the rows themselves are not live). */}
      <Box role="status" sx={visuallyHidden}>
        {newest.status === 'failed' ? FAILED_TO_CREATE_TAG : `Tag ${tags.length}: ${TAG_STATUS_TEXT[newest.status]}`}
      </Box>
      <Typography id={headingId} variant="h6" component="h2">
        {createdTagsHeading(tags.length)}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <List aria-labelledby={headingId} disablePadding>
          {tags.map((tag) => (
            <CreatedTagItem key={tag.clientId} tag={tag} onRetry={onRetry} onDiscard={onDiscard} />
          ))}
        </List>
      </Paper>
    </Stack>
  );
}

/** Memoized: a tap re-renders Tag Moments, and only what changed should render again (npm run bench:tag). */
export const CreatedTagsList = memo(CreatedTagsListView);
