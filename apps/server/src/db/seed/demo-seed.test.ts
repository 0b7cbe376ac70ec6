import { BRANDS } from '@app/contracts/brand';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { DatabaseHandle } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { DRAWER_GAME_MENUS, seedDemo } from './demo-seed.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
  await seedDemo(database.db, BRANDS.luckywin);
});
afterAll(async () => database?.close());

async function option(type: number) {
  return database.db
    .selectFrom('cf_global')
    .select(['content', 'translations'])
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
}

describe('the demo seed under the LuckyWin brand', () => {
  it("writes LuckyWin's operator, licence and address into the footer's licence text and the address, in each language", async () => {
    const licence = await option(SYSTEM_OPTION.LICENCE);
    expect(licence.content).toMatch(
      /^LuckyWin is operated by LuckyWin Entertainment Ltd, licensed .* licence No\. 0000YYY \(demo\)\./,
    );
    expect(licence.translations.fr?.content).toMatch(
      /^LuckyWin est exploité par LuckyWin Entertainment Ltd,/,
    );
    expect(licence.translations.pt?.content).toMatch(/^LuckyWin é operado pela LuckyWin Entertainment Ltd,/);

    const address = await option(SYSTEM_OPTION.ADDRESS);
    expect(address.content).toBe(`LuckyWin Entertainment Ltd, ${BRANDS.luckywin.address.en}`);
    expect(address.translations.pt?.content).toBe(
      `LuckyWin Entertainment Ltd, ${BRANDS.luckywin.address.pt}`,
    );
    expect((await option(SYSTEM_OPTION.EMAIL)).content).toBe('support@luckywin.co.ke');
    expect((await option(SYSTEM_OPTION.SOCIAL_LINKS)).content).toContain(
      'https://www.facebook.com/luckywin.ke',
    );
  });

  it("leads the drawer's Crash, Dice and Mines to their games and Slots to its tab on LuckyWin's home, not to /home", async () => {
    const menus = await database.db
      .selectFrom('cf_menu')
      .select(['slug', 'url'])
      .where('slug', 'in', Object.keys(DRAWER_GAME_MENUS))
      .execute();
    const games = await database.db.selectFrom('game').select(['id', 'code']).execute();
    const idOf = (code: string) => games.find((game) => game.code === code)?.id;
    const slots = await database.db
      .selectFrom('game_category')
      .select('id')
      .where('slug', '=', 'slots')
      .executeTakeFirstOrThrow();
    expect(Object.fromEntries(menus.map((menu) => [menu.slug, menu.url]))).toEqual({
      'home2-crash': `/casino/launch/${idOf('crash')}`,
      'home2-slots': `/home?category=${slots.id}`,
      'home2-dice': `/casino/launch/${idOf('dice')}`,
      'home2-mines': `/casino/launch/${idOf('mines')}`,
    });
  });

  it('names no other brand in any text it seeds: options, menus, adverts, content pages', async () => {
    const rows = await Promise.all([
      database.db.selectFrom('cf_global').select(['content', 'translations']).execute(),
      database.db.selectFrom('cf_menu').selectAll().execute(),
      database.db.selectFrom('advert').selectAll().execute(),
      database.db.selectFrom('content_page').selectAll().execute(),
    ]);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/winslots/i);
    expect(text).not.toMatch(/\{(brand|operator|licence|address|domain|handle)\}/);
    expect(text).toContain('LuckyWin');
  });
});

describe('the demo bonuses (SEED_DEMO_BONUSES, set by npm start)', () => {
  const rows = () =>
    database.db
      .selectFrom('promotion_programme')
      .select(['code', 'enabled', 'settings'])
      .orderBy('code')
      .execute();

  it('are left as the programmes default (off) unless asked for', async () => {
    expect((await rows()).map((row) => row.code)).not.toContain('welcome-bonus');
  });

  it('switch the welcome and first-deposit bonus on with their own settings, never over an operator’s', async () => {
    await database.db
      .insertInto('promotion_programme')
      .values({ code: 'first-deposit-bonus', enabled: false, settings: JSON.stringify({ percent: 50 }) })
      .execute();
    await seedDemo(database.db, BRANDS.luckywin, { bonuses: true });
    expect(await rows()).toEqual([
      // The operator switched this one off: the seed leaves it so.
      { code: 'first-deposit-bonus', enabled: false, settings: { percent: 50 } },
      { code: 'welcome-bonus', enabled: true, settings: {} },
    ]);
  });
});
