import type { ApiFailure } from '../../../api/apiErrors';
import { usePagedList as useSharedPagedList, type InfiniteResult } from '../../../api/usePagedList';
import type { PagedList as BasePagedList } from '../../../components/PagedListView';
import { clipsLoadError } from '../model/clipListMessages';
import type { ClipPage, EventClipsPage, MyClipsPage } from '../model/clipPaging';
import type { Clip } from '../../../domain/clip';
import type { ClipEvent } from '../api/clipSchemas';
import {
  useGetEventClipsInfiniteQuery,
  useGetMyClipEventsInfiniteQuery,
  useGetUnassociatedClipsInfiniteQuery,
} from '../api/clipsApi';

/** A clip list as its screen shows it (src/components/PagedListView.tsx), and why it failed. */
export type PagedList<T> = BasePagedList<T> & { failure: ApiFailure | null };

const usePagedList = <P, T extends { id: string }>(result: InfiniteResult<P>, itemsOf: (page: P) => T[]) =>
  useSharedPagedList(result, itemsOf, clipsLoadError);

const eventsOf = (page: MyClipsPage) => page.events;
const clipsOf = (page: ClipPage) => page.clips;

/** My Clips: the events with the user's clip counts, and how many clips have no event. */
export function useMyClipEvents(): PagedList<ClipEvent> & { unassociatedCount: number } {
  const result = useGetMyClipEventsInfiniteQuery();
  const list = usePagedList(result, eventsOf);
  return { ...list, unassociatedCount: result.data?.pages[0]?.unassociatedClipsCount ?? 0 };
}

/** One event's clips (12 a page), the event as the API describes it, and the total. */
export function useEventClips(eventId: string): PagedList<Clip> & { event: ClipEvent | null; total: number | null } {
  const result = useGetEventClipsInfiniteQuery(eventId);
  const list = usePagedList<EventClipsPage, Clip>(result, clipsOf);
  const first = result.data?.pages[0];
  return { ...list, event: first?.event ?? null, total: first?.pagination.total ?? null };
}

/** The clips without an event, newest first (12 a page), and their total. */
export function useUnassociatedClips(): PagedList<Clip> & { total: number | null } {
  const result = useGetUnassociatedClipsInfiniteQuery();
  const list = usePagedList(result, clipsOf);
  return { ...list, total: result.data?.pages[0]?.pagination.total ?? null };
}
