/**
 * Event discovery: Current & Upcoming, Nearby Events, Nearby Locations and the Recent Events
 * picker against the real local API, at desktop and 390 px. Venues are made in rural Nevada, far from every
 * seeded stadium, one spot per test, so each test sees only its own venues near its device; the venues are
 * on Pacific time and the browser on Chicago time, so each time names its zone.
 */
import { tmpdir } from 'node:os';
import { DateTime } from 'luxon';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test, testWithOwnServer, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, uploadClipViaApi } from '../support/clips';
import { createVenueViaApi, DAY, expectedMiles, fromNow, HOUR, milesNorthOf, type Point, type Venue } from '../support/events';
import { adminToken, storedToken } from '../support/session';
import { goViaMenu, logOut } from '../support/shell';
import { makeClip } from '../support/videos';

/** Devices of the tests: each far (> 60 miles) from the others. */
const ELY_NV: Point = { latitude: 39.2533, longitude: -114.8742 };
const EUREKA_NV: Point = { latitude: 40.5, longitude: -116.0 };
const TONOPAH_NV: Point = { latitude: 38.0672, longitude: -117.2301 };

const PACIFIC_TIME = /P[DS]T/;
/** docs/product/part-2.md §8 "Geolocation": what a refused location says. */
const DENIED = 'Location access denied. Please enable location permissions.';

async function allowLocation(context: BrowserContext, at: Point) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ ...at, accuracy: 10 });
}

/** A name nobody else's test uses (the servers are shared by the tests of a worker). */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * An event at `venue` (found by its unique name) starting `startInMs` from now (negative: in the past), lasting
 * `lengthMs`; null: no end time, so it counts as 3 hours long.
 */
function eventAt(
  request: APIRequestContext,
  token: string,
  venue: Venue,
  label: string,
  startInMs: number,
  lengthMs: number | null = 2 * HOUR,
) {
  return createEventViaApi(request, token, {
    name: unique(label),
    venue: venue.name,
    sport: 'Soccer',
    startTime: fromNow(startInMs),
    endTime: lengthMs === null ? null : fromNow(startInMs + lengthMs),
  });
}

async function expectHeading(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('Discovery', () => {
  test('an admin on the road: Current & Upcoming, then Nearby Events and Nearby Locations from the menu, with the location granted @phone', async ({
    page,
    context,
    baseURL,
    request,
    isMobile,
  }) => {
    const token = await adminToken(baseURL!, uniqueEmail('discovery-admin'));
    const ely = await createVenueViaApi(request, token, {
      name: unique('Ely Sports Park'),
      address: '1 Park Ave',
      city: 'Ely',
      state: 'NV',
      at: ELY_NV,
    });
    const atEly = (label: string, startInMs: number, lengthMs?: number | null) =>
      eventAt(request, token, ely, label, startInMs, lengthMs);
    const live = await atEly('Live game', -30 * 60_000, null);
    const soon = await atEly('Game in two days', 2 * DAY);
    const later = await atEly('Game in ten days', 10 * DAY);
    const past = await atEly('Game last week', -7 * DAY);

    const nearAt = milesNorthOf(EUREKA_NV, 3.2);
    const near = await createVenueViaApi(request, token, {
      name: unique('Eureka Fields'),
      address: '10 Main St, Eureka, NV 89316',
      city: 'Eureka',
      state: 'NV',
      at: nearAt,
    });
    const far = await createVenueViaApi(request, token, {
      name: unique('Far Fields'),
      address: '99 Desert Rd',
      city: 'Nowhere',
      state: 'NV',
      at: milesNorthOf(EUREKA_NV, 40.2),
    });
    // Started 20 minutes ago, or at the venue's midnight if that is later: Nearby Events lists only events that
    // start today at the venue (docs/decisions.md), so a run just after midnight Pacific must not start it yesterday.
    const sinceVenueMidnight = Date.now() - DateTime.now().setZone('America/Los_Angeles').startOf('day').toMillis();
    const nearLive = await eventAt(request, token, near, 'Near live game', -Math.min(20 * 60_000, sinceVenueMidnight), null);
    const nearSoon = await eventAt(request, token, near, 'Near game tomorrow', DAY);
    const nearPast = await eventAt(request, token, near, 'Near game last week', -7 * DAY);
    const farSoon = await eventAt(request, token, far, 'Far game tomorrow', DAY);

    await allowLocation(context, EUREKA_NV);
    // A deep link, with no navigation state.
    await signInAs(page, { email: uniqueEmail('discovery-viewer'), admin: true, path: '/event/upcoming' });

    await test.step('Current & Upcoming: live events first with the LIVE badge, then the next 7 days; not later, not past', async () => {
      await expectHeading(page, 'Current & Upcoming Events');
      const liveItem = page.getByRole('list', { name: 'Live now' }).getByRole('listitem').filter({ hasText: live.name });
      await expect(liveItem).toContainText('LIVE');
      await expect(liveItem).toContainText(PACIFIC_TIME);
      const soonItem = page.getByRole('list', { name: 'Next 7 days' }).getByRole('listitem').filter({ hasText: soon.name });
      await expect(soonItem).toBeVisible();
      await expect(soonItem).not.toContainText('LIVE');
      await expect(soonItem).toContainText(PACIFIC_TIME);
      await expect(page.getByText(later.name)).toHaveCount(0);
      await expect(page.getByText(past.name)).toHaveCount(0);
      // Live comes first on the page.
      const liveTop = (await liveItem.boundingBox())!.y;
      const soonTop = (await soonItem.boundingBox())!.y;
      expect(liveTop).toBeLessThan(soonTop);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('Nearby Events: events within 25 miles from today on, with distances', async () => {
      await goViaMenu(page, isMobile, 'Nearby Events', '/event/nearest');
      await expectHeading(page, 'Nearby Events');
      const list = page.getByRole('list', { name: 'Events near you' });
      const liveItem = list.getByRole('listitem').filter({ hasText: nearLive.name });
      await expect(liveItem).toContainText('LIVE');
      await expect(liveItem).toContainText(`${expectedMiles(EUREKA_NV, nearAt)} away`);
      await expect(liveItem).toContainText('3.2 mi away');
      await expect(list.getByRole('listitem').filter({ hasText: nearSoon.name })).toContainText('3.2 mi away');
      await expect(page.getByText(farSoon.name)).toHaveCount(0);
      await expect(page.getByText(nearPast.name)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('Nearby Locations: venues within 25 miles with name, address and distance', async () => {
      await goViaMenu(page, isMobile, 'Nearby Locations', '/location/nearest');
      await expectHeading(page, 'Nearby Locations');
      const list = page.getByRole('list', { name: 'Venues near you' });
      const item = list.getByRole('listitem').filter({ hasText: near.name });
      await expect(item).toContainText('10 Main St, Eureka, NV 89316');
      await expect(item).toContainText(expectedMiles(EUREKA_NV, nearAt));
      await expect(item).toContainText('3.2 mi');
      await expect(page.getByText(far.name)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // A deep link, with no navigation state, shows the same.
      await page.goto('/location/nearest');
      await expect(list.getByRole('listitem').filter({ hasText: near.name })).toBeVisible();
    });
  });

  test('with the location denied: the message and Try Again, which works once it is allowed', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const token = await adminToken(baseURL!, uniqueEmail('denied-admin'));
    const venue = await createVenueViaApi(request, token, {
      name: unique('Tonopah Courts'),
      address: '5 Court St',
      city: 'Tonopah',
      state: 'NV',
      at: milesNorthOf(TONOPAH_NV, 1.5),
    });
    const event = await eventAt(request, token, venue, 'Tonopah game', DAY);

    // No permission granted: the browser refuses the location.
    await signInAs(page, { email: uniqueEmail('denied-viewer'), path: '/event/nearest' });
    await expectHeading(page, 'Nearby Events');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(DENIED);
    const tryAgain = alert.getByRole('button', { name: 'Try Again' });
    await expect(tryAgain).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Still refused: Try Again asks again and says so again.
    await tryAgain.click();
    await expect(alert).toContainText(DENIED);
    await expect(tryAgain).toBeVisible();

    // Once allowed, the events come (the app may notice the permission by itself; else Try Again asks).
    await allowLocation(context, TONOPAH_NV);
    if (await tryAgain.isVisible()) await tryAgain.click({ timeout: 2_000 }).catch(() => undefined);
    const list = page.getByRole('list', { name: 'Events near you' });
    await expect(list).toContainText(event.name);
    await expect(list).toContainText('1.5 mi away');
  });
});

// A server of its own: the default view depends on whether there are recent events at all.
testWithOwnServer.describe('Recent Events picker', () => {
  testWithOwnServer(
    "'All Events' by default without content of one's own; 'With My Content' once the user has a clip, though others' events are recent too @phone",
    async ({ page, baseURL, request }) => {
      // A server of its own to start, a real video to make and upload, two users, several screens.
      testWithOwnServer.slow();
      const admin = await adminToken(baseURL!, uniqueEmail('recent-admin'));
      const venue = await createVenueViaApi(request, admin, {
        name: unique('Ely Gym'),
        address: '2 Gym Rd',
        city: 'Ely',
        state: 'NV',
        at: ELY_NV,
      });
      const mine = await eventAt(request, admin, venue, 'My team game', -HOUR);
      const nextWeek = await eventAt(request, admin, venue, 'Next week game', 7 * DAY);

      // A user with no clips or tags, while there are recent events: 'All Events' (docs/product/part-2.md §4).
      await signInAs(page, { email: uniqueEmail('recent-newcomer'), path: '/event/recent' });
      await expectHeading(page, 'Recent Events');
      await expect(page.getByRole('radio', { name: 'All Events' })).toBeChecked();
      const newcomerList = page.getByRole('list', { name: 'All Events' });
      await expect(newcomerList.getByRole('link', { name: new RegExp(mine.name) })).toBeVisible();
      await expect(page.getByText(nextWeek.name)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await logOut(page);

      // A user who uploaded a clip to a recent event: 'With My Content'.
      await signInAs(page, { email: uniqueEmail('recent-parent') });
      const video = makeClip(mkdtempSync(path.join(tmpdir(), 'courtside-recent-')), 'game.mp4');
      await uploadClipViaApi(request, await storedToken(page), video, { eventId: mine.id });

      await page.goto('/event/recent');
      await expectHeading(page, 'Recent Events');
      await expect(page.getByRole('radio', { name: 'With My Content' })).toBeChecked();
      const myList = page.getByRole('list', { name: 'With My Content' });
      const myItem = myList.getByRole('link', { name: new RegExp(mine.name) });
      await expect(myItem).toContainText('1 clip');
      await expect(myItem).toHaveAttribute('href', `/clips/event/${mine.id}`);
      await expectNoSeriousA11yViolations(page);

      // Someone else's game starts being recent; the user asks for all events.
      const other = await eventAt(request, admin, venue, 'Other team game', -2 * HOUR);
      await page.getByRole('radio', { name: 'All Events' }).check();
      await expect(page).toHaveURL(/\?show=all$/);
      const allList = page.getByRole('list', { name: 'All Events' });
      await expect(allList).toContainText(other.name);
      await expect(allList).toContainText(mine.name);
      await expectNoSeriousA11yViolations(page);

      // Opened afresh, the default is detected again: the user has content at a recent event, so 'With My
      // Content', though all recent events now outnumber the user's.
      await page.goto('/event/recent');
      await expect(page.getByRole('radio', { name: 'With My Content' })).toBeChecked();
      await expect(page.getByRole('list', { name: 'With My Content' })).toContainText(mine.name);
      await expect(page.getByText(other.name)).toHaveCount(0);

      // The clips link leads to the event's clips.
      await page.getByRole('link', { name: new RegExp(mine.name) }).click();
      await page.waitForURL((url) => url.pathname === `/clips/event/${mine.id}`);

      // In the highlights context, an event leads to highlight creation for it.
      await page.goto('/highlights/create');
      await expectHeading(page, 'Create Highlight');
      await expect(page.getByRole('radio', { name: 'With My Content' })).toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('radio', { name: 'All Events' }).check();
      await page.getByRole('link', { name: new RegExp(other.name) }).click();
      await page.waitForURL((url) => url.pathname === `/highlights/create/${other.id}`);
    },
  );
});
