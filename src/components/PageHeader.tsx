import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface PageHeaderProps {
  /** The screen's one h1. */
  title: string;
  /** A link back up the hierarchy ('Back to events' → /tags/by-event); none on top-level screens. */
  back?: { to: string; label: string };
  /** A line under the title (an event's date and venue, a count). */
  subtitle?: ReactNode;
  /** Buttons beside the title on wide screens, under it on narrow ones. */
  actions?: ReactNode;
}

/** The top of a list or detail screen: back link, title, subtitle and actions (presentational). */
export function PageHeader({ title, back, subtitle, actions }: PageHeaderProps) {
  return (
    <Stack component="header" spacing={1} sx={{ mb: 2 }}>
      {back && (
        <Link
          component={RouterLink}
          to={back.to}
          underline="hover"
          // 48 px tall: a thumb-sized target on phones, where this link is how people go back.
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start', minHeight: 48 }}
        >
          <ArrowBackIcon fontSize="small" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {subtitle && (
        <Typography color="text.secondary" component="div">
          {subtitle}
        </Typography>
      )}
    </Stack>
  );
}
