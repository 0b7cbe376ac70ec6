import { sql, type Kysely } from 'kysely';
import type {
  AdvertRow,
  CfFaqRow,
  CfGlobalRow,
  CfMenuRow,
  ContentPageRow,
  Database,
} from '../../../db/schema.ts';

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
