import { expect, test } from './fixtures.ts';

const MENU_POSITIONS = [100102, 100104, 130100, 200101];

test('every in-app menu entry opens its own page rather than falling back to home', async ({
  page,
  request,
}) => {
  const targets = new Set<string>();
  for (const position of MENU_POSITIONS) {
    const answer = await request.get(`/api/config-service/cfMenu/queryByPosition?position=${position}`);
    const { data } = (await answer.json()) as { data: { url: string }[] };
    for (const item of data) if (item.url.startsWith('/') && item.url !== '/home') targets.add(item.url);
  }
  expect(targets.size).toBeGreaterThan(5);
  // A whole page load for each entry (about twenty): on a busy machine each can take several seconds.
  test.setTimeout(targets.size * 10_000);
  for (const target of targets) {
    await page.goto(target);
    // A page that needs login asks first (the route guard); either way the address is the menu's own.
    await expect(page, target).toHaveURL(target);
  }
});

test('the licence page shows the operator licence text', async ({ page, request }) => {
  const answer = await request.get('/api/config-service/cfGlobal/queryGlobalByType?type=4006');
  const { data } = (await answer.json()) as { data: { content: string }[] };
  await page.goto('/me/settings/license');
  await expect(page.getByTestId('licence-text')).toContainText(data[0]!.content.slice(0, 40));
});
