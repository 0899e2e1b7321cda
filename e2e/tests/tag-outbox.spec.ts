/**
 * TAG NOW's outbox across visits (docs/architecture.md "How a tag travels"): tags kept in IndexedDB
 * by an earlier visit go out by themselves when the app is opened again on any page — once, with the tapped
 * time, however many tabs open — and never for another user of the same browser. The kept tags are written
 * the way the app keeps them (idb-keyval's `keyval-store`, key `courtside.tags.<userId>`), so these tests do
 * not depend on the Tag Moments screen; tag-moments.spec.ts goes through it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signIn } from '../support/auth';
import { call, createEventViaApi } from '../support/clips';
import { createVenueViaApi, fromNow, HOUR } from '../support/events';
import { adminToken, readStoredAuth, storedToken } from '../support/session';
import { logOut } from '../support/shell';

const AT = { latitude: 46.8772, longitude: -96.7898 }; // Fargo: no demo venue nearby

interface ServerTag {
  id: string;
  timestamp: string;
  metadata: { description: string | null };
}

async function liveEvent(request: APIRequestContext, token: string) {
  const name = `Outbox ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await createVenueViaApi(request, token, { name: `${name} Rink`, address: '1 Ice Rd', city: 'Fargo', state: 'ND', at: AT });
  return createEventViaApi(request, token, {
    name,
    venue: `${name} Rink`,
    sport: 'Hockey',
    startTime: fromNow(-HOUR),
    endTime: fromNow(HOUR),
  });
}

/** A tag as the app keeps it while it waits to be sent. */
function keptTag(eventId: string, eventName: string, timestamp: string, description: string) {
  return {
    clientId: crypto.randomUUID(),
    serverId: null,
    eventId,
    eventName,
    timezone: 'America/Chicago',
    timestamp,
    description,
    location: null,
    status: 'waiting',
    error: null,
  };
}

/** Writes `tags` into the outbox of `userId` in this origin's IndexedDB (idb-keyval's default store). */
async function keepInBrowser(page: Page, userId: string, tags: unknown[]) {
  await page.evaluate(
    ({ key, value }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(value, key);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { key: `courtside.tags.${userId}`, value: tags },
  );
}

async function keptInBrowser(page: Page, userId: string): Promise<unknown[] | undefined> {
  return page.evaluate(
    (key) =>
      new Promise<unknown[] | undefined>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('keyval').objectStore('keyval').get(key);
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result as unknown[] | undefined);
          };
        };
      }),
    `courtside.tags.${userId}`,
  );
}

const myTags = (request: APIRequestContext, token: string) => call<ServerTag[]>(request, 'GET', '/api/v1/tags?limit=100', token);

test('tags kept by an earlier visit are sent when the app opens again, on any page, once, with their own time', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await adminToken(baseURL!, uniqueEmail('outbox-admin'));
  const event = await liveEvent(page.request, admin);
  await signIn(page, { email: uniqueEmail('outbox') });
  const auth = await readStoredAuth(page);
  const token = await storedToken(page);
  const tapped = [fromNow(-20 * 60_000), fromNow(-19 * 60_000)];
  await keepInBrowser(page, auth!.user.id, [
    keptTag(event.id, event.name, tapped[1]!, 'second'),
    keptTag(event.id, event.name, tapped[0]!, 'first'),
  ]);

  // Two tabs open the app at once, neither on Tag Moments.
  const second = await context.newPage();
  await Promise.all([page.goto('/clips'), second.goto('/event/upcoming')]);
  await expect.poll(async () => (await myTags(page.request, token)).length, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(1500); // time for a second send, were there one
  const tags = await myTags(page.request, token);
  expect(tags).toHaveLength(2);
  // Sent oldest first, each with the time of its tap (newest first in the list).
  expect(tags.map((t) => [t.metadata.description, t.timestamp])).toEqual([
    ['second', tapped[1]],
    ['first', tapped[0]],
  ]);
  await expect.poll(() => keptInBrowser(page, auth!.user.id)).toEqual([]);
});

test("another user of the same browser never sends nor sees someone's kept tags; the author's next sign-in sends them", async ({
  page,
  baseURL,
}) => {
  const admin = await adminToken(baseURL!, uniqueEmail('outbox-admin2'));
  const event = await liveEvent(page.request, admin);
  const authorEmail = uniqueEmail('author');
  await signIn(page, { email: authorEmail });
  const author = await readStoredAuth(page);
  await logOut(page);

  await signIn(page, { email: uniqueEmail('next-user') });
  await keepInBrowser(page, author!.user.id, [keptTag(event.id, event.name, fromNow(-5 * 60_000), 'kept for the author')]);
  const next = await storedToken(page);
  await page.goto('/tags/add');
  await expect(page.getByText('kept for the author')).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(await myTags(page.request, next)).toEqual([]);
  expect(await keptInBrowser(page, author!.user.id)).toHaveLength(1);
  await logOut(page);

  await signIn(page, { email: authorEmail });
  const authorToken = await storedToken(page);
  await expect
    .poll(async () => (await myTags(page.request, authorToken)).map((t) => t.metadata.description), { timeout: 15_000 })
    .toEqual(['kept for the author']);
});
