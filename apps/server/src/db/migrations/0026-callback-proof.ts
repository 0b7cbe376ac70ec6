import { sql, type Kysely } from 'kysely';

/**
 * A payment callback is a hint, never proof (issue 12 §1). Daraja signs nothing, and the global secret in
 * the callback path can leak, so:
 *
 * - `deposit_order.callback_token`, `withdrawal.callback_token`: a random token per request, put in the
 *   CallBackURL / ResultURL we give Safaricom with that one request. A result that reaches an address
 *   carrying it came from someone Safaricom was given the address by; a leaked global secret alone is
 *   not enough to forge one. Null on rows from before: their callbacks are hints only.
 * - `payment_callback_hint`: what each callback said about one of our deposits or withdrawals, kept until
 *   M-Pesa's own answer to a call we make (STK Push Query, Transaction Status) confirms the outcome. Then
 *   each hint is judged: one that contradicts the confirmed outcome (paid when it was not, another amount,
 *   failed when it was paid) is a case an operator sees, until they close it with a note. Such a case
 *   moves no money (the money followed M-Pesa's confirmed answer): it says the callback path was forged
 *   or broken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deposit_order').addColumn('callback_token', 'text').execute();
  await db.schema.alterTable('withdrawal').addColumn('callback_token', 'text').execute();

  await db.schema
    .createTable('payment_callback_hint')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('payment', 'text', (col) => col.notNull().check(sql`payment in ('deposit', 'withdrawal')`))
    // deposit_order.id or withdrawal.id, after `payment`.
    .addColumn('payment_id', 'bigint', (col) => col.notNull())
    // stk-callback, b2c-result, b2c-timeout, status-result, status-timeout.
    .addColumn('source', 'text', (col) => col.notNull())
    // Whether the address carried the request's own token (see above).
    .addColumn('authentic', 'boolean', (col) => col.notNull())
    .addColumn('paid', 'boolean', (col) => col.notNull())
    .addColumn('result_code', 'text', (col) => col.notNull())
    .addColumn('result_desc', 'text', (col) => col.notNull().defaultTo(''))
    // Minor units, as the callback claimed (null when it claimed none).
    .addColumn('amount', 'bigint')
    .addColumn('receipt', 'text')
    // pending until the outcome is confirmed; then agrees or disagrees.
    .addColumn('verdict', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`verdict in ('pending', 'agrees', 'disagrees')`),
    )
    .addColumn('confirmed', 'text')
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('judged_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('payment_callback_hint_payment_idx')
    .on('payment_callback_hint')
    .columns(['payment', 'payment_id'])
    .execute();
  await db.schema
    .createIndex('payment_callback_hint_open_idx')
    .on('payment_callback_hint')
    .column('id')
    .where(sql.ref('verdict'), '=', 'disagrees')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_callback_hint').execute();
  await db.schema.alterTable('withdrawal').dropColumn('callback_token').execute();
  await db.schema.alterTable('deposit_order').dropColumn('callback_token').execute();
}
