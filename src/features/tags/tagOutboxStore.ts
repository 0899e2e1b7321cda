import * as v from 'valibot';
import { fullKey, IndexedDbKeys } from '../../app/storage';
import type { CreatedTag } from './tagTypes';

/**
 * The outbox: tags TAG NOW made that the server has not confirmed (waiting) or refused (failed), in IndexedDB
 * under the owner's user id (src/app/userData.ts 'owner-only'). Every change is one idb-keyval `update` —
 * a single read-write transaction — so two tabs writing at once never lose each other's tags. Where the
 * browser refuses IndexedDB (some private modes), a copy in memory keeps the tags for this page's life.
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

const memory = new Map<string, CreatedTag[]>();
/**
 * False once IndexedDB failed a read or a write on this page: from then on the copy in memory is the outbox
 * (reading the database again would forget a tag whose write failed).
 */
let databaseUsable = true;

async function change(userId: string, edit: (kept: CreatedTag[]) => CreatedTag[]): Promise<CreatedTag[]> {
  const next = edit(memory.get(userId) ?? []);
  memory.set(userId, next);
  if (!databaseUsable) return next;
  try {
    let kept: CreatedTag[] = next;
    await (
      await idb()
    ).update(outboxKey(userId), (value) => {
      const result = editStored(value, edit);
      kept = result.kept;
      return result.stored;
    });
    memory.set(userId, kept);
    return kept;
  } catch {
    databaseUsable = false;
    return next;
  }
}

/** The user's kept tags, as stored now (another tab may have sent or added some). */
export async function loadKeptTags(userId: string): Promise<CreatedTag[]> {
  if (!databaseUsable) return memory.get(userId) ?? [];
  try {
    const stored = readKept(await (await idb()).get(outboxKey(userId)));
    memory.set(userId, stored);
    return stored;
  } catch {
    databaseUsable = false;
    return memory.get(userId) ?? [];
  }
}

/** Tests: a fresh page. */
export function resetTagOutboxMemory(): void {
  memory.clear();
  databaseUsable = true;
}

/** Keeps a tag (or its new state), replacing the entry with the same client id. */
export function keepTag(userId: string, tag: CreatedTag): Promise<CreatedTag[]> {
  const entry: CreatedTag = { ...tag, status: tag.status === 'failed' ? 'failed' : 'waiting' };
  return change(userId, (kept) => [...kept.filter((t) => t.clientId !== tag.clientId), entry]);
}

/** Forgets a tag: the server has it, or the user discarded it. */
export function dropTag(userId: string, clientId: string): Promise<CreatedTag[]> {
  return change(userId, (kept) => kept.filter((t) => t.clientId !== clientId));
}

export interface TagOutboxStore {
  load: typeof loadKeptTags;
  keep: typeof keepTag;
  drop: typeof dropTag;
}

export const tagOutboxStore: TagOutboxStore = { load: loadKeptTags, keep: keepTag, drop: dropTag };
