import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { clipCountLabel, formatClipTime } from '../../clips/public';
import { eventTagsPath, eventTagsStateOf } from '../model/tagNavigation';
import type { TagGroup } from '../model/tagPaging';
import type { Tag } from '../../../domain/tag';

/** What a moment without a description is called (the API's own word for it). */
export const UNDESCRIBED_TAG = 'Tagged moment';

export const tagCountLabel = (count: number) => `${count} ${count === 1 ? 'tag' : 'tags'}`;

function TagRow({ tag, timeZone }: { tag: Tag; timeZone: string | null }) {
  return (
    <ListItemText
      primary={tag.description ?? UNDESCRIBED_TAG}
      // On the venue's clock when the answer names its zone (the local API does), else the device's (tagSchemas.ts).
      secondary={`${formatClipTime(tag.timestamp, timeZone)} · ${clipCountLabel(tag.clips.length)}`}
      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
    />
  );
}

/**
 * One event of All My Tags and its tags, newest first (docs/product/part-2.md §2). The header is a link to the
 * event's tags, carrying the event in the navigation state (stamped with the user: tagNavigation.ts).
 */
export const TagListGroup = memo(function TagListGroup({ group, userId }: { group: TagGroup; userId: string | null }) {
  const { event, tags } = group;
  const headingId = `tag-group-${event.id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <ListItemButton
        component={RouterLink}
        to={eventTagsPath(event.id)}
        state={userId === null ? undefined : eventTagsStateOf(event, userId)}
        sx={{ minHeight: 64, gap: 1, alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
      >
        <ListItemText
          primary={event.name}
          secondary={`${event.location.name} · ${formatClipTime(event.startTime, event.timezone)}`}
          slotProps={{
            primary: { id: headingId, component: 'h2', variant: 'subtitle1', sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
          }}
        />
        <ChevronRightIcon aria-hidden="true" color="action" />
      </ListItemButton>
      <List aria-label={`Tags at ${event.name}`} dense disablePadding>
        {tags.map((tag, i) => (
          <ListItem key={tag.id} divider={i < tags.length - 1} sx={{ py: 1 }}>
            <TagRow tag={tag} timeZone={event.timezone} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
});
