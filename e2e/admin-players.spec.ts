import { DEMO_STAFF } from '@app/contracts/demo-staff';
import { API_BASE, PAYMENT_PATHS } from '@app/contracts/paths';
import { logInToBackOffice } from './back-office.ts';
import { expect, test } from './fixtures.ts';
import { fundedMember } from './game-play.ts';

/**
 * The back office's Players, complete (issue 26 §2), on a desktop at 1280 × 800 and a tablet at
 * 768 × 1024: an operator finds a player from the M-Pesa receipt of a deposit they made through the M-Pesa
 * simulator, reads the 360 view's tabs, writes a note and a tag, and takes the actions with a reason.
 */
test.use({
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  allowConsoleError: /status of 401/,
});

test('an operator finds a player from an M-Pesa receipt, reads the 360 view, notes, tags and acts', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const player = await fundedMember(page, request, 500_00);
  const records = await request.get(`${API_BASE}${PAYMENT_PATHS.depositRecords}`, {
    headers: { token: player.token },
  });
  const [deposit] = (await records.json()).data as { receipt: string | null; transNo: string }[];
  const receipt = deposit?.receipt;
  expect(receipt, 'the paid deposit’s M-Pesa receipt').toBeTruthy();

  // The operator works in a browser of their own (the player's phone keeps its login).
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await desk.newPage();
  await logInToBackOffice(admin);
  await admin.getByRole('link', { name: 'Players' }).click();
  const searchbox = admin.getByRole('searchbox', { name: 'Mobile, member id or name' });
  await searchbox.fill(receipt!);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row').filter({ hasText: player.mobile });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: player.mobile }).click();
  await expect(
    admin.getByRole('heading', { name: new RegExp(`Player \\d+ · ${player.mobile}`) }),
  ).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Balances' })).toBeVisible();

  // The 360 view's tabs, each read from the server (and recorded there) when it opens.
  await admin.getByRole('tab', { name: 'Ledger' }).click();
  await expect(admin.getByRole('tabpanel').getByRole('cell', { name: 'deposit' }).first()).toBeVisible();
  await expect(admin.getByText(/Page 1 of 1/)).toBeVisible();
  await admin.screenshot({ path: testInfo.outputPath('player-ledger.png') });
  await admin.getByRole('tab', { name: 'Game rounds' }).click();
  await expect(admin.getByText('None yet.')).toBeVisible();
  await admin.getByRole('tab', { name: 'Sessions and devices' }).click();
  await expect(admin.getByRole('cell', { name: 'Live' }).first()).toBeVisible();
  await admin.getByRole('tab', { name: 'Bonuses' }).click();
  await expect(admin.getByText(/Page 1 of/)).toBeVisible();

  // A note and a tag, each with who wrote it.
  await admin.getByRole('tab', { name: 'Notes and tags' }).click();
  await admin.getByLabel('Note', { exact: true }).fill('Asked about a late deposit');
  await admin.getByRole('button', { name: 'Add a note' }).click();
  await expect(admin.getByText('Asked about a late deposit')).toBeVisible();
  await expect(admin.getByText(new RegExp(`^By ${DEMO_STAFF.login}, `))).toBeVisible();
  await admin.getByLabel('New tag').fill('call-back');
  await admin.getByRole('button', { name: 'Add the tag' }).click();
  await expect(admin.getByRole('button', { name: 'Remove call-back' })).toBeVisible();

  // End every session: the player's phone is logged out.
  await admin.getByRole('tab', { name: 'Actions' }).click();
  await expect(admin.getByText('Live sessions: 1')).toBeVisible();
  const endSessions = admin.getByRole('form', { name: 'End all sessions' });
  await endSessions
    .getByLabel('Reason (kept in the audit log)')
    .fill('Lost phone, called from another number');
  await endSessions.getByRole('button', { name: 'End all sessions' }).click();
  await expect(admin.getByText('Live sessions: 0')).toBeVisible();
  await expect(admin.getByRole('status')).toHaveText('Done. It is recorded in the audit log.');

  // Disable, then enable, with reasons.
  const disable = admin.getByRole('form', { name: 'Disable the account' });
  await disable.getByLabel('Reason (kept in the audit log)').fill('Fraud check on a deposit');
  await disable.getByRole('button', { name: 'Disable the account' }).click();
  await expect(admin.getByText(/Disabled since .*: Fraud check on a deposit/)).toBeVisible();
  const enable = admin.getByRole('form', { name: 'Enable the account' });
  await enable.getByLabel('Reason (kept in the audit log)').fill('Deposit checked, all in order');
  await enable.getByRole('button', { name: 'Enable the account' }).click();
  await expect(admin.getByText('Enabled', { exact: true })).toBeVisible();

  // The audit tab lists what was done to this player, by whom.
  await admin.getByRole('tab', { name: 'Audit' }).click();
  const audit = admin.getByRole('tabpanel');
  for (const action of [
    'player.enable',
    'player.disable',
    'player.end-sessions',
    'player.tags',
    'player.note',
  ])
    await expect(audit.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();

  // Usable on a tablet held upright: nothing wider than the screen.
  await admin.setViewportSize({ width: 768, height: 1024 });
  await admin.getByRole('tab', { name: 'Ledger' }).click();
  await expect(admin.getByRole('tabpanel').getByRole('cell', { name: 'deposit' }).first()).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await desk.close();
});
