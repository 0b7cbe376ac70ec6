import { hostname } from 'node:os';
import { logInToBackOffice } from './back-office.ts';
import { expect, test } from './fixtures.ts';

/**
 * The back office's operations screens (issue 26 §7) at 1280 × 800, then on a tablet (768 × 1024): an
 * operator reads the jobs with their schedules and outcomes, the fleet with the server's own instance
 * live and named as the crash game's driver, and the regulator's feed day by day.
 */
test.use({
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  // Before the login the back office's first call is a 401.
  allowConsoleError: /status of 401/,
});

test('an operator reads the jobs, the fleet and the regulator’s feed', async ({ page }, testInfo) => {
  await logInToBackOffice(page);

  // Jobs: every job with its schedule; the summary says whether any is failing now.
  await page.getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
  await expect(page.getByText('Every background job: its schedule in Africa/Nairobi')).toBeVisible();
  const reconcile = page.getByRole('row').filter({ hasText: 'reconcile-deposits' });
  await expect(reconcile).toContainText('every 5 s');
  // A job every 5 s has run by now: its last success is shown.
  await expect(reconcile.getByRole('cell').nth(4)).not.toHaveText('—');
  await expect(page.getByRole('row').filter({ hasText: 'regulator-daily-export' })).toContainText(
    '*/15 * * * *',
  );
  await expect(page.getByRole('status')).toHaveText(/No job is failing now\.|Jobs failing now: \d+/);
  await page.screenshot({ path: testInfo.outputPath('jobs.png') });

  // Fleet: this server is one live instance, named by its host and process id, and it drives the crash game.
  await page.getByRole('link', { name: 'Fleet' }).click();
  await expect(page.getByRole('heading', { name: 'Fleet' })).toBeVisible();
  const own = page.getByRole('row').filter({ hasText: 'Drives the crash game' });
  await expect(own).toHaveCount(1);
  await expect(own).toContainText('Live');
  await expect(own).toContainText(`${hostname()} · `);
  await expect(own).toContainText('web, jobs');
  const name = (await own.locator('strong').innerText()).trim();
  expect(name).toMatch(new RegExp(`^${hostname()}:\\d+$`));
  const driver = page.getByRole('region', { name: 'Crash game driver' });
  await expect(driver).toContainText(`Driven by ${name} since`);
  await expect(page.getByRole('status')).toHaveText(/Live instances: [1-9]/);
  await page.screenshot({ path: testInfo.outputPath('fleet.png') });

  // The regulator's feed: yesterday and the days since the feed's first run, each with its state.
  await page.getByRole('link', { name: 'Regulator’s feed' }).click();
  await expect(page.getByRole('heading', { name: 'Regulator’s feed' })).toBeVisible();
  await expect(page.getByText('Daily files in the ke-gra format')).toBeVisible();
  await expect(page.getByText('sends no acknowledgement back')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live feed' })).toBeVisible();
  const days = page.getByRole('table').locator('tbody tr');
  await expect(days.first()).toContainText(/^\d{4}-\d{2}-\d{2}/);
  expect(await days.count()).toBeLessThanOrEqual(14);
  for (const row of await days.all()) {
    await expect(row).toContainText(/Sent|Sent late|Being produced|Failed|Pending|Overdue/);
  }
  await page.screenshot({ path: testInfo.outputPath('regulator.png') });

  // On a tablet held upright every screen fits its width (a wide table scrolls inside the page).
  await page.setViewportSize({ width: 768, height: 1024 });
  for (const screen of ['Jobs', 'Fleet', 'Regulator’s feed']) {
    await page.getByRole('link', { name: screen }).click();
    await expect(page.getByRole('heading', { name: screen })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  }
});
