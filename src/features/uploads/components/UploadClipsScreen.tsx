import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EventPicker } from '../../events/public';
import { registerFiles } from '../model/fileRegistry';
import {
  selectFilesToRepick,
  selectResumeOffer,
  selectSelectedUploadEvent,
  selectSelectionError,
  selectUploadEventError,
} from '../model/selectors';
import { ResumeUploadDialog } from './ResumeUploadDialog';
import { ALLOWED_EXTENSIONS } from '../model/uploadConstants';
import { UploadQueueSection } from './UploadQueueSection';
import {
  eventErrorDismissed,
  filesPicked,
  resumeAccepted,
  resumeDismissed,
  selectionErrorDismissed,
  startFreshChosen,
  uploadEventSelected,
} from '../model/uploadsSlice';

/** What the file input offers: the allowed extensions and any video (docs/product/part-1.md §5). */
export const VIDEO_ACCEPT = [...ALLOWED_EXTENSIONS, 'video/*'].join(',');

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography variant="h6" component="h2">
        <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
          {number}.
        </Box>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** Upload Clips (/clips/upload, docs/product/part-1.md §2): pick an event, pick videos, upload; the saga does the rest. */
export default function UploadClipsScreen() {
  const dispatch = useAppDispatch();
  // No selector here reads the files' progress: UploadQueueSection does, so progress leaves this part alone.
  const selectedEvent = useAppSelector(selectSelectedUploadEvent);
  const selectionError = useAppSelector(selectSelectionError);
  const eventError = useAppSelector(selectUploadEventError);
  const resumeOffer = useAppSelector(selectResumeOffer);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // A new array whenever the files change (progress too); its names rarely do.
  const stillNeeded = useAppSelector(selectFilesToRepick, shallowEqual);

  const pickFiles = (list: FileList | File[] | null) => {
    if (!list || list.length === 0) return;
    dispatch(filesPicked(registerFiles(list)));
  };

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    pickFiles(e.target.files);
    e.target.value = ''; // picking the same file again still fires change
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    pickFiles(e.dataTransfer.files);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 880, pb: 2 }}>
      <Typography variant="h4" component="h1">
        Upload Clips
      </Typography>

      <Step number={1} title="Select Event">
        {eventError && (
          <Alert severity="warning" onClose={() => dispatch(eventErrorDismissed())}>
            {eventError}
          </Alert>
        )}
        <EventPicker
          selected={selectedEvent}
          onSelect={(event) => dispatch(uploadEventSelected(event))}
          onClear={() => dispatch(uploadEventSelected(null))}
        />
      </Step>

      <Step number={2} title="Select Video Files">
        {selectionError && (
          <Alert severity="error" onClose={() => dispatch(selectionErrorDismissed())} sx={{ whiteSpace: 'pre-line' }}>
            {selectionError}
          </Alert>
        )}
        {stillNeeded.length > 0 && (
          <Alert severity="info">
            To resume, select these files again:
            <Box component="ul" aria-label="Files still needed" sx={{ my: 0.5, pl: 2.5 }}>
              {stillNeeded.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'background.paper',
            borderRadius: 2,
            p: { xs: 3, sm: 5 },
            textAlign: 'center',
            position: 'relative',
          }}
        >
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <CloudUploadIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden="true" />
            <Typography color="text.secondary">Drag and drop videos here, or</Typography>
            <Button
              variant="contained"
              size="large"
              onClick={() => inputRef.current?.click()}
              sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' } }}
            >
              Select video files
            </Button>
            {/* The real input: the button above opens it; tests and assistive tools reach it by its label. */}
            <Box
              component="input"
              ref={inputRef}
              type="file"
              multiple
              accept={VIDEO_ACCEPT}
              aria-label="Select video files"
              tabIndex={-1}
              onChange={onInput}
              sx={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clipPath: 'inset(50%)' }}
            />
            <Typography variant="body2" color="text.secondary">
              MP4, MOV, M4V, MTS or MXF, up to 100 MB each
            </Typography>
          </Stack>
        </Box>
      </Step>

      <UploadQueueSection />

      <ResumeUploadDialog
        offer={resumeOffer}
        onResume={() => dispatch(resumeAccepted())}
        onStartFresh={() => dispatch(startFreshChosen())}
        onCancel={() => dispatch(resumeDismissed())}
      />
    </Stack>
  );
}
