import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { toApiFailure, type ApiFailure } from '../../../api/apiErrors';
import { useAppSelector } from '../../../app/hooks';
import type { ListErrorProps } from '../../../components/ListError';
import type { PlaybackPosition } from '../../../components/VideoPlayer';
import { selectSignedInUserId } from '../../session/public';
import { highlightsLoadError, isHighlightNotFound, PROCESSING_POLL_MS } from '../model/highlightDisplay';
import { highlightsApi, useGetHighlightQuery, useGetHighlightStreamUrlQuery } from '../api/highlightsApi';
import type { Highlight } from '../../../domain/highlight';
import { readHighlightViewerState } from '../model/highlightViewerState';

export interface HighlightViewerView {
  /** The API's answer once in (fresher), else the list's copy from navigation state, else null (a deep link loading). */
  highlight: Highlight | null;
  /** Only a highlight that truly does not exist (404, or an id that cannot be one). */
  notFound: boolean;
  /** Loading it failed otherwise, with nothing to show: the text and Retry. */
  error: ListErrorProps | null;
  /** The signed stream URL; null while it is asked for or when the highlight is not playable. */
  streamUrl: string | null;
  /** The stream URL could not be had. */
  streamFailed: boolean;
  /** For the player: its error (the signed link may have run out: renewed once) and its successful load. */
  onPlayerError: (at: PlaybackPosition) => void;
  onPlayerLoad: () => void;
  /** Where the player picks up on a renewed stream URL; null otherwise. */
  resumeAt: PlaybackPosition | null;
}

/**
 * 'renewing': the stream URL is asked for again after the player failed; 'spent': it was, and the player has not
 * loaded since, so a further error stands.
 */
type Renewal = { phase: 'none' } | { phase: 'renewing' | 'spent'; id: string; resumeAt: PlaybackPosition };

interface StreamRenewal {
  renewing: boolean;
  resumeAt: PlaybackPosition | null;
  onPlayerError: (at: PlaybackPosition) => void;
  onPlayerLoad: () => void;
}

/**
 * The stream URL is signed for 15–20 min and the player keeps it: after that a seek's range request is refused and
 * the player fails. On the player's error the URL is asked for once more and playback picks up where it was; only
 * when that fails too (or the renewed URL fails before it loads) does the error stand. At most one renewal per
 * successful load, so a video that never plays is not asked for in a loop.
 */
function useStreamRenewal(id: string, refetch: () => { unwrap: () => Promise<unknown> }): StreamRenewal {
  const [state, setRenewal] = useState<Renewal>({ phase: 'none' });
  // One made for another highlight (the route's id changed) does not count.
  const renewal: Renewal = state.phase !== 'none' && state.id === id ? state : { phase: 'none' };
  const phase = renewal.phase;
  const onPlayerError = useCallback(
    (at: PlaybackPosition) => {
      if (phase !== 'none') return;
      setRenewal({ phase: 'renewing', id, resumeAt: at });
      const settle = () => setRenewal((r) => (r.phase === 'renewing' ? { ...r, phase: 'spent' } : r));
      // A failed call shows as the query's error (streamFailed).
      void refetch().unwrap().then(settle, settle);
    },
    [phase, id, refetch],
  );
  const onPlayerLoad = useCallback(() => setRenewal((r) => (r.phase === 'spent' ? { phase: 'none' } : r)), []);
  return {
    renewing: phase === 'renewing',
    resumeAt: renewal.phase === 'none' ? null : renewal.resumeAt,
    onPlayerError,
    onPlayerLoad,
  };
}

/**
 * The viewer's data (docs/product/part-2.md §2 "Highlight viewer"). The row's highlight from navigation state shows
 * at once; the API is asked in any case — on a deep link it is the only source, and a highlight still processing is
 * followed every 2 s until it is playable (then the stream URL is fetched).
 */
export function useHighlightViewer(id: string): HighlightViewerView {
  const { state } = useLocation();
  const userId = useAppSelector(selectSignedInUserId);
  const fromState = readHighlightViewerState(state, userId, id);
  const skip = id === '';
  const cached = highlightsApi.endpoints.getHighlight.useQueryState(id, { skip });
  const known = cached.currentData ?? fromState;
  const pollingInterval = known?.status === 'processing' ? PROCESSING_POLL_MS : 0;
  const query = useGetHighlightQuery(id, { skip, pollingInterval });
  const highlight = query.currentData ?? fromState;
  const failure: ApiFailure | null = query.isError ? toApiFailure(query.error) : null;
  const notFound = skip || (failure !== null && isHighlightNotFound(failure));
  const loadError = failure && !notFound && !highlight ? highlightsLoadError(failure) : null;

  const ready = !notFound && highlight?.status === 'ready';
  const stream = useGetHighlightStreamUrlQuery(id, { skip: !ready });
  const renewal = useStreamRenewal(id, stream.refetch);
  return {
    highlight: notFound ? null : highlight,
    notFound,
    error: loadError ? { ...loadError, onRetry: () => void query.refetch() } : null,
    // While renewing: none (the player shows it is loading, then starts afresh on the new one).
    streamUrl: ready && !renewal.renewing ? (stream.currentData ?? null) : null,
    streamFailed: ready && !renewal.renewing && stream.isError,
    onPlayerError: renewal.onPlayerError,
    onPlayerLoad: renewal.onPlayerLoad,
    resumeAt: renewal.resumeAt,
  };
}
