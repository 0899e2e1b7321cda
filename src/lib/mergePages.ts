/**
 * The items of the loaded pages in order, each once. Pages are offsets into a list that can change
 * between two loads (a clip uploaded meanwhile shifts the newest-first list by one), so the next page
 * may repeat the end of the previous one.
 */
export function mergePages<T extends { id: string }>(pages: ReadonlyArray<readonly T[]>): T[] {
  const seen = new Set<string>();
  const merged: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      merged.push(item);
    }
  }
  return merged;
}
