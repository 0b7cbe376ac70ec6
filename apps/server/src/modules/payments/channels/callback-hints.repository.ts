import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentCallbackHintTable } from '../../../db/schema.ts';

/**
 * What callbacks said about a deposit or a withdrawal (`payment_callback_hint`, migration 0026): one table
 * for both modules, as the pay channels are, so a callback is judged the same way whoever received it.
 */
type Db = Kysely<Database> | Transaction<Database>;
export type PaymentKind = PaymentCallbackHintTable['payment'];

export type NewHint = {
  payment: PaymentKind;
  paymentId: number;
  source: string;
  authentic: boolean;
  paid: boolean;
  resultCode: string;
  resultDesc: string;
  amount: number | null;
  receipt: string | null;
};

export async function insertHint(db: Db, hint: NewHint): Promise<void> {
  await db
    .insertInto('payment_callback_hint')
    .values({
      payment: hint.payment,
      payment_id: hint.paymentId,
      source: hint.source,
      authentic: hint.authentic,
      paid: hint.paid,
      result_code: hint.resultCode,
      result_desc: hint.resultDesc.slice(0, 500),
      amount: hint.amount,
      receipt: hint.receipt,
    })
    .execute();
}

/** How many callbacks came about one payment. */
export async function countHints(db: Db, payment: PaymentKind, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('payment_callback_hint')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('payment', '=', payment)
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPendingHints(db: Db, payment: PaymentKind, paymentId: number) {
  return db
    .selectFrom('payment_callback_hint')
    .selectAll()
    .where('payment', '=', payment)
    .where('payment_id', '=', paymentId)
    .where('verdict', '=', 'pending')
    .orderBy('id')
    .execute();
}

export async function setVerdicts(
  db: Db,
  ids: { agree: number[]; disagree: number[] },
  confirmed: string,
): Promise<void> {
  for (const [verdict, list] of [
    ['agrees', ids.agree],
    ['disagrees', ids.disagree],
  ] as const) {
    if (list.length === 0) continue;
    await db
      .updateTable('payment_callback_hint')
      .set({ verdict, confirmed, judged_at: new Date() })
      .where('id', 'in', list)
      .where('verdict', '=', 'pending')
      .execute();
  }
}

export function findOpenDisagreements(db: Db, limit: number) {
  return db
    .selectFrom('payment_callback_hint')
    .selectAll()
    .where('verdict', '=', 'disagrees')
    .where('closed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Closes an open disagreement with the operator's note; answers whether this call closed it. */
export async function closeDisagreement(db: Db, id: number, note: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_callback_hint')
    .set({ closed_at: new Date(), note })
    .where('id', '=', id)
    .where('verdict', '=', 'disagrees')
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findHint(db: Db, id: number) {
  return db.selectFrom('payment_callback_hint').selectAll().where('id', '=', id).executeTakeFirst();
}
