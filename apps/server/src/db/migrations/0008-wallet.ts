import { sql, type Kysely } from 'kysely';

/**
 * The wallet: a double-entry ledger (architecture.md "The wallet"). Every account holds four assets:
 * cash (money), its withdrawable part, coins (bonusMoney) and diamonds. Journal transactions move value
 * between accounts; their entries sum to zero per asset and are never changed (a trigger refuses it).
 * An account without overdraft (every player's) can never go below zero, and its withdrawable part never
 * exceeds its cash: a CHECK is the last line of defence behind the service's conditional updates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_account')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // 'player:<member id>', 'house', 'clearing:mpesa', 'promotion:<name>', 'world'.
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('player', 'house', 'clearing', 'promotion', 'world')`),
    )
    .addColumn('member_id', 'bigint', (col) => col.references('member.id').unique())
    .addColumn('overdraft', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('cash', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('withdrawable', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('coins', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('diamonds', 'bigint', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint(
      'ledger_account_no_overdraft',
      sql`overdraft or (cash >= 0 and withdrawable >= 0 and coins >= 0 and diamonds >= 0 and withdrawable <= cash)`,
    )
    .execute();

  await db.schema
    .createTable('journal_transaction')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // Unique per source: 'mpesa:<CheckoutRequestID>', 'game:<provider>:<round>', … (same key, same effect).
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('payload_hash', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    // The player the transaction is about, for their history (null for house-only movements).
    .addColumn('member_id', 'bigint', (col) => col.references('member.id'))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('journal_transaction_member_idx')
    .on('journal_transaction')
    .columns(['member_id', 'kind', 'id'])
    .execute();

  await db.schema
    .createTable('journal_entry')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('transaction_id', 'bigint', (col) => col.notNull().references('journal_transaction.id'))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('ledger_account.id'))
    .addColumn('asset', 'text', (col) =>
      col.notNull().check(sql`asset in ('cash', 'withdrawable', 'coins', 'diamonds')`),
    )
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount <> 0`))
    .execute();
  await db.schema.createIndex('journal_entry_account_idx').on('journal_entry').column('account_id').execute();
  await db.schema
    .createIndex('journal_entry_transaction_idx')
    .on('journal_entry')
    .column('transaction_id')
    .execute();

  // Immutability (invariant 8): corrections are new transactions, never edits.
  await sql`
    create function journal_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'journal rows are never changed or deleted (%.%)', tg_table_name, tg_op;
    end;
    $$`.execute(db);
  for (const table of ['journal_transaction', 'journal_entry']) {
    await sql`
      create trigger ${sql.raw(`${table}_append_only`)}
      before update or delete on ${sql.table(table)}
      for each row execute function journal_is_append_only()`.execute(db);
  }

  await db
    .insertInto('ledger_account' as never)
    .values([
      { code: 'house', kind: 'house', overdraft: true },
      { code: 'world', kind: 'world', overdraft: true },
      { code: 'clearing:mpesa', kind: 'clearing', overdraft: true },
      { code: 'promotion:bonus', kind: 'promotion', overdraft: true },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('journal_entry').execute();
  await db.schema.dropTable('journal_transaction').execute();
  await db.schema.dropTable('ledger_account').execute();
  await sql`drop function journal_is_append_only()`.execute(db);
}
