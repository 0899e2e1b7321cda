import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { toApiFailure } from '../../../api/apiErrors';
import { listLoadError } from '../../../api/listLoadErrors';
import { ListError } from '../../../components/ListError';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { formatDuration } from '../../../lib/duration';
import { ShareButton } from './ShareButton';
import { SHARE_TEXT } from '../model/shareDisplay';
import type { SharedHighlight } from '../api/shareSchemas';
import { useGetSharedHighlightsQuery } from '../api/sharesApi';
import { ShareLinkList } from './ShareLinkList';

/** The viewer's and the list's addresses (the route table, src/app/routes.ts). */
const HIGHLIGHTS_PATH = '/highlights/view';
const highlightPath = (id: string) => `/highlight/view/${encodeURIComponent(id)}`;

const sharesLoadError = listLoadError('shared highlights');

/** One shared highlight: its title (to the viewer), event and length, Share for another link, and its links. */
function SharedHighlightCard({ group }: { group: SharedHighlight }) {
  const headingId = useId();
  const { highlight, shares } = group;
  const details = [highlight.eventName, highlight.durationSeconds === null ? null : formatDuration(highlight.durationSeconds)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={highlightPath(highlight.id)} underline="hover">
              {highlight.title}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {details}
          </Typography>
        </Stack>
        <ShareButton highlight={highlight} variant="icon" />
      </Stack>
      <ShareLinkList links={shares} label={`Links to ${highlight.title}`} />
    </Paper>
  );
}

/**
 * Share Highlights (/highlights/share): every highlight the user shared, the one with the newest link
 * first, each with its links — status, views, expiry, Copy and Revoke. Asked afresh on every visit (view counts move).
 */
export default function SharedHighlightsScreen() {
  const { data, isLoading, isError, error, refetch } = useGetSharedHighlightsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const shown = isError ? sharesLoadError(toApiFailure(error)) : null;
  const listError = shown ? { ...shown, onRetry: () => void refetch() } : null;
  return (
    <>
      <PageHeader title={SHARE_TEXT.screenTitle} subtitle={SHARE_TEXT.screenIntro} />
      <Stack spacing={2}>
        {/* A refresh that failed leaves the highlights shown, the error beside them. */}
        {(data?.length ?? 0) > 0 && listError && <ListError {...listError} />}
        <ListStates
          items={data}
          loading={isLoading}
          error={listError}
          empty={{ message: SHARE_TEXT.noShares, action: { label: SHARE_TEXT.goToHighlights, to: HIGHLIGHTS_PATH } }}
          skeleton={{ variant: 'rows', count: 3, label: SHARE_TEXT.loadingShares }}
        >
          {(groups) => (
            <Stack spacing={2}>
              {groups.map((group) => (
                <SharedHighlightCard key={group.highlight.id} group={group} />
              ))}
            </Stack>
          )}
        </ListStates>
      </Stack>
    </>
  );
}
