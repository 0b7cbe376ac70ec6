import { readFile } from 'node:fs/promises';
import { logInToBackOffice as logIn } from './back-office.ts';
import { expect, test } from './fixtures.ts';

/**
 * The back office's Reports (issue 26 §6) on a desktop at 1280 × 800: the demo staff member opens the
 * report, reads the NGR formula, sees the chart and the table, groups by game and downloads the CSV.
 */
// The browser's calendar is the market's, so "the last 90 days" ends on the market's today.
test.use({
  viewport: { width: 1280, height: 800 },
  timezoneId: 'Africa/Nairobi',
  isMobile: false,
  hasTouch: false,
  allowConsoleError: /status of 401/,
});

test('an operator opens the reports, reads the NGR formula and exports a CSV', async ({ page }, testInfo) => {
  await logIn(page);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();

  // The formula is stated on the page, with the figures and a chart of them.
  await expect(page.getByText('NGR = GGR − bonus cost.', { exact: false })).toBeVisible();
  await expect(page.getByText('GGR = stakes − wins.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('img', { name: /GGR per day/ })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'NGR' })).toBeVisible();
  // 90 days up to today, today computed live, and the total line.
  await expect(table.locator('tbody tr')).toHaveCount(90);
  await expect(table.locator('tbody tr').last()).toContainText('live');
  await expect(table.locator('tfoot')).toContainText('Total');
  await page.screenshot({ path: testInfo.outputPath('reports.png') });

  // Grouped by game: one row per game played in the period, or nothing to show.
  await page.getByLabel('Grouping').selectOption('game');
  await expect(
    page.getByRole('columnheader', { name: 'Provider' }).or(page.getByText('Nothing in this period.')),
  ).toBeVisible();

  await page.getByLabel('Grouping').selectOption('day');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^revenue-by-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'day,currency,bets,stakes,refunds,bonus_stakes,wins,ggr,bonus_cost,ngr,deposit_count,deposits,' +
      'withdrawal_count,withdrawals,deposit_excise,withdrawal_tax,registrations,first_deposit_count,first_deposits',
  );
  // Every day of the period and the total, amounts in major units with the currency.
  expect(lines).toHaveLength(1 + 90 + 1);
  expect(lines.at(-1)).toMatch(/^total,KES,\d+,-?\d+\.\d{2},/);

  // The menu is usable on a tablet held upright, and the wide table scrolls inside the page.
  await page.setViewportSize({ width: 768, height: 1024 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
});
