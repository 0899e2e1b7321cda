/**
 * Every list reaches its end, against the real local API: Create Highlight's event picker pages a season of events
 * ('Load More Events'), finds one by name, and Back returns to the same search. What the empty discovery lists offer
 * each role is proven by their screens' Jest tests (CurrentUpcomingScreen, NearbyEventsScreen, NearbyLocationsScreen).
 */
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signInAs, signInOverHttp } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, type CreatedEvent } from '../support/clips';
import { DAY, fromNow, HOUR } from '../support/events';
import { adminToken } from '../support/session';
import { createTagViaApi } from '../support/tags';

test.describe('Create Highlight reaches every event', () => {
  test('a season of 25 events: 20 shown, Load More Events reaches the oldest, a search finds one', async ({
    page,
    baseURL,
    request,
  }) => {
    test.slow();
    const admin = await adminToken(baseURL!, uniqueEmail('season-admin'));
    const email = uniqueEmail('season-coach');
    const coach = await signInOverHttp(request, email);
    const season = `Season${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const events: CreatedEvent[] = [];
    for (let i = 1; i <= 25; i++) {
      const start = -i * DAY;
      const event = await createEventViaApi(request, admin, {
        name: `${season} Game ${i}`,
        venue: 'Wrigley',
        startTime: fromNow(start),
        endTime: fromNow(start + 2 * HOUR),
      });
      // A tag of the coach's makes the event theirs ('With My Content').
      await createTagViaApi(request, coach.token, { eventId: event.id, timestamp: fromNow(start + HOUR) });
      events.push(event);
    }

    await signInAs(page, { email, path: '/highlights/create' });
    await expect(page.getByRole('heading', { level: 1, name: 'Create Highlight' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'With My Content' })).toBeChecked();
    const list = page.getByRole('list', { name: 'With My Content' });
    await expect(list.getByRole('link')).toHaveCount(20);
    await expect(list).toContainText(`${season} Game 1`);
    await expect(list.getByText(`${season} Game 25`)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Load More Events' }).click();
    await expect(list.getByRole('link')).toHaveCount(25);
    await expect(list).toContainText(`${season} Game 25`);
    await expect(page.getByRole('button', { name: 'Load More Events' })).toHaveCount(0);

    // An old game found by its name, and the highlight started from it.
    const searchBox = page.getByRole('searchbox', { name: 'Search events' });
    await searchBox.fill(`${season} game 17`);
    await searchBox.press('Enter');
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(list.getByRole('link')).toHaveCount(1);
    await list.getByRole('link', { name: new RegExp(`${season} Game 17`) }).click();
    await page.waitForURL((url) => url.pathname === `/highlights/create/${events[16]!.id}`);

    // Back returns to the same search; nothing found offers to clear it.
    await page.goBack();
    await expect(searchBox).toHaveValue(`${season} game 17`);
    await searchBox.fill(`${season} cup`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(`No recent events match “${season} cup”.`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    // The whole season again, as far as it was loaded.
    await expect(list.getByRole('link')).toHaveCount(25);
    await expect(searchBox).toHaveValue('');
  });
});
