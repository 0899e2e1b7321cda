import Typography from '@mui/material/Typography';
import { memo } from 'react';

export const START_TAGGING_HINT = 'Select an event and enable location to start tagging';
export const taggingFor = (eventName: string) => `Tagging for: ${eventName}`;

/** Tag Moments' footer hint (presentational; docs/product/part-2.md §2). */
function TagMomentsFooterView({ eventName }: { eventName: string | null }) {
  return (
    <Typography
      component="p"
      variant="body2"
      color="text.secondary"
      sx={{ textAlign: 'center', overflowWrap: 'anywhere', py: 1 }}
    >
      {eventName === null ? START_TAGGING_HINT : taggingFor(eventName)}
    </Typography>
  );
}

/** Memoized: a tap re-renders Tag Moments, and only what changed should render again (npm run bench:tag). */
export const TagMomentsFooter = memo(TagMomentsFooterView);
