import { dropTag, keepTag, loadKeptTags, readKept, resetTagOutboxMemory } from './tagOutboxStore';
import { createdTag } from '../../../test/data/tagTestData';

const db = new Map<string, unknown>();
let broken = false;
let writesFail = false;
/** The idb-keyval chunk does not load (a flaky network); a module is loaded again after jest.resetModules(). */
let chunkFails = false;

jest.mock('idb-keyval', () => {
  if (chunkFails) throw new Error('Loading chunk idb-keyval failed');
  return {
    get: async (key: string) => {
      if (broken) throw new Error('IndexedDB refused');
      return db.get(key);
    },
    update: async (key: string, edit: (value: unknown) => unknown) => {
      if (broken || writesFail) throw new Error('IndexedDB refused');
      db.set(key, edit(db.get(key)));
    },
  };
});

beforeEach(() => {
  db.clear();
  broken = false;
  writesFail = false;
  chunkFails = false;
  resetTagOutboxMemory();
});

const ids = (tags: Array<{ clientId: string }>) => tags.map((t) => t.clientId);

describe('the tag outbox in IndexedDB', () => {
  it('keeps tags under their owner, waiting, and forgets them', async () => {
    await keepTag('u-1', createdTag({ clientId: 'a', status: 'sending' }));
    await keepTag('u-1', createdTag({ clientId: 'b', status: 'failed', error: 'Event not found' }));
    expect([...db.keys()]).toEqual(['courtside.tags.u-1']);
    expect(await loadKeptTags('u-1')).toEqual([
      createdTag({ clientId: 'a', status: 'waiting' }),
      createdTag({ clientId: 'b', status: 'failed', error: 'Event not found' }),
    ]);
    expect(await loadKeptTags('u-2')).toEqual([]);
    await dropTag('u-1', 'a');
    expect((await loadKeptTags('u-1')).map((t) => t.clientId)).toEqual(['b']);
  });

  it('keeping a tag again replaces it', async () => {
    await keepTag('u-1', createdTag({ clientId: 'a' }));
    await keepTag('u-1', createdTag({ clientId: 'a', status: 'failed', error: 'No' }));
    expect(await loadKeptTags('u-1')).toEqual([createdTag({ clientId: 'a', status: 'failed', error: 'No' })]);
  });

  it('leaves out corrupted entries and keeps the others', () => {
    const good = createdTag({ status: 'waiting' });
    expect(readKept([good, { clientId: 'x' }, null, { ...good, timestamp: 'yesterday' }, 'junk'])).toEqual([good]);
    expect(readKept('not a list')).toEqual([]);
    expect(readKept(undefined)).toEqual([]);
  });

  it('where IndexedDB is refused, keeps the tags in memory for the page’s life', async () => {
    broken = true;
    await keepTag('u-3', createdTag({ clientId: 'm' }));
    expect((await loadKeptTags('u-3')).map((t) => t.clientId)).toEqual(['m']);
    await dropTag('u-3', 'm');
    expect(await loadKeptTags('u-3')).toEqual([]);
  });

  it('a write that fails (a full disk) loses nothing: the page keeps its copy and reads it from then on', async () => {
    await keepTag('u-4', createdTag({ clientId: 'a' }));
    writesFail = true;
    await keepTag('u-4', createdTag({ clientId: 'b' }));
    expect((await loadKeptTags('u-4')).map((t) => t.clientId)).toEqual(['a', 'b']);
  });

  it('keeps entries it cannot read when it writes (a newer version wrote them)', async () => {
    const future = { clientId: 'f', status: 'queued-v2' };
    db.set('courtside.tags.u-5', [future]);
    await keepTag('u-5', createdTag({ clientId: 'a' }));
    expect(db.get('courtside.tags.u-5')).toEqual([future, createdTag({ clientId: 'a', status: 'waiting' })]);
    await dropTag('u-5', 'a');
    expect(db.get('courtside.tags.u-5')).toEqual([future]);
  });

  it('one refused read or write does not give up on IndexedDB: the next call writes what the page kept', async () => {
    broken = true;
    await keepTag('u-6', createdTag({ clientId: 'a' }));
    expect(ids(await loadKeptTags('u-6'))).toEqual(['a']);
    broken = false;
    await keepTag('u-6', createdTag({ clientId: 'b' }));
    expect(ids(readKept(db.get('courtside.tags.u-6')))).toEqual(['a', 'b']);
    expect(ids(await loadKeptTags('u-6'))).toEqual(['a', 'b']);
  });

  it('what the page changed meanwhile goes over what other tabs stored: neither is lost', async () => {
    await keepTag('u-7', createdTag({ clientId: 'sent-here' }));
    await keepTag('u-7', createdTag({ clientId: 'sent-there' }));
    writesFail = true;
    await keepTag('u-7', createdTag({ clientId: 'a' }));
    await dropTag('u-7', 'sent-here');
    expect(ids(await loadKeptTags('u-7'))).toEqual(['sent-there', 'a']);
    // Another tab sent one and kept a new one in the meantime.
    db.set('courtside.tags.u-7', [
      createdTag({ clientId: 'sent-here', status: 'waiting' }),
      createdTag({ clientId: 'b', status: 'waiting' }),
    ]);
    writesFail = false;
    expect(ids(await loadKeptTags('u-7'))).toEqual(['b', 'a']);
    expect(ids(readKept(db.get('courtside.tags.u-7')))).toEqual(['b', 'a']);
    expect(await loadKeptTags('u-8')).toEqual([]); // still per owner
  });

  it('a chunk that did not load is loaded again at the next call, which writes the tags kept meanwhile', async () => {
    jest.resetModules();
    chunkFails = true;
    const page = await import('./tagOutboxStore');
    await page.keepTag('u-9', createdTag({ clientId: 'a' }));
    expect(db.size).toBe(0);
    expect(ids(await page.loadKeptTags('u-9'))).toEqual(['a']);
    chunkFails = false;
    await page.keepTag('u-9', createdTag({ clientId: 'b' }));
    expect(ids(readKept(db.get('courtside.tags.u-9')))).toEqual(['a', 'b']);
  });
});
