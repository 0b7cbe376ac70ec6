import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { MPESA_RECEIPT_PATTERN } from './feedback.ts';

/**
 * Deposit API (platform-core §3, §7; issue 4): packages, channels, the top-up call, the payment hall's
 * pay service and the state poll. Amounts are integer minor units. Form-encoded bodies arrive as text,
 * so numbers may come as decimal digits (whole-number.ts), and an empty optional field counts as absent.
 */

const id = wholeNumber(1, 2_147_483_647);
const optionalId = zod.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  id.optional(),
);
const amount = wholeNumber(1, Number.MAX_SAFE_INTEGER);
const transNo = zod.string().trim().min(1).max(40);
const sign = zod.string().trim().min(1).max(200);

/** A deposit package (pay item). */
export const PayItemSchema = zod.object({
  id: zod.number().int(),
  /** The same as id: the spec names it either way. */
  itemId: zod.number().int(),
  /** Coins received on top of the cash. */
  money: zod.number().int(),
  /** What the player pays. */
  payMoney: zod.number().int(),
  img: zod.string(),
  hot: zod.boolean(),
});
export type PayItem = zod.infer<typeof PayItemSchema>;

export const DepositChannelSchema = zod.object({
  id: zod.number().int(),
  channelCode: zod.string(),
  name: zod.string(),
  logoUrl: zod.string(),
  memo: zod.string(),
  /** A regex on the member's mobile that preselects this channel. */
  mobilePattern: zod.string(),
  /** Whole major units only (M-Pesa). */
  wholeUnits: zod.boolean(),
  minAmount: zod.number().int().nullable(),
  maxAmount: zod.number().int().nullable(),
});
export type DepositChannel = zod.infer<typeof DepositChannelSchema>;

/** The top-up call (`payOrder/pay`) and the nested deposit's step 1 (`pan-pay/deposit/init`). */
export const TopUpBodySchema = zod.object({
  itemId: optionalId,
  payMoney: amount,
  payChannel: id,
});
export type TopUpBody = zod.infer<typeof TopUpBodySchema>;

export const TopUpResultSchema = zod.object({
  /** `/pay/hall/{mpesa|panpay}?transNo=…&sign=…` */
  redirectUrl: zod.string(),
  transNo: zod.string(),
});
export type TopUpResult = zod.infer<typeof TopUpResultSchema>;

export const DepositInitResultSchema = zod.object({
  transNo: zod.string(),
  state: zod.number().int(),
  message: zod.string(),
  sign: zod.string(),
});
export type DepositInitResult = zod.infer<typeof DepositInitResultSchema>;

export const DepositResultQuerySchema = zod.object({ transNo });

/** The deposit state (DEPOSIT_STATE in payment-records.ts: the app keeps polling while isDepositWaiting). */
export const DepositResultSchema = zod.object({
  transNo: zod.string(),
  state: zod.number().int().min(0).max(5),
  message: zod.string(),
  payMoney: zod.number().int(),
  coins: zod.number().int(),
  /** 1 when the deposit brings coins. */
  isBonus: zod.union([zod.literal(0), zod.literal(1)]),
  /** The coins it brings. */
  bonus: zod.number().int(),
  /** The member's first successful deposit. */
  firstDeposit: zod.boolean(),
  /** When the order was made (the prompt goes out with it), ISO 8601: the payment hall's timer. */
  createTime: zod.string(),
  /** What reached the balance once paid, as the ledger booked it (the amount less the excise); else null. */
  credited: zod.number().int().nullable(),
  /** The excise the credit withheld (the market's deposit tax); 0 without one or until paid. */
  excise: zod.number().int().min(0),
  /**
   * How to pay this order by hand when the prompt does not come (M-Pesa channels): Lipa na M-PESA, Pay Bill
   * `paybill`, account `account`. Null for a channel without one.
   */
  manualPay: zod.object({ paybill: zod.string(), account: zod.string() }).nullable(),
});
export type DepositResult = zod.infer<typeof DepositResultSchema>;

export const DepositDetailQuerySchema = zod.object({ id });

/** Pay service (spec §7): the payment hall's form for an order. */
/** payChannelId is optional: the hall's link carries only transNo and sign; when given it must be the order's. */
export const PayFormsBodySchema = zod.object({ payToken: transNo, sign, payChannelId: optionalId });

export const PayFormSchema = zod.object({
  transNo: zod.string(),
  payMoney: zod.number().int(),
  state: zod.number().int(),
  channelId: zod.number().int(),
  channelCode: zod.string(),
  channelName: zod.string(),
  logoUrl: zod.string(),
  /** The paying number's field, prefilled with the member's own number (national form). */
  phone: zod.string(),
});
export type PayForm = zod.infer<typeof PayFormSchema>;

/** extendInfo is JSON text: `{"phone": "0712345678"}`. */
export const InitPaymentBodySchema = zod.object({
  payToken: transNo,
  sign,
  payChannelId: id,
  extendInfo: zod.string().max(2000),
});

export const PaymentResultBodySchema = zod.object({ transNo, sign });

/** The payment hall's "send the prompt again" for an order whose prompt expired or was cancelled (sign checked). */
export const PromptAgainBodySchema = zod.object({ transNo, sign });

// ---- Operators (ADMIN_TOKEN; docs/api.md "Operators: payments held for review") ------------------------

/** An order M-Pesa reported paid that was not credited automatically (state 2). */
export const HeldDepositSchema = zod.object({
  id: zod.number().int(),
  transNo: zod.string(),
  memberId: zod.number().int(),
  payMoney: zod.number().int(),
  /** What M-Pesa reported, minor units (null: no usable sum), and its receipt. */
  heldAmount: zod.number().int().nullable(),
  heldReceipt: zod.string().nullable(),
  msisdn: zod.string().nullable(),
  checkoutRequestId: zod.string().nullable(),
  message: zod.string(),
  createTime: zod.string(),
});

/** A paid STK callback whose CheckoutRequestID no order carried. */
export const UnmatchedPaymentSchema = zod.object({
  id: zod.number().int(),
  checkoutRequestId: zod.string(),
  receipt: zod.string(),
  /** Minor units; null when M-Pesa reported no usable sum. */
  amount: zod.number().int().nullable(),
  /** The paying number, 2547XXXXXXXX. */
  msisdn: zod.string().nullable(),
  /** M-Pesa's YYYYMMDDHHmmss, Kenyan time. */
  transactionDate: zod.string().nullable(),
  createTime: zod.string(),
});

/**
 * A callback that contradicted what M-Pesa confirmed to a call of ours (issue 12 §1): paid when it was not,
 * another amount or receipt, failed when it was paid. The money followed M-Pesa's answer; the case says the
 * callback address was forged or broken, until an operator closes it with a note.
 */
export const CallbackDisagreementSchema = zod.object({
  id: zod.number().int(),
  payment: zod.enum(['deposit', 'withdrawal']),
  /** deposit_order.id or withdrawal.id. */
  paymentId: zod.number().int(),
  source: zod.string(),
  /** Whether it reached the address with the request's own token. */
  authentic: zod.boolean(),
  claimedPaid: zod.boolean(),
  resultCode: zod.string(),
  claimedAmount: zod.number().int().nullable(),
  claimedReceipt: zod.string().nullable(),
  confirmed: zod.string(),
  createTime: zod.string(),
});
export type CallbackDisagreement = zod.infer<typeof CallbackDisagreementSchema>;

export const HeldPaymentsSchema = zod.object({
  orders: zod.array(HeldDepositSchema),
  unmatched: zod.array(UnmatchedPaymentSchema),
  /** Deposit and withdrawal callbacks that contradicted M-Pesa's confirmed answer, not yet closed. */
  disagreements: zod.array(CallbackDisagreementSchema),
});
export type HeldPayments = zod.infer<typeof HeldPaymentsSchema>;

/** An M-PESA receipt as an operator types it, kept in capitals. */
export const OperatorReceiptSchema = zod
  .string()
  .trim()
  .regex(MPESA_RECEIPT_PATTERN, '10 letters and digits')
  .transform((value) => value.toUpperCase());
const operatorNote = zod.string().trim().max(500).default('');

/** Credit an unpaid order with a payment verified in the M-PESA portal. */
export const OperatorCreditOrderBodySchema = zod.object({
  receipt: OperatorReceiptSchema,
  /** Minor units; default: what M-Pesa reported for a held order, else the order's amount. */
  amount: amount.optional(),
  note: operatorNote,
});

/** Credit an unmatched payment to one order, or to one member: exactly one of the two. */
export const OperatorCreditUnmatchedBodySchema = zod
  .object({ orderId: optionalId, memberId: optionalId, note: operatorNote })
  .refine((body) => (body.orderId === undefined) !== (body.memberId === undefined), {
    message: 'Give exactly one of orderId and memberId',
    path: ['orderId'],
  });

/** Reject a held order, or dismiss an unmatched payment: why (shown to support, not to the member). */
export const OperatorNoteBodySchema = zod.object({ note: zod.string().trim().min(1).max(500) });

export const OperatorCreditResultSchema = zod.object({
  memberId: zod.number().int(),
  orderId: zod.number().int().nullable(),
  amount: zod.number().int(),
  receipt: zod.string(),
  transactionId: zod.number().int(),
});
export type OperatorCreditResult = zod.infer<typeof OperatorCreditResultSchema>;
