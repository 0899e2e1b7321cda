import { MATCH_WINDOW_SECONDS } from '../../../app/product';
import type { Clip } from '../../../domain/clip';
import type { Tag } from '../../../domain/tag';

/**
 * What Highlight creation shows (docs/product/part-2.md §2 "Highlight creation", §9), as plain data: the tag sections
 * with their clips, the additional clips, and the rows the virtualized list draws. Pure.
 */

/** §2: the part of the uploader's e-mail before the @, or 'Unknown user'. */
export function uploaderName(email: string | null | undefined): string {
  const name = email?.split('@')[0]?.trim();
  return name ? name : 'Unknown user';
}

/** §2: columns by screen width — 1 below 768 px, 3 from 768, 4 from 1024, 5 from 1280. */
export function columnsForWidth(width: number): number {
  if (width >= 1280) return 5;
  if (width >= 1024) return 4;
  if (width >= 768) return 3;
  return 1;
}

export const NO_CLIPS_NEAR_TAG = `No clips found within ${MATCH_WINDOW_SECONDS} seconds of this tag`;
/** 'Tags shown: n', or 'Tags shown: n of total' while the event has more of the caller's tags than are loaded. */
export const tagsShownText = (count: number, total: number | null = null) =>
  total !== null && total > count ? `Tags shown: ${count} of ${total}` : `Tags shown: ${count}`;
export const additionalClipsText = (shown: number, total: number) =>
  `Showing ${shown} of ${total} additional clips (excluding clips shown in tags)`;

/** A clip card of the list: under a tag it says where the moment falls (offset = tag time − clip start). */
export interface ClipSlot {
  clip: Clip;
  offsetSeconds: number | null;
}

export interface TagSection {
  /** 1-based, in time order: 'Tag 1', 'Tag 2', … */
  number: number;
  tag: Tag;
}

/** The tags as loaded: how many the caller has at the event (when known), and the next page's state. */
export interface TagsListing {
  total: number | null;
  /** A page after the first on its way, or failed ('Failed to load more tags.' with Retry). */
  paging: 'idle' | 'loading' | 'failed';
}

export type HighlightRow =
  | { kind: 'tag'; key: string; section: TagSection }
  | { kind: 'tagEmpty'; key: string; tag: Tag }
  | { kind: 'cards'; key: string; slots: ClipSlot[] }
  | { kind: 'tagsPaging'; key: string; state: 'loading' | 'failed' }
  | { kind: 'tagsShown'; key: string; count: number; total: number | null }
  | { kind: 'additional'; key: string; shown: number; total: number };

const byTime = (a: { recordedAt: string; id: string }, b: { recordedAt: string; id: string }) =>
  Date.parse(a.recordedAt) - Date.parse(b.recordedAt) || a.id.localeCompare(b.id);

/** The tags in time order, numbered. */
export function tagSections(tags: readonly Tag[]): TagSection[] {
  return [...tags]
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id.localeCompare(b.id))
    .map((tag, i) => ({ number: i + 1, tag }));
}

/**
 * The loaded pages' tags, each once: a tag sent meanwhile moves the later pages' offsets, so a tag can come on two
 * pages until the refetch its sending causes.
 */
export function loadedTags(pages: ReadonlyArray<{ tags: readonly Tag[] }>): readonly Tag[] {
  if (pages.length === 1) return pages[0]!.tags;
  const byId = new Map<string, Tag>();
  for (const page of pages) for (const tag of page.tags) if (!byId.has(tag.id)) byId.set(tag.id, tag);
  return [...byId.values()];
}

/** The caller's clips and every user's, each once (the caller's are among every user's), in recording order. */
export function mergeClips(...lists: ReadonlyArray<readonly Clip[]>): Clip[] {
  const byId = new Map<string, Clip>();
  for (const list of lists) for (const clip of list) if (!byId.has(clip.id)) byId.set(clip.id, clip);
  return [...byId.values()].sort(byTime);
}

/** The ids of the clips shown under a tag. */
export function taggedClipIds(tags: readonly Tag[]): Set<string> {
  return new Set(tags.flatMap((tag) => tag.clips.map((clip) => clip.id)));
}

/** §9: the 'Additional Clips' are sorted by time and exclude those already shown under a tag. */
export function additionalClips(clips: readonly Clip[], tagged: ReadonlySet<string>): Clip[] {
  return clips.filter((clip) => !tagged.has(clip.id)).sort(byTime);
}

function cardRows(prefix: string, slots: ClipSlot[], columns: number): HighlightRow[] {
  const rows: HighlightRow[] = [];
  for (let i = 0; i < slots.length; i += columns) {
    rows.push({ kind: 'cards', key: `${prefix}:${i}`, slots: slots.slice(i, i + columns) });
  }
  return rows;
}

/**
 * The list as rows of at most `columns` cards, so only the rows on screen are drawn: each tag's title and its clips
 * (or the no-clips text), the next page of tags loading or failed, the 'Tags shown' line (not when the tags failed
 * to load: `tags` null), then the additional clips shown so far.
 */
export function highlightRows(
  sections: readonly TagSection[],
  additional: readonly Clip[],
  additionalTotal: number,
  columns: number,
  tags: TagsListing | null = { total: null, paging: 'idle' },
): HighlightRow[] {
  const rows: HighlightRow[] = [];
  for (const section of sections) {
    rows.push({ kind: 'tag', key: `tag:${section.tag.id}`, section });
    if (section.tag.clips.length === 0) rows.push({ kind: 'tagEmpty', key: `empty:${section.tag.id}`, tag: section.tag });
    else {
      const slots = section.tag.clips.map((clip) => ({ clip, offsetSeconds: clip.offsetSeconds }));
      rows.push(...cardRows(`tag:${section.tag.id}`, slots, columns));
    }
  }
  if (tags && tags.paging !== 'idle') rows.push({ kind: 'tagsPaging', key: 'tags-paging', state: tags.paging });
  if (tags) rows.push({ kind: 'tagsShown', key: 'tags-shown', count: sections.length, total: tags.total });
  rows.push({ kind: 'additional', key: 'additional', shown: additional.length, total: additionalTotal });
  rows.push(
    ...cardRows(
      'additional',
      additional.map((clip) => ({ clip, offsetSeconds: null })),
      columns,
    ),
  );
  return rows;
}

/** §4: "Tag infinite scroll triggers at about 67% of the page" — here, of the loaded tags' rows. */
export const TAG_PAGING_AT = 2 / 3;

/**
 * The row whose rendering asks for the next page of tags: two thirds into the loaded tags' rows (the tags come first
 * in the list, so a page of them must be asked before their end, not at the list's bottom).
 */
export function tagPagingIndex(rows: readonly HighlightRow[]): number {
  const end = rows.findIndex((row) => row.kind === 'tagsPaging' || row.kind === 'tagsShown' || row.kind === 'additional');
  return Math.floor((end < 0 ? rows.length : end) * TAG_PAGING_AT);
}

/** §4 "Clip list paging": the next page is asked when the bottom is within one clip row's height. */
export function isNearBottom(position: { scrollTop: number; viewportHeight: number; documentHeight: number }, rowHeight: number) {
  return position.documentHeight - (position.scrollTop + position.viewportHeight) <= Math.max(rowHeight, 1);
}
