import * as v from 'valibot';
import { fullKey, IndexedDbKeys } from '../../../app/storage';
import type { CreatedTag } from './tagTypes';

/**
 * The outbox: tags TAG NOW made that the server has not confirmed (waiting) or refused (failed), in IndexedDB
 * under the owner's user id (src/app/userData.ts 'owner-only'). Every change is one idb-keyval `update` —
 * a single read-write transaction — so two tabs writing at once never lose each other's tags. Where the
 * browser refuses IndexedDB (some private modes), or a read or write fails, a copy in memory keeps the tags, and
 * later calls try the database again (sync).
 */

const idb = () => import(/* webpackChunkName: "idb-keyval" */ 'idb-keyval');

const outboxKey = (userId: string) => `${fullKey(IndexedDbKeys.tagOutbox)}${userId}`;

const point = v.object({ latitude: v.number(), longitude: v.number() });
const keptTagSchema = v.object({
  clientId: v.pipe(v.string(), v.minLength(1)),
  serverId: v.nullable(v.string()),
  eventId: v.pipe(v.string(), v.minLength(1)),
  eventName: v.string(),
  timezone: v.string(),
  timestamp: v.pipe(v.string(), v.isoTimestamp()),
  description: v.nullable(v.string()),
  location: v.nullable(point),
  status: v.picklist(['waiting', 'failed']),
  error: v.nullable(v.string()),
});

/** The entries that are tags; a corrupted one (an old version, a broken write) is left out, the others kept. */
export function readKept(value: unknown): CreatedTag[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = v.safeParse(keptTagSchema, entry);
    return parsed.success ? [parsed.output] : [];
  });
}

/**
 * One edit of the stored list. Entries this version cannot read stay as they are (a tab of a newer version may
 * have written them): only readable ones are edited, nothing is dropped for being unreadable.
 */
function editStored(value: unknown, edit: (kept: CreatedTag[]) => CreatedTag[]): { stored: unknown[]; kept: CreatedTag[] } {
  const raw: unknown[] = Array.isArray(value) ? value : [];
  const unreadable = raw.filter((entry) => !v.is(keptTagSchema, entry));
  const kept = edit(readKept(raw));
  return { stored: [...unreadable, ...kept], kept };
}

/** Per user: what the database held at the last read or write that worked. */
const stored = new Map<string, CreatedTag[]>();
/**
 * Per user, by client id: changes the database does not have yet (a write failed), the tag's new state or null
 * for a dropped one. Each later call writes them again over what is stored then, so neither this page's tags nor
 * other tabs' changes are lost; meanwhile they live in this page's memory only.
 */
const unsaved = new Map<string, Map<string, CreatedTag | null>>();

function applyChanges(kept: CreatedTag[], changes: ReadonlyMap<string, CreatedTag | null> | undefined): CreatedTag[] {
  if (!changes?.size) return kept;
  const next = kept.filter((t) => !changes.has(t.clientId));
  for (const tag of changes.values()) if (tag) next.push(tag);
  return next;
}

/** The outbox as this page knows it: the stored list with the changes not written yet. */
const inMemory = (userId: string) => applyChanges(stored.get(userId) ?? [], unsaved.get(userId));

/**
 * Reads the stored list, or writes the unsaved changes over it (one idb-keyval `update`). A failure (the chunk did
 * not load, IndexedDB refused) leaves the changes unsaved, and the next call tries again: nothing gives up on the
 * database for good. idb() imports again on each call, so a failed chunk load is not kept either.
 */
async function sync(userId: string): Promise<CreatedTag[]> {
  try {
    const { get, update } = await idb();
    const changes = unsaved.get(userId);
    if (changes?.size) {
      let written = new Map<string, CreatedTag | null>();
      let kept: CreatedTag[] = [];
      await update(outboxKey(userId), (value) => {
        written = new Map(changes);
        const result = editStored(value, (current) => applyChanges(current, written));
        kept = result.kept;
        return result.stored;
      });
      // A change made while this write was on its way stays for the next one.
      for (const [clientId, tag] of written) if (changes.get(clientId) === tag) changes.delete(clientId);
      stored.set(userId, kept);
    } else {
      stored.set(userId, readKept(await get(outboxKey(userId))));
    }
  } catch {
    // Kept in this page's memory; written at the next call.
  }
  return inMemory(userId);
}

function change(userId: string, clientId: string, tag: CreatedTag | null): Promise<CreatedTag[]> {
  const changes = unsaved.get(userId) ?? new Map<string, CreatedTag | null>();
  // Re-inserted so the map's order is the order of the latest changes (a kept tag goes last, as it is stored).
  changes.delete(clientId);
  changes.set(clientId, tag);
  unsaved.set(userId, changes);
  return sync(userId);
}

/** The user's kept tags, as stored now (another tab may have sent or added some), with this page's unsaved ones. */
export function loadKeptTags(userId: string): Promise<CreatedTag[]> {
  return sync(userId);
}

/** Tests: a fresh page. */
export function resetTagOutboxMemory(): void {
  stored.clear();
  unsaved.clear();
}

/** Keeps a tag (or its new state), replacing the entry with the same client id. */
export function keepTag(userId: string, tag: CreatedTag): Promise<CreatedTag[]> {
  return change(userId, tag.clientId, { ...tag, status: tag.status === 'failed' ? 'failed' : 'waiting' });
}

/** Forgets a tag: the server has it, or the user discarded it. */
export function dropTag(userId: string, clientId: string): Promise<CreatedTag[]> {
  return change(userId, clientId, null);
}

export interface TagOutboxStore {
  load: typeof loadKeptTags;
  keep: typeof keepTag;
  drop: typeof dropTag;
}

export const tagOutboxStore: TagOutboxStore = { load: loadKeptTags, keep: keepTag, drop: dropTag };
