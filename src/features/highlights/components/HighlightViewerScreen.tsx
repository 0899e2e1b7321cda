import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ListError } from '../../../components/ListError';
import { THUMBNAIL_ASPECT_RATIO } from '../../../components/mediaLayout';
import { PageHeader } from '../../../components/PageHeader';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { ShareButton } from '../../shares/public';
import {
  clipCountText,
  durationLabel,
  formatCreatedAt,
  HIGHLIGHT_NOT_FOUND,
  HIGHLIGHTS_PATH,
  LOADING_VIDEO,
  renderStageText,
  VIDEO_UNAVAILABLE,
} from '../model/highlightDisplay';
import { useHighlightDownload } from './useHighlightDownload';
import type { Highlight } from '../../../domain/highlight';
import { useHighlightViewer } from './useHighlightViewer';

const BACK = { to: HIGHLIGHTS_PATH, label: 'Back to My Highlights' };

/** Where the player will be, while the highlight is still rendering (or could not be): its stage, not a broken player. */
function RenderState({ highlight }: { highlight: Highlight }) {
  const failed = highlight.status === 'failed';
  const stage = renderStageText(highlight);
  return (
    <Box
      sx={{
        aspectRatio: THUMBNAIL_ASPECT_RATIO,
        bgcolor: 'grey.100',
        borderRadius: 1,
        display: 'grid',
        placeItems: 'center',
        p: 2,
      }}
    >
      <Stack spacing={1.5} sx={{ alignItems: 'center', width: '100%', maxWidth: 360, textAlign: 'center' }}>
        <Chip label={failed ? 'Failed' : 'Processing'} color={failed ? 'error' : 'default'} />
        <Typography role="status" color={failed ? 'error' : 'text.primary'} sx={{ overflowWrap: 'anywhere' }}>
          {stage}
        </Typography>
        {!failed && (
          <LinearProgress
            aria-label="Render progress"
            variant={highlight.stage === 'rendering' ? 'determinate' : 'indeterminate'}
            value={highlight.progress}
            sx={{ width: '100%' }}
          />
        )}
        {!failed && (
          <Typography variant="body2" color="text.secondary">
            It will play here as soon as it is ready.
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '7.5rem minmax(0, 1fr)', gap: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The details card (docs/product/part-2.md §2): event, sport, clips, duration, 'Created by' when known, created. */
function HighlightDetails({ highlight }: { highlight: Highlight }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="highlight-details-heading">
      <CardContent>
        <Typography id="highlight-details-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Details
        </Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Detail term="Event">{highlight.eventName}</Detail>
          <Detail term="Sport">{highlight.sport ?? 'Not given'}</Detail>
          <Detail term="Clips">{clipCountText(highlight.clipCount)}</Detail>
          <Detail term="Duration">{durationLabel(highlight)}</Detail>
          {highlight.userEmail && <Detail term="Created by">{highlight.userEmail}</Detail>}
          <Detail term="Created">{formatCreatedAt(highlight.createdAt)}</Detail>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Highlight viewer (/highlight/view/{id}; docs/product/part-2.md §2): the custom player on the signed stream URL, a
 * Download button (and Share once it is playable) and the details card; beside each other on wide screens, one under the other on phones. Opened
 * from the list it shows the row's highlight at once; a deep link loads it; a highlight still rendering shows its
 * stage. Only one that does not exist says 'Highlight not found or video unavailable'.
 */
export default function HighlightViewerScreen() {
  const id = (useParams().id ?? '').trim();
  const view = useHighlightViewer(id);
  const { highlight } = view;
  const downloader = useHighlightDownload(highlight);

  if (view.notFound) {
    return (
      <>
        <PageHeader title="Highlight" />
        <Alert
          severity="warning"
          action={
            <Button color="inherit" component={RouterLink} to={HIGHLIGHTS_PATH}>
              Back to My Highlights
            </Button>
          }
          sx={{ alignItems: 'center' }}
        >
          {HIGHLIGHT_NOT_FOUND}
        </Alert>
      </>
    );
  }

  const ready = highlight?.status === 'ready';
  return (
    <>
      <PageHeader
        title={highlight?.title ?? 'Highlight'}
        back={BACK}
        subtitle={highlight?.eventName}
        actions={
          <>
            <Button
              variant="contained"
              size="large"
              startIcon={<DownloadIcon aria-hidden="true" />}
              onClick={() => void downloader.download()}
              disabled={!ready || downloader.busy}
            >
              {downloader.busy ? 'Downloading...' : 'Download'}
            </Button>
            {/* Only a playable highlight can be shared (the API refuses the others: 409). */}
            {ready && <ShareButton highlight={highlight} />}
          </>
        }
      />
      <Stack spacing={2}>
        {downloader.message && (
          <Alert severity="error" onClose={downloader.dismiss}>
            {downloader.message}
          </Alert>
        )}
        {view.error ? (
          <ListError {...view.error} />
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
              alignItems: 'start',
            }}
          >
            {highlight && !ready ? (
              <RenderState highlight={highlight} />
            ) : (
              <VideoPlayer
                src={view.streamUrl}
                poster={highlight?.posterUrl}
                title={highlight?.title ?? 'Highlight'}
                unavailable={view.streamFailed}
                loadingText={LOADING_VIDEO}
                errorText={VIDEO_UNAVAILABLE}
                onError={view.onPlayerError}
                onLoad={view.onPlayerLoad}
                startAt={view.resumeAt}
              />
            )}
            {highlight && <HighlightDetails highlight={highlight} />}
          </Box>
        )}
      </Stack>
    </>
  );
}
