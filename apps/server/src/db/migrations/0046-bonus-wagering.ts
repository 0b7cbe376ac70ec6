import { sql, type Kysely } from 'kysely';

/**
 * Bonus wagering at bet time (issue 14 §2): every money fact (every bet and rollback of every game path,
 * in-house, crash and the provider's one-statement bet, written once below the bet's idempotency key)
 * calls the wallet's `bonus_wagering` (ledger.sql.ts, installed after the migrations by db/routines.ts):
 * progress of the member's active grant and its maximum stake, in the bet's own transaction.
 *
 * The trigger's function only passes the row on: the logic is the routine's, replaced whenever its text
 * changes, without touching the trigger (plpgsql resolves the name when it runs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function money_fact_bonus_wagering() returns trigger
    language plpgsql as $$
    begin
      perform bonus_wagering(new.member_id, new.kind, new.amount, new.game_id);
      return null;
    end;
    $$`.execute(db);
  await sql`
    create trigger money_fact_bonus_wagering after insert on money_fact
    for each row execute function money_fact_bonus_wagering()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger money_fact_bonus_wagering on money_fact`.execute(db);
  await sql`drop function money_fact_bonus_wagering()`.execute(db);
}
