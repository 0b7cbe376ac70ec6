import { Secret, TOTP } from 'otpauth';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import type { StaffListEntry } from '@app/contracts/staff';
import { logInToBackOffice } from './back-office.ts';
import { expect, test } from './fixtures.ts';

/**
 * Operations in the back office (issue 26 §7) at 1280 × 800: the demo administrator makes a staff member
 * (whose authenticator secret is shown once, and works), changes their role, disables them with a reason,
 * finds the role change in the audit log with its before and after, and verifies the chain; then, on a
 * tablet held upright, the staff list still fits and its buttons are within reach.
 */
test.use({
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  // The back office's first call asks who is logged in: before the login, the answer is a 401.
  allowConsoleError: /status of 401/,
});

test('an administrator makes a staff member, changes a role, reads it in the audit log and verifies the chain', async ({
  page,
  request,
}, testInfo) => {
  await logInToBackOffice(page);
  await page.getByRole('link', { name: 'Staff and roles' }).click();
  await expect(page.getByRole('heading', { name: 'Staff and roles', level: 1 })).toBeVisible();

  // Which role may do what, as the server answers it.
  const matrix = page.getByRole('table', { name: 'Which role may do what' });
  const manage = matrix.getByRole('row').filter({ hasText: 'staff.manage' });
  await expect(manage.getByLabel('Granted', { exact: true })).toHaveCount(1);
  await expect(manage.getByLabel('Not granted', { exact: true })).toHaveCount(3);

  const login = `cashier-${Date.now().toString(36)}`;
  const password = 'cashier password 2026';
  const form = page.getByRole('form', { name: 'New staff member' });
  await form.getByLabel('Login').fill(login);
  await form.getByLabel('Name').fill('Amina Otieno');
  await form.getByLabel('Initial password').fill(password);
  await form.getByLabel('Viewer').check();
  await form.getByRole('button', { name: 'Create' }).click();

  // The authenticator secret, this once.
  const enrolment = page.getByRole('region', { name: `Authenticator for ${login}` });
  await expect(enrolment).toContainText('shown now and never again');
  const secret = (await enrolment.locator('code.secret').first().innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(enrolment.locator('code.secret').last()).toContainText(`secret=${secret}`);
  await enrolment.getByRole('button', { name: 'Handed over: hide it' }).click();
  await expect(enrolment).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: login });
  await expect(row).toContainText('Amina Otieno');
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText('Not yet');
  await expect(row).toContainText('Never');

  // They log in with it (apart from this browser's session): the list shows it set up, and when.
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const loggedIn = await request.post(`${API_BASE}${ADMIN_PATHS.login}`, {
    data: { login, password, code: totp.generate() },
  });
  expect((await loggedIn.json()).code).toBe(0);
  await page.reload();
  await expect(row).toContainText('Set up');
  await expect(row).not.toContainText('Never');

  // Viewer → Payments.
  await row.getByRole('button', { name: `Change the roles of ${login}` }).click();
  const roles = page.getByRole('form', { name: `Roles of ${login}` });
  await expect(roles.getByLabel('Viewer')).toBeChecked();
  await roles.getByLabel('Viewer').uncheck();
  await roles.getByLabel('Payments').check();
  await roles.getByRole('button', { name: 'Save the roles' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `The roles of ${login} are changed: they apply from their next action.`,
  );
  await expect(row).toContainText('Payments');
  await expect(row).not.toContainText('Viewer');
  // Their own row offers no Disable: the server refuses it too (1108).
  const own = page.getByRole('row').filter({ hasText: 'demo-admin' });
  await expect(own.getByRole('button', { name: /^Disable/ })).toHaveCount(0);
  await page.getByRole('heading', { name: 'Staff members' }).evaluate((heading) => heading.scrollIntoView());
  await page.screenshot({ path: testInfo.outputPath('staff.png') });

  // Disabled with a reason.
  await row.getByRole('button', { name: `Disable ${login}` }).click();
  const disable = page.getByRole('form', { name: `Disable ${login}` });
  await disable.getByLabel('Reason').fill('Moved to another branch');
  await disable.getByRole('button', { name: 'Confirm disabling' }).click();
  await expect(page.getByRole('status')).toHaveText(`${login} is disabled and logged out.`);
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button', { name: `Enable ${login}` })).toBeVisible();

  // The audit log: the role change about this staff member, before and after.
  const staff = (await (await page.request.get(`${API_BASE}${ADMIN_PATHS.staff}`)).json())
    .data as StaffListEntry[];
  const id = staff.find((each) => each.login === login)?.id;
  expect(id).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Target (kind:id)').fill(`staff:${id}`);
  await filters.getByRole('button', { name: 'Show' }).click();
  const entries = page.locator('.audit-table > tbody > tr');
  // Newest first: disabled, the role change, their login, the creation.
  await expect(entries).toHaveCount(4);
  await expect(entries.locator(':scope > td:nth-child(4)')).toHaveText([
    'staff.disable',
    'staff.roles',
    'staff.login',
    'staff.create',
  ]);
  const change = entries.nth(1);
  await expect(change).toContainText('demo-admin');
  const rolesLine = change
    .locator('tr.changed')
    .filter({ has: page.getByRole('rowheader', { name: 'roles', exact: true }) });
  await expect(rolesLine.locator('td')).toHaveText(['viewer', 'payments']);
  await expect(entries.first()).toContainText('Moved to another branch');

  await filters.getByLabel('Action').fill('staff.roles');
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(entries).toHaveCount(1);
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByRole('status')).toHaveText(
    /^Intact: [\d,]+ entries checked, each follows from the one before\.$/,
  );
  await page.screenshot({ path: testInfo.outputPath('audit.png') });
});

test('on a tablet held upright the staff list fits and its buttons are within reach', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await logInToBackOffice(page);
  await page.getByRole('link', { name: 'Staff and roles' }).click();
  await expect(page.getByRole('heading', { name: 'Staff and roles', level: 1 })).toBeVisible();
  const own = page.getByRole('row').filter({ hasText: 'demo-admin' });
  await expect(own).toContainText('Administrator');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  const button = own.getByRole('button', { name: 'Change the roles of demo-admin' });
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(768);
  await button.click();
  await expect(page.getByRole('form', { name: 'Roles of demo-admin' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
});
