import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { toApiFailure } from '../../../api/apiErrors';
import { listLoadError } from '../../../api/listLoadErrors';
import { MOBILE_MEDIA_QUERY } from '../../../app/device';
import { ListStates } from '../../../components/ListStates';
import { createShareErrorMessage, EXPIRY_LABEL, SHARE_TEXT } from '../model/shareDisplay';
import { EXPIRY_CHOICES, type ExpiresInDays, type ShareLink } from '../api/shareSchemas';
import { ShareSheetContext } from '../model/shareSheet';
import { useCreateShareMutation, useGetHighlightSharesQuery } from '../api/sharesApi';
import { ShareLinkList } from './ShareLinkList';
import { useCopyLink } from './useCopyLink';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  highlight: { id: string; title: string };
}

const linksLoadError = listLoadError('links');
const NEW_LINK = 'new';

/** The choice as the radio group holds it ('null', '7', '30') and back. */
const expiryFromValue = (value: string): ExpiresInDays => EXPIRY_CHOICES.find((days) => String(days) === value) ?? null;

/** The link just made: the field with Copy, and Share… where the system share sheet is offered (phones). */
function NewLink({ link, title }: { link: ShareLink; title: string }) {
  const sheet = useContext(ShareSheetContext);
  const { copy, copiedKey, failedKey } = useCopyLink();
  return (
    // A group: its Copy is told apart from the Copy of the same link in the list below.
    <Stack spacing={1} role="group" aria-label={SHARE_TEXT.linkLabel}>
      <TextField
        label={SHARE_TEXT.linkLabel}
        value={link.url}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false }, inputLabel: { shrink: true } }}
        onFocus={(event) => event.target.select()}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<ContentCopyIcon aria-hidden="true" />}
          onClick={(event) => void copy(NEW_LINK, link.url, event.currentTarget)}
          // The Create link button it replaces had the focus.
          autoFocus
        >
          {copiedKey === NEW_LINK ? SHARE_TEXT.copied : SHARE_TEXT.copy}
        </Button>
        {sheet.available() && (
          <Button
            variant="outlined"
            size="large"
            startIcon={<ShareIcon aria-hidden="true" />}
            onClick={() => void sheet.open({ title, url: link.url })}
          >
            {SHARE_TEXT.openSheet}
          </Button>
        )}
      </Stack>
      {failedKey === NEW_LINK && (
        <Typography role="alert" variant="body2" color="error">
          {SHARE_TEXT.copyFailed}
        </Typography>
      )}
    </Stack>
  );
}

/** The highlight's links under the dialog's own part, asked afresh each time it opens (the view counts move). */
function HighlightLinks({ highlight }: { highlight: ShareDialogProps['highlight'] }) {
  const headingId = useId();
  const { data, isLoading, isError, error, refetch } = useGetHighlightSharesQuery(highlight.id, {
    refetchOnMountOrArgChange: true,
  });
  const shown = isError ? linksLoadError(toApiFailure(error)) : null;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {SHARE_TEXT.linksHeading}
      </Typography>
      <ListStates
        items={data}
        loading={isLoading}
        error={shown ? { ...shown, onRetry: () => void refetch() } : null}
        empty={{ message: SHARE_TEXT.noLinks }}
        skeleton={{ variant: 'rows', count: 2, label: SHARE_TEXT.loadingLinks }}
      >
        {(links) => <ShareLinkList links={links} label={SHARE_TEXT.linksHeading} />}
      </ListStates>
    </Stack>
  );
}

/**
 * Share highlight (docs/api.md "Share links"): choose when the link expires, Create link, then the link in
 * a field with Copy; on phones the system share sheet opens right after (and Share… opens it again, since a browser
 * may refuse the first once the tap is too long ago). Below, every link of the highlight with its views and Revoke.
 * Loaded on first use (ShareButton), so the highlight screens stay small.
 */
export default function ShareDialog({ open, onClose, highlight }: ShareDialogProps) {
  const titleId = useId();
  const introId = useId();
  const expiryId = useId();
  const sheet = useContext(ShareSheetContext);
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [expiry, setExpiry] = useState('null');
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [createShare, { isLoading: creating }] = useCreateShareMutation();
  // Whether the dialog is open when the new link arrives: ShareButton keeps a closed dialog mounted, and a sheet
  // opening over the page after Close would be a surprise.
  const isOpen = useRef(open);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);

  const create = async () => {
    setMessage(null);
    const result = await createShare({ highlightId: highlight.id, expiresInDays: expiryFromValue(expiry) });
    if (result.error !== undefined) {
      setMessage(createShareErrorMessage(toApiFailure(result.error)));
      return;
    }
    setCreated(result.data);
    // Still within the tap's activation, which navigator.share needs; if it has run out, Share… is there.
    if (isOpen.current && sheet.available()) void sheet.open({ title: highlight.title, url: result.data.url });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{SHARE_TEXT.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{highlight.title}</Typography>
            <Typography id={introId} color="text.secondary">
              {SHARE_TEXT.anyoneCanWatch}
            </Typography>
          </Stack>
          {message && <Alert severity="error">{message}</Alert>}
          {created ? (
            <NewLink link={created} title={highlight.title} />
          ) : (
            <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <FormControl disabled={creating}>
                <FormLabel id={expiryId}>{SHARE_TEXT.expiryLabel}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={expiryId}
                  name="expiresInDays"
                  value={expiry}
                  onChange={(event) => setExpiry(event.target.value)}
                >
                  {EXPIRY_CHOICES.map((days) => (
                    <FormControlLabel
                      key={String(days)}
                      value={String(days)}
                      control={<Radio />}
                      label={EXPIRY_LABEL[`${days}`]}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
              <Button
                variant="contained"
                size="large"
                startIcon={<ShareIcon aria-hidden="true" />}
                onClick={() => void create()}
                disabled={creating}
              >
                {creating ? SHARE_TEXT.creating : SHARE_TEXT.create}
              </Button>
            </Stack>
          )}
          <HighlightLinks highlight={highlight} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ p: 2 }}>
        <Button size="large" onClick={onClose}>
          {SHARE_TEXT.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
