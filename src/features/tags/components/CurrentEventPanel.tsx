import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useId, useState } from 'react';
import type { GeoPoint } from '../../../lib/geo';
import { formatEventPlace, formatEventStart, type EventSummary } from '../../events/public';
import { CurrentEventSearch } from './CurrentEventSearch';
import { NearbyCurrentEvents } from './NearbyCurrentEvents';

export const SELECT_CURRENT_EVENT = 'Select Current Event';

export interface CurrentEventPanelProps {
  selected: EventSummary | null;
  onSelect: (event: EventSummary) => void;
  /** The device's location (the nearby list needs it; the text search looks near it when known). */
  near: GeoPoint | null;
}

/**
 * Tag Moments' Select Current Event panel (docs/product/part-2.md §2): open while no event is chosen, it collapses
 * once one is; closed, it shows the chosen event and Change, which opens it again (the event stays chosen until
 * another is picked, or until it has ended: tagChoiceSaga.ts).
 */
function CurrentEventPanelView({ selected, onSelect, near }: CurrentEventPanelProps) {
  // The user's open or close holds for the choice it was made with: once the choice goes (another is picked, or the
  // chosen event ended: tagChoiceSaga.ts), the panel follows the choice again, open with none.
  const [toggle, setToggle] = useState<{ open: boolean; forId: string | null } | null>(null);
  const selectedId = selected?.id ?? null;
  const expanded = toggle !== null && toggle.forId === selectedId ? toggle.open : selected === null;
  const setOpen = (open: boolean) => setToggle({ open, forId: selectedId });
  const id = useId();

  const pick = (event: EventSummary) => {
    onSelect(event);
    setToggle(null); // closes: an event is chosen now
  };

  // The chosen event shows below the header while the panel is closed: outside the Accordion, whose children
  // after the summary all live in its collapsing region.
  return (
    <Paper variant="outlined">
      <Accordion
        expanded={expanded}
        onChange={(_, next) => setOpen(next)}
        disableGutters
        elevation={0}
        sx={{ bgcolor: 'transparent', '&::before': { display: 'none' } }}
        slotProps={{ heading: { component: 'h2' } }}
      >
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          id={`${id}-summary`}
          aria-controls={`${id}-details`}
          sx={{ minHeight: 56 }}
        >
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {SELECT_CURRENT_EVENT}
          </Typography>
        </AccordionSummary>
        <AccordionDetails id={`${id}-details`}>
          <Stack spacing={3}>
            <CurrentEventSearch near={near} selectedId={selectedId} onPick={pick} />
            <NearbyCurrentEvents near={near} selectedId={selectedId} onPick={pick} />
          </Stack>
        </AccordionDetails>
      </Accordion>
      {/* Grows as the search closes (and shrinks as it opens), so the two never overlap mid-animation. */}
      <Collapse in={selected !== null && !expanded} unmountOnExit>
        {selected && (
          <Stack direction="row" spacing={2} sx={{ px: 2, pb: 2, alignItems: 'center' }} role="group" aria-label="Selected event">
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{selected.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {formatEventPlace(selected)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Started {formatEventStart(selected)}
              </Typography>
            </Box>
            <Button variant="outlined" size="large" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
              Change
            </Button>
          </Stack>
        )}
      </Collapse>
    </Paper>
  );
}

/** Memoized: a tap re-renders Tag Moments, and only what changed should render again (npm run bench:tag). */
export const CurrentEventPanel = memo(CurrentEventPanelView);
