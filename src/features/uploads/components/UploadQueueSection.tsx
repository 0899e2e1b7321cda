import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Button from '@mui/material/Button';
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectHasPendingFiles, selectSelectedUploadEvent, selectUploadFiles, selectUploadSummary } from '../model/selectors';
import { UploadFileList } from './UploadFileList';
import { allCleared, fileRemoved, fileRetryRequested, uploadCancelRequested, uploadRequested } from '../model/uploadsSlice';
import { UploadSummary } from './UploadSummary';

/**
 * The picked files: the summary, the list and Upload Files. The only part of Upload Clips that reads the files, so a
 * progress update (a few a second per file while uploading) re-renders this and the changed row, not the event
 * picker and the drop zone: that work shares the device with the transfers (docs/performance.md "Uploads").
 */
export function UploadQueueSection() {
  const dispatch = useAppDispatch();
  // Stable handlers keep the memoised file rows from re-rendering on every progress update.
  const onRemove = useCallback((id: string) => dispatch(fileRemoved(id)), [dispatch]);
  const onRetry = useCallback((id: string) => dispatch(fileRetryRequested(id)), [dispatch]);
  const onCancel = useCallback((id: string) => dispatch(uploadCancelRequested(id)), [dispatch]);
  const onClearAll = useCallback(() => dispatch(allCleared()), [dispatch]);
  const files = useAppSelector(selectUploadFiles);
  const summary = useAppSelector(selectUploadSummary);
  const hasPending = useAppSelector(selectHasPendingFiles);
  const selectedEvent = useAppSelector(selectSelectedUploadEvent);

  return (
    <>
      {files.length > 0 && <UploadSummary summary={summary} event={selectedEvent} onClearAll={onClearAll} />}

      <UploadFileList files={files} onRemove={onRemove} onRetry={onRetry} onCancel={onCancel} />

      {hasPending && (
        <Button
          variant="contained"
          size="large"
          startIcon={<CloudUploadIcon />}
          onClick={() => dispatch(uploadRequested())}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minHeight: 48 }}
        >
          Upload Files
        </Button>
      )}
    </>
  );
}
