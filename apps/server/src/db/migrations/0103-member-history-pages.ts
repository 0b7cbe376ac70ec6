import { sql, type Kysely } from 'kysely';

/**
 * A page of a member's history without reading all of it (issue 26, the 360 view of a player with tens of
 * thousands of bets within 300 ms):
 * - the journal's entries by account, then transaction, then leg type (replacing the index on the account
 *   alone, which it serves as well): a page of the ledger is bounded by the newest transactions of the
 *   account, and its total counted from the index alone;
 * - the member's game rounds that were played (not cancelled) by id: a page of rounds in that order, and
 *   their total counted from the index alone;
 * - the BRIN indexes on the time of journal transactions and money facts summarised as each block range
 *   fills (autovacuum's work item) rather than at the table's next vacuum, which on a table that only grows
 *   comes after a fifth of it is new: until then a span's read covered every unsummarised range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index journal_entry_account_history on journal_entry (account_id, transaction_id, kind)`.execute(
    db,
  );
  await sql`drop index journal_entry_account_idx`.execute(db);
  await sql`create index game_round_member_history on game_round (member_id, id) where state <> 'cancelled'`.execute(
    db,
  );
  for (const index of ['journal_transaction_created_brin', 'money_fact_created_brin']) {
    await sql`alter index ${sql.ref(index)} set (autosummarize = on)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['journal_transaction_created_brin', 'money_fact_created_brin']) {
    await sql`alter index ${sql.ref(index)} reset (autosummarize)`.execute(db);
  }
  await sql`drop index game_round_member_history`.execute(db);
  await sql`create index journal_entry_account_idx on journal_entry (account_id)`.execute(db);
  await sql`drop index journal_entry_account_history`.execute(db);
}
