import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PromotionPageTable } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type PromotionPageRow = Selectable<PromotionPageTable>;
export type PromotionPageValues = Omit<Insertable<PromotionPageTable>, 'id' | 'updated_at'>;

export async function findEnabledPage(db: Db, id: number): Promise<PromotionPageRow | undefined> {
  return db
    .selectFrom('promotion_page')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export async function findPageForUpdate(db: Db, id: number): Promise<PromotionPageRow | undefined> {
  return db.selectFrom('promotion_page').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listPages(db: Db): Promise<PromotionPageRow[]> {
  return db.selectFrom('promotion_page').selectAll().orderBy('sort').orderBy('id').execute();
}

/** Undefined when the slug is taken: the unique key decides, not a read before the write. */
export async function insertPage(db: Db, values: PromotionPageValues): Promise<PromotionPageRow | undefined> {
  return db
    .insertInto('promotion_page')
    .values(values)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function slugTakenByAnother(db: Db, slug: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('promotion_page')
    .select('id')
    .where('slug', '=', slug)
    .where('id', '!=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePage(db: Db, id: number, values: PromotionPageValues): Promise<PromotionPageRow> {
  return db
    .updateTable('promotion_page')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
