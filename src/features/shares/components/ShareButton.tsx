import ShareIcon from '@mui/icons-material/Share';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Suspense, useState } from 'react';
import { retryableLazy } from '../../../app/retryableLazy';

// The dialog (and the share calls, the form, the link list) loads on the first Share, not with the highlight screens.
const ShareDialog = retryableLazy(() => import(/* webpackChunkName: "share-dialog" */ './ShareDialog'));

export interface ShareButtonProps {
  highlight: { id: string; title: string };
  /** 'button': 'Share' with its icon (the viewer); 'icon': the icon alone, named 'Share {title}' (a list row). */
  variant?: 'button' | 'icon';
}

/** Share for one highlight: opens the share dialog. Offer it for ready highlights only. */
export function ShareButton({ highlight, variant = 'button' }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  // Counts the openings: each one starts the dialog afresh (no link or error left from the last time).
  const [opening, setOpening] = useState(0);
  const show = () => {
    setOpening((n) => n + 1);
    setOpen(true);
  };
  return (
    <>
      {variant === 'icon' ? (
        <IconButton aria-label={`Share ${highlight.title}`} onClick={show} size="large">
          <ShareIcon />
        </IconButton>
      ) : (
        <Button variant="outlined" size="large" startIcon={<ShareIcon aria-hidden="true" />} onClick={show}>
          Share
        </Button>
      )}
      {opening > 0 && (
        <Suspense fallback={null}>
          <ShareDialog key={opening} open={open} onClose={() => setOpen(false)} highlight={highlight} />
        </Suspense>
      )}
    </>
  );
}
