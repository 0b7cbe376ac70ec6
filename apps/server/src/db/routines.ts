import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * A database function owned by a module (the wallet's ledger functions, the provider's calls): its name
 * and its whole current `create function` text. The module's file is the one place its text lives.
 */
export type Routine = { name: string; definition: string };

/**
 * Installs the routines whose text changed since they were last installed (`db_routine` keeps a hash of
 * each), after the migrations, like a repeatable migration: every overload of the name is dropped and the
 * current text created, in ONE transaction under an advisory lock, so several processes starting at once
 * install it once and no call ever finds the function missing. Returns the names installed.
 *
 * Functions call one another by name (plpgsql resolves names when it runs), so the order does not matter.
 */
export async function installRoutines(db: Kysely<unknown>, routines: Routine[]): Promise<string[]> {
  const hashOf = (routine: Routine) => createHash('sha256').update(routine.definition).digest('hex');
  return db.transaction().execute(async (trx) => {
    // 'rout' as a number: any fixed key of our own.
    await sql`select pg_advisory_xact_lock(1919906164)`.execute(trx);
    const { rows } = await sql<{ name: string; hash: string }>`select name, hash from db_routine`.execute(
      trx,
    );
    const installed = new Map(rows.map((row) => [row.name, row.hash]));
    const changed = routines.filter((routine) => installed.get(routine.name) !== hashOf(routine));
    for (const routine of changed) {
      const { rows: overloads } = await sql<{ signature: string }>`
        select p.oid::regprocedure::text as signature from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        where p.proname = ${routine.name} and n.nspname = current_schema()`.execute(trx);
      for (const { signature } of overloads) await sql.raw(`drop function ${signature}`).execute(trx);
      await sql.raw(routine.definition).execute(trx);
      await sql`
        insert into db_routine (name, hash) values (${routine.name}, ${hashOf(routine)})
        on conflict (name) do update set hash = excluded.hash, installed_at = now()`.execute(trx);
    }
    return changed.map((routine) => routine.name);
  });
}
