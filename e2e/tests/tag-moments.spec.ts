/**
 * Tag Moments (docs/product/part-2.md §2, §4, §5) against the real local API, at desktop and 390 px:
 * a new user with the location granted at a venue finds the event LIVE there (by text and in the nearby list),
 * taps TAG NOW, and the tags reach the API once each. A tag made offline is sent once when back online in
 * demo.spec.ts; what the outbox and the chosen event do over time is proven by src/features/tags/tagOutboxSaga.test.ts,
 * tagChoiceSaga.test.ts and TagMomentsScreen.test.tsx. The venue is in rural Utah, far from every seeded stadium and
 * from the other specs' venues, with a unique name.
 */
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { call, createEventViaApi, type CreatedEvent } from '../support/clips';
import { createVenueViaApi, expectedMiles, fromNow, HOUR, milesNorthOf, type Point } from '../support/events';
import { adminToken, storedToken } from '../support/session';

/** The device: far (> 60 miles) from every other spec's venues. */
const DELTA_UT: Point = { latitude: 39.352, longitude: -112.5772 };

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
});
