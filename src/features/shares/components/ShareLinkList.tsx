import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toApiFailure } from '../../../api/apiErrors';
import { createdText, expiryText, SHARE_TEXT, STATUS_LABEL, viewCountText } from '../model/shareDisplay';
import type { ShareLink } from '../api/shareSchemas';
import { useRevokeShareMutation } from '../api/sharesApi';
import { useCopyLink } from './useCopyLink';

export interface ShareLinkListProps {
  links: readonly ShareLink[];
  /** The list's accessible name ('Links to Summer Final'). */
  label: string;
}

/**
 * A highlight's links (docs/api.md "Share links"), newest first: status, views, when it was made and when it stops
 * working; an active link shows its address with Copy and Revoke (asked first: people who have it lose it).
 */
export function ShareLinkList({ links, label }: ShareLinkListProps) {
  const { copy, copiedKey, failedKey } = useCopyLink();
  const [revoke, { isLoading: revoking }] = useRevokeShareMutation();
  const [confirming, setConfirming] = useState<ShareLink | null>(null);
  const [revokeFailed, setRevokeFailed] = useState(false);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // The link just revoked: its row loses Copy and Revoke, so the focus (given back to Revoke as the confirmation
  // closes) goes to the row's status line instead, or to the list when the row is gone.
  const focusAfterRevoke = useRef<string | null>(null);
  const statusId = (i: number) => `${listId}-${i}-status`;

  const confirmRevoke = async () => {
    if (!confirming) return;
    const result = await revoke({ shareId: confirming.shareId, highlightId: confirming.highlightId });
    // 404: the link is gone already (someone else's, or revoked elsewhere); the list is asked again either way.
    const failed = result.error !== undefined && toApiFailure(result.error).status !== 404;
    if (!failed) focusAfterRevoke.current = confirming.shareId;
    setConfirming(null);
    setRevokeFailed(failed);
  };

  // After the commit that closes the confirmation: its focus trap has given the focus back by then.
  useEffect(() => {
    const shareId = focusAfterRevoke.current;
    if (confirming !== null || shareId === null) return;
    focusAfterRevoke.current = null;
    const i = links.findIndex((link) => link.shareId === shareId);
    (document.getElementById(statusId(i)) ?? listRef.current)?.focus();
  });

  return (
    <>
      {revokeFailed && (
        <Alert severity="error" onClose={() => setRevokeFailed(false)} sx={{ mb: 1 }}>
          {SHARE_TEXT.revokeFailed}
        </Alert>
      )}
      <List ref={listRef} tabIndex={-1} aria-label={label} disablePadding>
        {links.map((link, i) => {
          const active = link.status === 'active';
          // The buttons of every row are named alike; the row's dates tell them apart (their description).
          const aboutId = `${listId}-${i}`;
          return (
            <ListItem key={link.shareId} divider={i < links.length - 1} disableGutters sx={{ display: 'block', py: 1.5 }}>
              <Stack spacing={0.5}>
                <Stack
                  id={statusId(i)}
                  tabIndex={-1}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap', alignSelf: 'flex-start' }}
                >
                  <Chip size="small" label={STATUS_LABEL[link.status]} color={active ? 'success' : 'default'} />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {viewCountText(link.viewCount)}
                  </Typography>
                </Stack>
                <Typography id={aboutId} variant="body2" color="text.secondary">
                  {createdText(link.createdAt)} · {expiryText(link)}
                </Typography>
                {active && (
                  <>
                    <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                      {link.url}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ pt: 0.5 }}>
                      <Button
                        size="large"
                        variant="outlined"
                        startIcon={<ContentCopyIcon aria-hidden="true" />}
                        aria-describedby={aboutId}
                        onClick={(event) => void copy(link.shareId, link.url, event.currentTarget)}
                      >
                        {copiedKey === link.shareId ? SHARE_TEXT.copied : SHARE_TEXT.copy}
                      </Button>
                      <Button
                        size="large"
                        color="error"
                        aria-describedby={aboutId}
                        onClick={() => {
                          setRevokeFailed(false);
                          setConfirming(link);
                        }}
                      >
                        {SHARE_TEXT.revoke}
                      </Button>
                    </Stack>
                    {failedKey === link.shareId && (
                      <Typography role="alert" variant="body2" color="error">
                        {SHARE_TEXT.copyFailed}
                      </Typography>
                    )}
                  </>
                )}
              </Stack>
            </ListItem>
          );
        })}
      </List>
      <ConfirmDialog
        open={confirming !== null}
        title={SHARE_TEXT.revokeTitle}
        message={SHARE_TEXT.revokeMessage}
        confirmLabel={SHARE_TEXT.revoke}
        destructive
        busy={revoking}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
