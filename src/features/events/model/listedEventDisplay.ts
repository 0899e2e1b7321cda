import type { ListedEvent } from './listedEvent';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 clips · 1 tag": the user's own content at the event; empty when there is none. */
export function formatEventContent(event: Pick<ListedEvent, 'clipCount' | 'tagCount'>): string {
  return [
    event.clipCount > 0 ? plural(event.clipCount, 'clip', 'clips') : '',
    event.tagCount > 0 ? plural(event.tagCount, 'tag', 'tags') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
