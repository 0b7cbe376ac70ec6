import { fillBrand, type Brand } from '@app/contracts/brand';
import { LANGUAGES, type Language } from '@app/contracts/config';
import { sql, type Kysely } from 'kysely';
import { findRemovedSlugs } from '../../modules/platform/config/config.repository.ts';
import type { Database } from '../schema.ts';
import {
  ADVERTS as SEED_ADVERTS,
  CONTENT_PAGES as SEED_PAGES,
  FAQS,
  MENUS as SEED_MENUS,
  PROMOTION_PAGES as SEED_PROMOTION_PAGES,
  SYSTEM_OPTIONS as SEED_OPTIONS,
} from './demo-content.ts';
import { EXCHANGE_OPTIONS, PAY_CHANNELS, PAY_ITEMS } from './demo-payments.ts';
import { seedDemoGames } from './demo-games.ts';
import { seedDemoMall } from './demo-mall.ts';

/**
 * The seed's rows with the brand's name, operator, licence, address and addresses written into their
 * texts: each text in its own language (a row's `translations.fr` in French).
 */
function branded<T>(value: T, brand: Brand, language: Language = 'en'): T {
  if (typeof value === 'string') return fillBrand(value, brand, language) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => branded(item, brand, language)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      key === 'translations' && field !== null && typeof field === 'object'
        ? Object.fromEntries(
            Object.entries(field).map(([lang, text]) => [
              lang,
              branded(
                text,
                brand,
                (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : language,
              ),
            ]),
          )
        : branded(field, brand, language),
    ]),
  ) as T;
}

/**
 * Inserts the demo content where it is missing, written for the brand the server runs as. Idempotent, and
 * never overwrites: a row the operator has edited keeps the operator's text on every later start (and a
 * database seeded under one brand keeps that brand's texts under another: delete ./data).
 */
export async function seedDemo(
  db: Kysely<Database>,
  brand: Brand,
  options: { bonuses?: boolean } = {},
): Promise<void> {
  if (options.bonuses) await switchOnDemoBonuses(db);
  const SYSTEM_OPTIONS = branded(SEED_OPTIONS, brand);
  const CONTENT_PAGES = branded(SEED_PAGES, brand);
  const ADVERTS = branded(SEED_ADVERTS, brand);
  const MENUS = branded(SEED_MENUS, brand);
  await db.transaction().execute(async (trx) => {
    // What an operator removed stays removed (content_removal): only the rows never there are added.
    // (Each list keeps a row the app relies on, which cannot be removed, so none is ever empty.)
    const removedMenus = await findRemovedSlugs(trx, 'cf_menu');
    const removedAdverts = await findRemovedSlugs(trx, 'advert');
    const removedFaqs = await findRemovedSlugs(trx, 'cf_faq');
    await trx
      .insertInto('cf_global')
      .values(
        SYSTEM_OPTIONS.map((option, index) => ({
          ...option,
          sort: index,
          translations: option.translations ?? {},
        })),
      )
      .onConflict((oc) => oc.columns(['type', 'name', 'platform']).doNothing())
      .execute();
    await trx
      .insertInto('cf_menu')
      .values(
        MENUS.filter((menu) => !removedMenus.has(menu.slug)).map((menu) => ({
          ...menu,
          content: menu.content ?? '',
          translations: menu.translations ?? {},
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    await trx
      .insertInto('advert')
      .values(
        ADVERTS.filter((advert) => !removedAdverts.has(advert.slug)).map((advert) => ({
          ...advert,
          content: advert.content ?? '',
          translations: advert.translations ?? {},
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    // Fixed ids, so the promotion images can lead to them; on any conflict (the id or the slug taken by
    // an operator's page) the operator's row stays. The sequence then moves past the seeded ids.
    await trx
      .insertInto('promotion_page')
      .values(branded(SEED_PROMOTION_PAGES, brand).map(({ tags: _tags, ...page }) => page))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await sql`select setval(pg_get_serial_sequence('promotion_page', 'id'), greatest((select max(id) from promotion_page), 1))`.execute(
      trx,
    );
    await trx
      .insertInto('cf_faq')
      .values(FAQS.filter((faq) => !removedFaqs.has(faq.slug)))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    await trx
      .insertInto('content_page')
      .values(CONTENT_PAGES)
      .onConflict((oc) => oc.column('type').doNothing())
      .execute();
    await trx
      .insertInto('pay_channel')
      .values(PAY_CHANNELS)
      .onConflict((oc) => oc.columns(['direction', 'channel_code']).doNothing())
      .execute();
    // Packages and exchange options have no natural key: seeded only into an empty table, so an operator
    // who removed one does not see it come back.
    const hasPayItems = await trx.selectFrom('pay_item').select('id').limit(1).executeTakeFirst();
    if (!hasPayItems) await trx.insertInto('pay_item').values(PAY_ITEMS).execute();
    const hasExchange = await trx.selectFrom('exchange_option').select('id').limit(1).executeTakeFirst();
    if (!hasExchange) await trx.insertInto('exchange_option').values(EXCHANGE_OPTIONS).execute();
    await seedDemoGames(trx);
    await linkDrawerGameMenus(trx, brand);
    await seedDemoMall(trx);
  });
}

/**
 * The drawer's game entries (Crash, Slots, Dice, Mines), seeded as `/home` because a game's or category's
 * id exists only once the games are in: led here to the game itself, or to the category's list (its own
 * page on WinSlots, its tab on LuckyWin's home, which has no category page). Only a row still at `/home`
 * is changed, so an operator's own address stays, and a database seeded before gets its links too.
 */
export const DRAWER_GAME_MENUS: Record<string, { game: string } | { category: string }> = {
  'home2-crash': { game: 'crash' },
  'home2-slots': { category: 'slots' },
  'home2-dice': { game: 'dice' },
  'home2-mines': { game: 'mines' },
};

async function linkDrawerGameMenus(db: Kysely<Database>, brand: Brand): Promise<void> {
  const [games, categories] = await Promise.all([
    db.selectFrom('game').select(['id', 'code']).execute(),
    db.selectFrom('game_category').select(['id', 'slug']).execute(),
  ]);
  for (const [slug, target] of Object.entries(DRAWER_GAME_MENUS)) {
    let url: string | undefined;
    if ('game' in target) {
      const game = games.find((candidate) => candidate.code === target.game);
      if (game) url = `/casino/launch/${game.id}`;
    } else {
      const category = categories.find((candidate) => candidate.slug === target.category);
      if (category)
        url =
          brand.theme === 'winslots' ? `/categories/${category.id}/games` : `/home?category=${category.id}`;
    }
    if (url)
      await db
        .updateTable('cf_menu')
        .set({ url })
        .where('slug', '=', slug)
        .where('url', '=', '/home')
        .execute();
  }
}

/**
 * The welcome and first-deposit bonus switched on for a demo (`SEED_DEMO_BONUSES`, set by `npm start`), on
 * their own default settings (an empty settings object reads the programme's defaults). Only where no
 * operator has set them: an existing row is never overwritten.
 */
async function switchOnDemoBonuses(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('promotion_programme')
    .values(['welcome-bonus', 'first-deposit-bonus'].map((code) => ({ code, enabled: true, settings: '{}' })))
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
}
