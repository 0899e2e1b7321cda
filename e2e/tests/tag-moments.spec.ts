/**
 * Tag Moments (docs/product/part-2.md §2, §4, §5) against the real local API, at desktop and 390 px:
 * a new user with the location granted at a venue finds the event LIVE there (by text and in the nearby list),
 * taps TAG NOW, and the tags reach the API once each — online, and made offline then sent when back online.
 * The venues are in rural Utah, far from every seeded stadium and from the other specs' venues; each test makes
 * its own, with a unique name.
 */
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test, testWithOwnServer, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { call, createEventViaApi, type CreatedEvent } from '../support/clips';
import { createVenueViaApi, expectedMiles, fromNow, HOUR, milesNorthOf, type Point } from '../support/events';
import { adminToken, advanceTo, MINUTE, pageNow, storedToken } from '../support/session';

/** Devices of the tests: each far (> 60 miles) from the other and from every other spec's venues. */
const DELTA_UT: Point = { latitude: 39.352, longitude: -112.5772 };
const BEAVER_UT: Point = { latitude: 38.2769, longitude: -112.6411 };
const KANAB_UT: Point = { latitude: 37.0475, longitude: -112.5263 };

/** What the API lists of the caller's tags (docs/api.md "Tags"). */
interface ListedTag {
  id: string;
  timestamp: string;
  event: { id: string };
  metadata: { description: string | null };
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function allowLocation(context: BrowserContext, at: Point) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ ...at, accuracy: 10 });
}

/**
 * A venue `milesAway` north of `device` with an event LIVE there now: started 20 minutes ago, ending `endsInMs` from
 * now (by default 2 hours long).
 */
async function liveEventNear(
  request: APIRequestContext,
  token: string,
  device: Point,
  milesAway: number,
  label: string,
  endsInMs = 2 * HOUR - 20 * 60_000,
): Promise<{ event: CreatedEvent; venueAt: Point }> {
  const venueAt = milesNorthOf(device, milesAway);
  const venue = await createVenueViaApi(request, token, {
    name: unique(`${label} Park`),
    address: '1 Main St',
    city: label,
    state: 'UT',
    at: venueAt,
  });
  const event = await createEventViaApi(request, token, {
    name: unique(`${label} live game`),
    venue: venue.name,
    sport: 'Soccer',
    startTime: fromNow(-20 * 60_000),
    endTime: fromNow(endsInMs),
  });
  return { event, venueAt };
}

/** A new user at /tags/add with the location known. */
async function openTagMoments(page: Page) {
  await signInAs(page, { email: uniqueEmail('tagger'), path: '/tags/add' });
  await expect(page.getByRole('heading', { level: 1, name: 'Tag Moments' })).toBeVisible();
  await expect(page.getByText('Tag important moments during live events')).toBeVisible();
  await expect(page.getByRole('button', { name: /Location Status/ })).toContainText('Enabled');
}

/** Picks `eventName` from the nearby list: TAG NOW is for it then. */
async function pickNearby(page: Page, eventName: string) {
  await page
    .getByRole('list', { name: 'Live events near you' })
    .getByRole('listitem')
    .filter({ hasText: eventName })
    .getByRole('button')
    .click();
  await expect(page.getByText(`Tagging for: ${eventName}`)).toBeVisible();
}

const tagNowButton = (page: Page) => page.getByRole('button', { name: /^(TAG NOW|Creating Tag\.\.\.)$/ });

/** TAG NOW is big, in view without scrolling and not under the mobile bottom bar. */
async function expectTagNowInReach(page: Page, button: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = (await button.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.height).toBeGreaterThanOrEqual(64);
  expect(box.width).toBeGreaterThanOrEqual(Math.min(300, viewport.width - 48));
  // The bottom bar (56 px) is shown under 768 px; nothing of the button may sit under it.
  const covered = viewport.width < 768 ? 56 : 0;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height - covered);
  const topmost = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(topmost, 'TAG NOW is not covered by anything').toBe(true);
}

async function tagsOf(request: APIRequestContext, token: string): Promise<ListedTag[]> {
  return call<ListedTag[]>(request, 'GET', '/api/v1/tags?limit=100', token);
}

test.describe('Tag Moments', () => {
  test('finds the live event by text and nearby, tags twice, both sent once @phone', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    // Two searches, two taps and the sends' confirmations: past the default limit on a busy 2-core machine.
    test.setTimeout(90_000);
    const admin = await adminToken(baseURL!, uniqueEmail('tags-admin'));
    const { event, venueAt } = await liveEventNear(request, admin, DELTA_UT, 1.5, 'Delta');
    await allowLocation(context, DELTA_UT);
    await openTagMoments(page);

    // Nothing chosen yet: the hint says what to do, there is no TAG NOW.
    await expect(page.getByText('Select an event and enable location to start tagging')).toBeVisible();
    await expect(tagNowButton(page)).toHaveCount(0);

    // The nearby list (needs the location) has the event, with its distance.
    const nearby = page.getByRole('list', { name: 'Live events near you' });
    const nearbyItem = nearby.getByRole('listitem').filter({ hasText: event.name });
    await expect(nearbyItem).toContainText(expectedMiles(DELTA_UT, venueAt));

    // The text search finds it too; Search waits for a text.
    const search = page.getByRole('searchbox', { name: 'Event search' });
    await expect(search).toHaveAttribute('placeholder', 'Search for events...');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await search.fill(event.name);
    await search.press('Enter');
    const results = page.getByRole('list', { name: 'Search results' });
    const found = results.getByRole('listitem').filter({ hasText: event.name });
    await expect(found).toContainText('1.5 mi');
    await expectNoSeriousA11yViolations(page);
    await found.getByRole('button').click();

    // Chosen: the panel closes to the event, TAG NOW is in reach.
    await expect(page.getByRole('button', { name: 'Select Current Event' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('group', { name: 'Selected event' })).toContainText(event.name);
    await expect(page.getByText(`Tagging for: ${event.name}`)).toBeVisible();
    const tagNow = tagNowButton(page);
    await expectTagNowInReach(page, tagNow);

    const token = await storedToken(page);
    const before = Date.now();
    await tagNow.click();
    const description = page.getByRole('textbox', { name: 'Description (optional)' });
    await expect(description).toHaveAttribute('placeholder', 'Brief description of the moment...');
    await description.fill('Goal by #9');
    await tagNow.click();
    const after = Date.now();
    await expect(description).toHaveValue('');

    await expect(page.getByRole('heading', { name: 'Created Tags (2)' })).toBeVisible();
    const rows = page.getByRole('list', { name: 'Created Tags (2)' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.and(page.locator('[data-status="sent"]'))).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Goal by #9');
    await expect(rows.nth(0)).toContainText('Sent');
    await expect(rows.nth(1)).toContainText('Sent');
    await expect(tagNow).toHaveText('TAG NOW');
    await expectNoSeriousA11yViolations(page);

    // The API has each tag once, at the tapped time, with the description given.
    const tags = await tagsOf(request, token);
    expect(tags).toHaveLength(2);
    expect(tags.map((t) => t.event.id)).toEqual([event.id, event.id]);
    expect(tags.map((t) => t.metadata.description)).toEqual(['Goal by #9', null]);
    for (const t of tags) {
      expect(Date.parse(t.timestamp)).toBeGreaterThanOrEqual(before - 2_000);
      expect(Date.parse(t.timestamp)).toBeLessThanOrEqual(after + 2_000);
    }
  });

  test('a tag made offline waits on the device and is sent once when the connection returns', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const admin = await adminToken(baseURL!, uniqueEmail('tags-offline-admin'));
    const { event } = await liveEventNear(request, admin, BEAVER_UT, 0.8, 'Beaver');
    await allowLocation(context, BEAVER_UT);
    await openTagMoments(page);
    const token = await storedToken(page);

    await pickNearby(page, event.name);

    await context.setOffline(true);
    const before = Date.now();
    await page.getByRole('textbox', { name: 'Description (optional)' }).fill('Offline save');
    await tagNowButton(page).click();
    const tappedBy = Date.now();

    const row = page.getByRole('list', { name: 'Created Tags (1)' }).getByRole('listitem');
    await expect(row).toHaveAttribute('data-status', 'waiting');
    await expect(row).toContainText('Waiting to send');
    await expect(row).toContainText('Offline save');
    const shownAt = await row.locator('time').getAttribute('datetime');
    expect(Date.parse(shownAt!)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(shownAt!)).toBeLessThanOrEqual(tappedBy + 2_000);
    await expectNoSeriousA11yViolations(page);

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tag Moments' })).toBeVisible();

    // Sent once, at the tapped time (not the time it was sent).
    await expect.poll(async () => (await tagsOf(request, token)).length, { timeout: 15_000 }).toBe(1);
    await expect(page.locator('[data-status="waiting"], [data-status="sending"]')).toHaveCount(0);
    const [tag] = await tagsOf(request, token);
    expect(tag!.event.id).toBe(event.id);
    expect(tag!.metadata.description).toBe('Offline save');
    expect(Date.parse(tag!.timestamp)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(tag!.timestamp)).toBeLessThanOrEqual(tappedBy + 2_000);
    // Exactly the time the waiting tag was listed with.
    expect(tag!.timestamp).toBe(shownAt);
  });
});

/**
 * A server of its own whose tokens last 4 hours: the page's clock is moved an hour on, and the app reads the server's
 * time from its token's iat (docs/session.md), so a refresh meanwhile would bring the app's server time back to now.
 */
testWithOwnServer.describe('Tag Moments after the chosen event ends', () => {
  testWithOwnServer.use({ ownServerOptions: { tokenTtlSeconds: 4 * 3600 } });

  testWithOwnServer(
    'an hour after the chosen event ends the choice goes: the notice names it, the panel opens, TAG NOW waits for a new pick',
    async ({ page, context, baseURL, request }) => {
      testWithOwnServer.setTimeout(120_000);
      await page.clock.install({ time: Date.now() });
      const admin = await adminToken(baseURL!, uniqueEmail('tags-ended-admin'));
      const { event } = await liveEventNear(request, admin, KANAB_UT, 0.5, 'Kanab', 2 * MINUTE);
      await allowLocation(context, KANAB_UT);
      await openTagMoments(page);
      await pickNearby(page, event.name);

      // The game runs into overtime: 50 minutes after its end time it is still the one tagged for.
      const endsAt = Date.parse(event.endTime!);
      await advanceTo(page, endsAt + 50 * MINUTE, { activeIn: [page] });
      await expect(page.getByText(`Tagging for: ${event.name}`)).toBeVisible();
      await expect(tagNowButton(page)).toBeVisible();

      // An hour after it: the choice is gone, and the screen says why.
      await advanceTo(page, endsAt + 61 * MINUTE, { activeIn: [page] });
      const notice = page.getByRole('alert').filter({ hasText: 'has ended' });
      await expect(notice).toHaveText(`${event.name} has ended. Select a current event to keep tagging.`);
      await expect(tagNowButton(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Select Current Event' })).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText('Select an event and enable location to start tagging')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect(await pageNow(page)).toBeGreaterThan(endsAt + 60 * MINUTE);

      await notice.getByRole('button', { name: 'Close' }).click();
      await expect(notice).toHaveCount(0);
    },
  );
});
