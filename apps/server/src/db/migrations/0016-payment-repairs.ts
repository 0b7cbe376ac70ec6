import { sql, type Kysely } from 'kysely';

/**
 * Payment repairs (issue 4 audit): what lets every shilling M-Pesa reports end in a balance or in front
 * of an operator, and what keeps a withdrawal held while M-Pesa may still pay it.
 *
 * - `unmatched_stk_callback`: STK callbacks whose CheckoutRequestID no order carried when they came. A
 *   paid one is real money in the paybill that no order took: it waits here for an operator (or for its
 *   order, when the callback simply overtook the push's own answer).
 * - `deposit_order.held_amount/held_receipt`: what M-Pesa reported for an order held for review (state 2),
 *   so an operator can credit it; `paid_money`: the cash actually credited (the order's amount unless
 *   M-Pesa reported less); `operator_note`: why an operator credited or rejected it.
 * - `withdrawal.b2c_sent_at`: set just before the B2C request leaves; a `reserved` row without it certainly
 *   never reached Daraja. `not_found_*`: consecutive "not found" answers of Transaction Status, counted
 *   once per status query (its ConversationID), so a withdrawal is only returned after several answers
 *   over a window agree.
 * - `journal_entry.kind`: the type of one leg when it differs from its transaction's (a withdrawal's
 *   reservation has a fee leg and a tax leg), so the member's history can list fee and tax.
 * - `member.demo`: a demonstration account (showcase, training); it may play but never withdraw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unmatched_stk_callback')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // Daraja delivers a callback more than once: one row per CheckoutRequestID.
    .addColumn('checkout_request_id', 'text', (col) => col.notNull().unique())
    .addColumn('merchant_request_id', 'text')
    .addColumn('result_code', 'integer', (col) => col.notNull())
    .addColumn('result_desc', 'text', (col) => col.notNull().defaultTo(''))
    // Paid callbacks only. A receipt is money received once: never two rows for it.
    .addColumn('receipt', 'text', (col) => col.unique())
    // Minor units, as M-Pesa reported it (null when the reported amount is not a usable sum).
    .addColumn('amount', 'bigint')
    .addColumn('msisdn', 'text')
    .addColumn('transaction_date', 'text')
    // open: waiting; attached: it belonged to an order after all (the order was settled from it);
    // credited: an operator credited it; dismissed: an operator closed it (refunded outside, not ours).
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'attached', 'credited', 'dismissed')`),
    )
    .addColumn('deposit_order_id', 'bigint', (col) => col.references('deposit_order.id'))
    .addColumn('member_id', 'bigint', (col) => col.references('member.id'))
    .addColumn('journal_transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('unmatched_stk_callback_open_idx')
    .on('unmatched_stk_callback')
    .column('id')
    .where(sql.ref('state'), '=', 'open')
    .execute();

  await db.schema
    .alterTable('deposit_order')
    .addColumn('held_amount', 'bigint')
    .addColumn('held_receipt', 'text')
    .addColumn('paid_money', 'bigint')
    .addColumn('operator_note', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('deposit_order_held_idx')
    .on('deposit_order')
    .column('id')
    .where(sql.ref('state'), '=', 2)
    .execute();

  await db.schema
    .alterTable('withdrawal')
    .addColumn('b2c_sent_at', 'timestamptz')
    .addColumn('not_found_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_not_found_at', 'timestamptz')
    .addColumn('last_status_conversation_id', 'text')
    .execute();
  // Rows from before the marker existed may have reached Daraja: they count as sent, never as certainly
  // unsent (which would return their money without asking).
  await sql`update withdrawal set b2c_sent_at = created_at`.execute(db);

  // Adding a nullable column rewrites no row, so the append-only trigger is not involved.
  await db.schema.alterTable('journal_entry').addColumn('kind', 'text').execute();

  await db.schema
    .alterTable('member')
    .addColumn('demo', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member').dropColumn('demo').execute();
  await db.schema.alterTable('journal_entry').dropColumn('kind').execute();
  await db.schema
    .alterTable('withdrawal')
    .dropColumn('b2c_sent_at')
    .dropColumn('not_found_count')
    .dropColumn('first_not_found_at')
    .dropColumn('last_status_conversation_id')
    .execute();
  await db.schema.dropIndex('deposit_order_held_idx').execute();
  await db.schema
    .alterTable('deposit_order')
    .dropColumn('held_amount')
    .dropColumn('held_receipt')
    .dropColumn('paid_money')
    .dropColumn('operator_note')
    .execute();
  await db.schema.dropTable('unmatched_stk_callback').execute();
}
