import { sql, type Kysely } from 'kysely';

/**
 * Payments (issue 4): deposit packages and channels, deposit orders paid by M-Pesa STK Push, withdrawals
 * paid by B2C, coin and diamond exchange options, and deposit appeals. Orders and withdrawals are the
 * state of a conversation with the provider; the money itself only ever moves in the ledger, and each
 * row keeps the id of the journal transactions it caused.
 *
 * A row also carries `next_check_at`: the reconciliation job takes due rows with FOR UPDATE SKIP LOCKED,
 * so on several server processes exactly one asks the provider about each, and nothing lives in memory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pay_item')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // What the player pays, minor units.
    .addColumn('pay_money', 'bigint', (col) => col.notNull().check(sql`pay_money > 0`))
    // Coins received on top of the cash, minor units (the spec's `money` of a pay item).
    .addColumn('coins', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`coins >= 0`),
    )
    .addColumn('img', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('hot', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('pay_channel')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('direction', 'text', (col) => col.notNull().check(sql`direction in ('deposit', 'withdraw')`))
    // MPESA, MPESA_OTHER, MTN_MM, …: what the app and the records show.
    .addColumn('channel_code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    // The adapter that moves the money ('mpesa': Daraja).
    .addColumn('provider', 'text', (col) => col.notNull())
    // Deposit only: the payment hall the top-up opens ('mpesa' prompts the member's own number at once;
    // 'panpay' asks for the paying number first through the pay service).
    .addColumn('hall', 'text', (col) => col.check(sql`hall in ('mpesa', 'panpay')`))
    .addColumn('logo_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('memo', 'text', (col) => col.notNull().defaultTo(''))
    // A regex on the member's mobile that preselects the channel (spec §3).
    .addColumn('mobile_pattern', 'text', (col) => col.notNull().defaultTo(''))
    // The provider takes whole units only (M-Pesa: whole shillings); a decimal amount is refused.
    .addColumn('whole_units', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('min_amount', 'bigint')
    .addColumn('max_amount', 'bigint')
    // Withdraw only: 1 percent (value is the percentage), 2 fixed (value in minor units).
    .addColumn('withdraw_fee_type', 'integer')
    .addColumn('withdraw_fee_value', 'numeric(12, 4)')
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addUniqueConstraint('pay_channel_direction_code', ['direction', 'channel_code'])
    .execute();

  await db.schema
    .createTable('deposit_order')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // The public number (transNo) in links and on the phone's prompt.
    .addColumn('trans_no', 'text', (col) => col.notNull().unique())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('member.id'))
    .addColumn('channel_id', 'integer', (col) => col.notNull().references('pay_channel.id'))
    .addColumn('pay_item_id', 'integer', (col) => col.references('pay_item.id'))
    .addColumn('pay_money', 'bigint', (col) => col.notNull().check(sql`pay_money > 0`))
    .addColumn('coins', 'bigint', (col) => col.notNull().defaultTo(0))
    // The number the prompt went to (2547XXXXXXXX), once known.
    .addColumn('msisdn', 'text')
    // 0 created, 1 waiting for the customer, 2 being confirmed, 3 paid, 4 failed (spec: < 3 waiting).
    .addColumn('state', 'smallint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`state between 0 and 4`),
    )
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('checkout_request_id', 'text', (col) => col.unique())
    .addColumn('merchant_request_id', 'text')
    // The M-PESA receipt: credited at most once (invariant 7).
    .addColumn('receipt', 'text', (col) => col.unique())
    .addColumn('result_code', 'integer')
    .addColumn('journal_transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('first_deposit', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('bonus', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('next_check_at', 'timestamptz')
    .addColumn('check_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('deposit_order_member_idx')
    .on('deposit_order')
    .columns(['member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('deposit_order_due_idx')
    .on('deposit_order')
    .column('next_check_at')
    .where(sql.ref('next_check_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('withdrawal')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    // Sent to Daraja as OriginatorConversationID: a second B2C with it is refused, never paid twice.
    .addColumn('withdraw_no', 'text', (col) => col.notNull().unique())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('member.id'))
    .addColumn('channel_id', 'integer', (col) => col.notNull().references('pay_channel.id'))
    // What left the member's withdrawable money (payout + fee + tax), minor units.
    .addColumn('money', 'bigint', (col) => col.notNull().check(sql`money > 0`))
    .addColumn('fee', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`fee >= 0`),
    )
    .addColumn('tax', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`tax >= 0`),
    )
    .addColumn('payout', 'bigint', (col) => col.notNull().check(sql`payout > 0`))
    .addColumn('msisdn', 'text', (col) => col.notNull())
    .addColumn('bank_account_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bank_account', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bank_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bank_name', 'text', (col) => col.notNull().defaultTo(''))
    // reserved → submitted → paid | failed; unknown while the outcome is not known (held, asked again).
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('reserved', 'submitted', 'paid', 'failed', 'unknown')`),
    )
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('conversation_id', 'text', (col) => col.unique())
    .addColumn('receipt', 'text', (col) => col.unique())
    .addColumn('receiver_name', 'text')
    .addColumn('result_code', 'text')
    .addColumn('reserve_transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('settle_transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('next_check_at', 'timestamptz')
    .addColumn('check_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('withdrawal_parts', sql`money = payout + fee + tax`)
    .execute();
  await db.schema
    .createIndex('withdrawal_member_idx')
    .on('withdrawal')
    .columns(['member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('withdrawal_due_idx')
    .on('withdrawal')
    .column('next_check_at')
    .where(sql.ref('next_check_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('exchange_option')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('from_asset', 'text', (col) => col.notNull().check(sql`from_asset in ('coins', 'diamonds')`))
    // How much of the asset one exchange takes, and the cash it gives (both minor units).
    .addColumn('from_amount', 'bigint', (col) => col.notNull().check(sql`from_amount > 0`))
    .addColumn('cash', 'bigint', (col) => col.notNull().check(sql`cash > 0`))
    // Whether the cash may be withdrawn at once (bonus cash usually may not).
    .addColumn('withdrawable', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('deposit_appeal')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('member.id'))
    .addColumn('deposit_order_id', 'bigint', (col) => col.notNull().references('deposit_order.id'))
    // The M-PESA receipt the member says they paid with, as typed.
    .addColumn('receipt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    // Proof images: URLs under /uploads/.
    .addColumn('images', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('submitted', 'processing', 'approved', 'rejected')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('deposit_appeal_order_idx')
    .on('deposit_appeal')
    .columns(['deposit_order_id', 'id'])
    .execute();

  await db.schema
    .createTable('deposit_appeal_event')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('appeal_id', 'bigint', (col) => col.notNull().references('deposit_appeal.id'))
    .addColumn('actor', 'text', (col) => col.notNull().check(sql`actor in ('member', 'operator')`))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('deposit_appeal_event_appeal_idx')
    .on('deposit_appeal_event')
    .columns(['appeal_id', 'id'])
    .execute();

  // Withdrawals in flight are held here between reservation and payout (or return); tax withheld waits
  // here for the tax authority.
  await db
    .insertInto('ledger_account' as never)
    .values([
      { code: 'clearing:withdraw-hold', kind: 'clearing', overdraft: true },
      { code: 'clearing:tax', kind: 'clearing', overdraft: true },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'deposit_appeal_event',
    'deposit_appeal',
    'exchange_option',
    'withdrawal',
    'deposit_order',
    'pay_channel',
    'pay_item',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
