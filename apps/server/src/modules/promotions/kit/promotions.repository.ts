import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An operator's settings of a programme (`promotion_programme`), if any were saved. */
export async function findProgrammeRow(
  db: Db,
  code: string,
): Promise<{ enabled: boolean; settings: unknown } | undefined> {
  return db
    .selectFrom('promotion_programme')
    .select(['enabled', 'settings'])
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function saveProgrammeRow(
  db: Db,
  row: { code: string; enabled: boolean; settings: Record<string, unknown> },
): Promise<void> {
  const settings = JSON.stringify(row.settings);
  await db
    .insertInto('promotion_programme')
    .values({ code: row.code, enabled: row.enabled, settings })
    .onConflict((conflict) =>
      conflict.column('code').doUpdateSet({ enabled: row.enabled, settings, updated_at: new Date() }),
    )
    .execute();
}
