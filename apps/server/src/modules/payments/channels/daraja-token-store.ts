import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DarajaToken, DarajaTokenStore } from '../../../adapters/mpesa/daraja-client.ts';
import type { Database } from '../../../db/schema.ts';

/**
 * The Daraja app's name in the token table: a digest of its address and consumer key, so the simulator's
 * app and a real one never share a row, and no credential is written down.
 */
export function darajaAppName(app: { baseUrl: string; consumerKey: string }): string {
  return createHash('sha256')
    .update(`${app.baseUrl.replace(/\/+$/, '')}\n${app.consumerKey}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * The access token every instance of the casino uses (docs/decisions.md "One Daraja token for the
 * fleet"). A renewal holds a transaction-scoped advisory lock on the app, so one instance mints while the
 * others wait and then find its token; the mint's HTTP call happens inside that transaction on purpose.
 */
export function createDarajaTokenStore(
  db: Kysely<Database>,
  app: { baseUrl: string; consumerKey: string },
): DarajaTokenStore {
  const name = darajaAppName(app);
  const select = (executor: Kysely<Database>) =>
    executor
      .selectFrom('daraja_access_token')
      .select(['access_token', 'expires_at'])
      .where('app', '=', name)
      .executeTakeFirst()
      .then((row): DarajaToken | undefined =>
        row === undefined ? undefined : { value: row.access_token, expiresAt: row.expires_at.getTime() },
      );
  return {
    read: () => select(db),
    renew: (decide) =>
      // Not retryingTransaction: the decision may mint, and a mint must not be repeated (each kills the last).
      db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('daraja-token'), hashtext(${name}))`.execute(trx);
        const stored = await select(trx);
        const kept = await decide(stored);
        if (kept.value !== stored?.value) {
          await trx
            .insertInto('daraja_access_token')
            .values({ app: name, access_token: kept.value, expires_at: new Date(kept.expiresAt) })
            .onConflict((conflict) =>
              conflict.column('app').doUpdateSet({
                access_token: kept.value,
                expires_at: new Date(kept.expiresAt),
                minted_at: new Date(),
              }),
            )
            .execute();
        }
        return kept;
      }),
    dropIfCurrent: async (value) => {
      await db
        .deleteFrom('daraja_access_token')
        .where('app', '=', name)
        .where('access_token', '=', value)
        .execute();
    },
  };
}
