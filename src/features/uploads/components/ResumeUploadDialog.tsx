import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { MOBILE_MEDIA_QUERY } from '../../../app/device';
import type { ResumeOffer } from '../model/uploadsSlice';
import { formatFileSize } from '../../../lib/fileSize';
import { STATUS_LABEL } from './UploadFileList';

export interface ResumeUploadDialogProps {
  offer: ResumeOffer | null;
  onResume: () => void;
  onStartFresh: () => void;
  onCancel: () => void;
}

/** 'Resume Upload?' (docs/product/part-1.md §4 Upload session): a saved session still has incomplete files. */
export function ResumeUploadDialog({ offer, onResume, onStartFresh, onCancel }: ResumeUploadDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const files = offer?.files ?? [];
  return (
    <Dialog open={offer !== null} onClose={onCancel} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Resume Upload?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {files.length === 1 ? 'One file' : `${files.length} files`} from your last visit did not finish uploading
          {offer?.selectedEvent ? ` (event: ${offer.selectedEvent.name})` : ''}.
        </Typography>
        <List dense aria-label="Incomplete files">
          {files.map((f) => (
            <ListItem key={f.id} disableGutters>
              <ListItemText
                primary={f.name}
                secondary={`${formatFileSize(f.size)} · ${STATUS_LABEL[f.status]}${f.progress > 0 ? ` · ${f.progress}%` : ''}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
        {offer && !offer.filesKept && (
          <Alert severity="info">
            Your browser did not keep these files. After Resume Upload, select the same files again to continue.
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Start Fresh discards this progress.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, p: 2 }}>
        <Button onClick={onCancel} size="large">
          Cancel
        </Button>
        <Button onClick={onStartFresh} size="large" color="error">
          Start Fresh
        </Button>
        <Button onClick={onResume} size="large" variant="contained">
          Resume Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
