import { memo } from 'react';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDuration } from '../../lib/duration';
import { formatFileSize } from '../../lib/fileSize';
import type { UploadFileItem, UploadStatus } from './uploadTypes';

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

// Memoised: a progress update re-renders only the row whose file changed.
const FileRow = memo(function FileRow({
  file,
  onRemove,
  onRetry,
  onCancel,
}: { file: UploadFileItem } & Omit<UploadFileListProps, 'files'>) {
  const uploading = file.status === 'uploading';
  const duration = file.metadata?.duration;
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 1, sm: 2 }, py: 1.5 }} aria-label={file.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {formatFileSize(file.size)}
            </Typography>
            {typeof duration === 'number' && (
              <Typography variant="body2" color="text.secondary" aria-label={`Duration ${formatDuration(duration)}`}>
                {formatDuration(duration)}
              </Typography>
            )}
            <Chip size="small" label={STATUS_LABEL[file.status]} color={STATUS_COLOR[file.status]} data-status={file.status} />
          </Stack>
        </Box>
        {uploading && (
          <IconButton
            aria-label={`Cancel upload of ${file.name}`}
            onClick={() => onCancel(file.id)}
            sx={{ width: 48, height: 48 }}
          >
            <CancelIcon />
          </IconButton>
        )}
        <IconButton
          aria-label={`Remove ${file.name}`}
          onClick={() => onRemove(file.id)}
          disabled={uploading}
          sx={{ width: 48, height: 48 }}
        >
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <LinearProgress
          variant={file.status === 'extracting-metadata' ? 'indeterminate' : 'determinate'}
          value={file.progress}
          color={file.status === 'failed' ? 'error' : file.status === 'completed' ? 'success' : 'primary'}
          aria-label={`Upload progress of ${file.name}`}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
          {file.progress}%
        </Typography>
      </Stack>
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
