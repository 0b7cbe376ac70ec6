import { sql, type Kysely } from 'kysely';

/**
 * Bonus conversion exactly once (issue 14 §2): when a bet brings a grant's wagering to what is required,
 * a constraint trigger DEFERRED to the end of that bet's transaction calls the wallet's `bonus_convert`
 * (ledger.sql.ts, installed after the migrations): after the bet's own entries, in the same transaction,
 * with the conditional UPDATE active → completed as the claim (parallel bets crossing the threshold
 * together convert once). The trigger's function only passes the grant on; the logic is the routine's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bonus_grant_completion() returns trigger
    language plpgsql as $$
    begin
      perform bonus_convert(new.id);
      return null;
    end;
    $$`.execute(db);
  await sql`
    create constraint trigger bonus_grant_completion
    after update of wagering_progress on bonus_grant
    deferrable initially deferred
    for each row
    when (new.status = 'active' and new.wagering_progress >= new.wagering_required)
    execute function bonus_grant_completion()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger bonus_grant_completion on bonus_grant`.execute(db);
  await sql`drop function bonus_grant_completion()`.execute(db);
}
