import { sql, type Kysely } from 'kysely';

/**
 * Withdrawals an operator must decide (issue 4: no shilling created, lost or paid twice). Until now these
 * were only logged; each becomes a row here, one per withdrawal and kind, open until it is closed:
 *
 * - `held`: Daraja accepted the B2C (it has a ConversationID) but Transaction Status does not find it. The
 *   money stays in the hold until M-Pesa answers after all or an operator says paid (with the receipt seen
 *   in the M-PESA portal) or not paid (returned to the member).
 * - `amount-differs`: M-Pesa reported paying another amount than the payout; the withdrawal was settled for
 *   the payout, and the difference waits here (`reported_amount`).
 * - `paid-after-return`: M-Pesa reported paying a withdrawal whose money had already been returned to the
 *   member: the member has it twice, and the operator records its recovery (and any write-off).
 *
 * What M-Pesa reported is kept (`reported_amount`, `receipt`, `result_code`, `result_desc`,
 * `conversation_id`), and how it was closed: `resolution`, who closed it, the money recovered from the
 * member, written off by the house or refunded to the member, the journal transaction and a note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_review')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('withdrawal_id', 'bigint', (col) => col.notNull().references('withdrawal.id'))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('held', 'amount-differs', 'paid-after-return')`),
    )
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'closed')`),
    )
    // Minor units M-Pesa reported paying (null: held, or no usable sum reported).
    .addColumn('reported_amount', 'bigint')
    .addColumn('receipt', 'text')
    .addColumn('result_code', 'text')
    .addColumn('result_desc', 'text', (col) => col.notNull().defaultTo(''))
    // The ConversationID of the answer that told us (the B2C's, or the status query's).
    .addColumn('conversation_id', 'text')
    .addColumn('resolution', 'text', (col) =>
      col.check(sql`resolution in ('paid', 'returned', 'recovered', 'refunded')`),
    )
    .addColumn('closed_by', 'text', (col) => col.check(sql`closed_by in ('operator', 'mpesa')`))
    .addColumn('recovered', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`recovered >= 0`),
    )
    .addColumn('written_off', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`written_off >= 0`),
    )
    .addColumn('refunded', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`refunded >= 0`),
    )
    .addColumn('transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    // A callback delivered twice, or a status answer repeated every hour, is one case.
    .addUniqueConstraint('withdrawal_review_case', ['withdrawal_id', 'kind'])
    // Closed means decided: how, and by whom.
    .addCheckConstraint(
      'withdrawal_review_closed',
      sql`(state = 'open') = (resolution is null) and (state = 'open') = (closed_by is null)`,
    )
    .execute();
  await db.schema
    .createIndex('withdrawal_review_open_idx')
    .on('withdrawal_review')
    .column('id')
    .where(sql.ref('state'), '=', 'open')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_review').execute();
}
