import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { ADVERTS, CONTENT_PAGES, FAQS, MENUS, SYSTEM_OPTIONS } from './demo-content.ts';

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
  });
}
