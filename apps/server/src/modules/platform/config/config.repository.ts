import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type {
  AdvertRow,
  CfFaqRow,
  CfGlobalRow,
  CfMenuRow,
  ContentPageRow,
  Database,
} from '../../../db/schema.ts';
import type { RemovableContentTable } from './config.tables.ts';

type Db = Kysely<Database>;

export function findSystemOptions(
  db: Db,
  filter: { platform: number; type?: number },
): Promise<CfGlobalRow[]> {
  let query = db.selectFrom('cf_global').selectAll().where('platform', 'in', [0, filter.platform]);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  return query.orderBy('type').orderBy('sort').orderBy('id').execute();
}

/**
 * The fee each enabled withdraw channel charges, in the order the withdraw page lists them: what option 100
 * states (contracts/rule-texts.ts). Read here, below the payments layer, as the options' own fact.
 */
export function findWithdrawFees(db: Db) {
  return db
    .selectFrom('pay_channel')
    .select(['channel_code', 'withdraw_fee_type', 'withdraw_fee_value'])
    .where('direction', '=', 'withdraw')
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findMenusByPosition(db: Db, position: number): Promise<CfMenuRow[]> {
  return db
    .selectFrom('cf_menu')
    .selectAll()
    .where('position', '=', position)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findActiveAdvertsByPosition(
  db: Db,
  filter: { position: number; christmas: boolean; now: Date },
): Promise<AdvertRow[]> {
  const seasons = filter.christmas ? (['always', 'christmas'] as const) : (['always'] as const);
  return (
    db
      .selectFrom('advert')
      .selectAll()
      .where('position', '=', filter.position)
      .where('enabled', '=', true)
      .where('season', 'in', seasons)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', filter.now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', filter.now)]))
      // Seasonal adverts lead while their season is on.
      .orderBy(sql`case when season = 'always' then 1 else 0 end`)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  );
}

export async function findFaqPage(
  db: Db,
  filter: { type: number; offset: number; limit: number },
): Promise<{ rows: CfFaqRow[]; total: number }> {
  const base = db.selectFrom('cf_faq').where('type', '=', filter.type).where('enabled', '=', true);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('sort').orderBy('id').offset(filter.offset).limit(filter.limit).execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findContentPage(db: Db, type: string): Promise<ContentPageRow | undefined> {
  return db.selectFrom('content_page').selectAll().where('type', '=', type).executeTakeFirst();
}

// ---- What operators read and change (content-admin.ts, option-admin.ts) -----------------------------------

/** Every row of a content table, on or off: adverts and menu entries by place, FAQ entries by page. */
export function findAllAdverts(db: Db): Promise<AdvertRow[]> {
  return db.selectFrom('advert').selectAll().orderBy('position').orderBy('sort').orderBy('id').execute();
}

export function findAllMenuEntries(db: Db): Promise<CfMenuRow[]> {
  return db.selectFrom('cf_menu').selectAll().orderBy('position').orderBy('sort').orderBy('id').execute();
}

export function findAllFaqEntries(db: Db): Promise<CfFaqRow[]> {
  return db.selectFrom('cf_faq').selectAll().orderBy('type').orderBy('sort').orderBy('id').execute();
}

type ContentRows = { advert: AdvertRow; cf_menu: CfMenuRow; cf_faq: CfFaqRow };

// Each table by its own name (db/table-owners.test.ts reads every builder call's table).
const LOCK_BY_ID: {
  [T in RemovableContentTable]: (trx: Db, id: number) => Promise<ContentRows[T] | undefined>;
} = {
  advert: (trx, id) =>
    trx.selectFrom('advert').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
  cf_menu: (trx, id) =>
    trx.selectFrom('cf_menu').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
  cf_faq: (trx, id) =>
    trx.selectFrom('cf_faq').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
};

const DELETE_BY_ID: Record<RemovableContentTable, (trx: Db, id: number) => Promise<unknown>> = {
  advert: (trx, id) => trx.deleteFrom('advert').where('id', '=', id).execute(),
  cf_menu: (trx, id) => trx.deleteFrom('cf_menu').where('id', '=', id).execute(),
  cf_faq: (trx, id) => trx.deleteFrom('cf_faq').where('id', '=', id).execute(),
};

/** A content row by id, locked until the caller's transaction ends (a change or a removal reads it first). */
export function lockContentRow<T extends RemovableContentTable>(
  trx: Db,
  table: T,
  id: number,
): Promise<ContentRows[T] | undefined> {
  return LOCK_BY_ID[table](trx, id);
}

export function updateAdvert(trx: Db, id: number, values: Updateable<Database['advert']>) {
  return trx.updateTable('advert').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function updateMenuEntry(trx: Db, id: number, values: Updateable<Database['cf_menu']>) {
  return trx.updateTable('cf_menu').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function updateFaqEntry(trx: Db, id: number, values: Updateable<Database['cf_faq']>) {
  return trx.updateTable('cf_faq').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function insertAdvert(trx: Db, values: Insertable<Database['advert']>): Promise<AdvertRow> {
  return trx.insertInto('advert').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertMenuEntry(trx: Db, values: Insertable<Database['cf_menu']>): Promise<CfMenuRow> {
  return trx.insertInto('cf_menu').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertFaqEntry(trx: Db, values: Insertable<Database['cf_faq']>): Promise<CfFaqRow> {
  return trx.insertInto('cf_faq').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Deletes a content row and keeps its slug among the removed ones (content_removal), in the caller's
 * transaction: the demo seed then does not bring it back.
 */
export async function deleteContentRow(
  trx: Db,
  table: RemovableContentTable,
  row: { id: number; slug: string },
): Promise<void> {
  await DELETE_BY_ID[table](trx, row.id);
  await trx
    .insertInto('content_removal')
    .values({ kind: table, slug: row.slug })
    .onConflict((conflict) => conflict.columns(['kind', 'slug']).doNothing())
    .execute();
}

/** The slugs operators removed from `table`: what the demo seed leaves out. */
export async function findRemovedSlugs(db: Db, table: RemovableContentTable): Promise<Set<string>> {
  const rows = await db.selectFrom('content_removal').select('slug').where('kind', '=', table).execute();
  return new Set(rows.map((row) => row.slug));
}

/** Every stored system option, whatever its platform, by type. */
export function findAllSystemOptions(db: Db): Promise<CfGlobalRow[]> {
  return db.selectFrom('cf_global').selectAll().orderBy('type').orderBy('platform').orderBy('id').execute();
}

/** The stored options of a type, locked until the caller's transaction ends. */
export function lockSystemOptionsOfType(trx: Db, type: number): Promise<CfGlobalRow[]> {
  return trx.selectFrom('cf_global').selectAll().where('type', '=', type).orderBy('id').forUpdate().execute();
}

export function insertSystemOption(trx: Db, values: Insertable<Database['cf_global']>): Promise<CfGlobalRow> {
  return trx.insertInto('cf_global').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSystemOptionContent(trx: Db, id: number, content: string): Promise<CfGlobalRow> {
  return trx
    .updateTable('cf_global')
    .set({ content, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
