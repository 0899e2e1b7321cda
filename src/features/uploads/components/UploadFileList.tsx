import { memo } from 'react';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDuration } from '../../../lib/duration';
import { formatFileSize } from '../../../lib/fileSize';
import { ProgressLine } from './ProgressLine';
import type { UploadFileItem, UploadStatus } from '../model/uploadTypes';

export const STATUS_LABEL: Record<UploadStatus, string> = {
  pending: 'Pending',
  'extracting-metadata': 'Extracting metadata',
  uploading: 'Uploading',
  completed: 'Completed',
  failed: 'Failed',
};

const STATUS_COLOR: Record<UploadStatus, ChipProps['color']> = {
  pending: 'default',
  'extracting-metadata': 'info',
  uploading: 'info',
  completed: 'success',
  failed: 'error',
};

export interface UploadFileListProps {
  files: UploadFileItem[];
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
  onCancel: (id: string) => void;
}

type RowActions = Omit<UploadFileListProps, 'files'>;

/**
 * A row is three memoised parts, so a progress update (a few a second per file while sending) renders the
 * bar and its figure, not the name, chip and buttons: that work shares the device with the transfers
 * (docs/performance.md "Uploads").
 */
const FileRow = memo(function FileRow({ file, onRemove, onRetry, onCancel }: { file: UploadFileItem } & RowActions) {
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 1, sm: 2 }, py: 1.5 }} aria-label={file.name}>
      <FileDetails
        id={file.id}
        name={file.name}
        size={file.size}
        duration={file.metadata?.duration}
        status={file.status}
        onRemove={onRemove}
        onCancel={onCancel}
      />
      <FileProgress name={file.name} status={file.status} progress={file.progress} />
      {file.status === 'failed' && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="large" onClick={() => onRetry(file.id)} aria-label={`Retry ${file.name}`}>
              Retry
            </Button>
          }
        >
          {file.error?.message ?? 'Upload failed'}
        </Alert>
      )}
    </ListItem>
  );
});

const FileDetails = memo(function FileDetails({
  id,
  name,
  size,
  duration,
  status,
  onRemove,
  onCancel,
}: {
  id: string;
  name: string;
  size: number;
  duration: number | null | undefined;
  status: UploadStatus;
} & Omit<RowActions, 'onRetry'>) {
  const uploading = status === 'uploading';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <FileFacts size={size} duration={duration} />
          {/* No colour fade: each change of status kept the page drawing frames for 0.3 s, on the CPU the
              transfers share (docs/performance.md "Uploads"). */}
          <Chip
            size="small"
            label={STATUS_LABEL[status]}
            color={STATUS_COLOR[status]}
            data-status={status}
            sx={{ transition: 'none' }}
          />
        </Stack>
      </Box>
      {uploading && (
        <IconButton aria-label={`Cancel upload of ${name}`} onClick={() => onCancel(id)} sx={{ width: 48, height: 48 }}>
          <CancelIcon />
        </IconButton>
      )}
      <IconButton aria-label={`Remove ${name}`} onClick={() => onRemove(id)} disabled={uploading} sx={{ width: 48, height: 48 }}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
});

/** Size and duration: fixed once the duration is read, so a change of status leaves them be. */
const FileFacts = memo(function FileFacts({ size, duration }: { size: number; duration: number | null | undefined }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {formatFileSize(size)}
      </Typography>
      {typeof duration === 'number' && (
        <Typography variant="body2" color="text.secondary" aria-label={`Duration ${formatDuration(duration)}`}>
          {formatDuration(duration)}
        </Typography>
      )}
    </>
  );
});

const FileProgress = memo(function FileProgress({
  name,
  status,
  progress,
}: {
  name: string;
  status: UploadStatus;
  progress: number;
}) {
  return (
    <ProgressLine
      value={progress}
      indeterminate={status === 'extracting-metadata'}
      color={status === 'failed' ? 'error' : status === 'completed' ? 'success' : 'primary'}
      label={`Upload progress of ${name}`}
      mt={1}
    />
  );
});

/** The picked files with their status, progress and per-file actions (presentational). */
export function UploadFileList({ files, ...actions }: UploadFileListProps) {
  if (files.length === 0) return null;
  return (
    <List
      aria-label="Selected files"
      disablePadding
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      {files.map((file) => (
        <FileRow key={file.id} file={file} {...actions} />
      ))}
    </List>
  );
}
