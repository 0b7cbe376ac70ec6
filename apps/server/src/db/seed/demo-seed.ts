import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { ADVERTS, CONTENT_PAGES, FAQS, MENUS, SYSTEM_OPTIONS } from './demo-content.ts';
import { EXCHANGE_OPTIONS, PAY_CHANNELS, PAY_ITEMS } from './demo-payments.ts';
import { seedDemoGames } from './demo-games.ts';

/**
 * Inserts the demo content where it is missing. Idempotent, and never overwrites: a row the operator
 * has edited keeps the operator's text on every later start.
 */
export async function seedDemo(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
        MENUS.map((menu) => ({
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
        ADVERTS.map((advert) => ({
          ...advert,
          content: advert.content ?? '',
          translations: advert.translations ?? {},
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    await trx
      .insertInto('cf_faq')
      .values(FAQS)
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
  });
}
