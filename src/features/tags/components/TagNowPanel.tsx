import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { memo } from 'react';
import { BOTTOM_BAR_HEIGHT_PX } from '../../../app/theme';

export const DESCRIPTION_PLACEHOLDER = 'Brief description of the moment...';
export const TAG_NOW = 'TAG NOW';
export const CREATING_TAG = 'Creating Tag...';

export interface TagNowPanelProps {
  description: string;
  onDescriptionChange: (text: string) => void;
  /** The tap. */
  onTag: () => void;
  /** A tag is on its way: the label says so, the button stays usable (the next moment is another tag). */
  creating: boolean;
}

/**
 * The description and TAG NOW (presentational; docs/product/part-2.md §2): a full-width button at least 72 px tall,
 * kept in reach of a thumb — it sticks to the bottom of the screen (above the mobile bottom bar) while the page
 * scrolls. Never disabled while creating: a second tap a second later is a second moment.
 */
const FIELD_SLOT_PROPS = { inputLabel: { shrink: true }, htmlInput: { maxLength: 500, enterKeyHint: 'done' } } as const;

/** Its own memoized component: a tap changes the button's label, and the field need not render again. */
const DescriptionField = memo(function DescriptionField({
  value,
  onChange,
}: {
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <TextField
      label="Description (optional)"
      color="secondary"
      placeholder={DESCRIPTION_PLACEHOLDER}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      slotProps={FIELD_SLOT_PROPS}
    />
  );
});

export function TagNowPanel({ description, onDescriptionChange, onTag, creating }: TagNowPanelProps) {
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: { xs: `calc(${BOTTOM_BAR_HEIGHT_PX}px + env(safe-area-inset-bottom, 0px) + 8px)`, md: 16 },
        zIndex: 1,
        bgcolor: 'background.default',
        py: 1,
      }}
    >
      <Stack spacing={1.5}>
        <DescriptionField value={description} onChange={onDescriptionChange} />
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={onTag}
          disableRipple
          sx={{
            minHeight: 72,
            fontSize: '1.5rem',
            fontWeight: 800,
            letterSpacing: '0.04em',
            // The press shows at once, without the ripple's extra rendering on the tap (npm run bench:tag).
            '&:active': { transform: 'scale(0.98)', boxShadow: 'none' },
          }}
        >
          {creating ? CREATING_TAG : TAG_NOW}
        </Button>
      </Stack>
    </Box>
  );
}
