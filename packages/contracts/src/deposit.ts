import { z } from 'zod';

/**
 * Deposit API (platform-core §3, §7; issue 4): packages, channels, the top-up call, the payment hall's
 * pay service and the state poll. Amounts are integer minor units. Form-encoded bodies arrive as text,
 * so numbers are coerced, and an empty optional field counts as absent.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  id.optional(),
);
const amount = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const transNo = z.string().trim().min(1).max(40);
const sign = z.string().trim().min(1).max(200);

/** A deposit package (pay item). */
export const PayItemSchema = z.object({
  id: z.number().int(),
  /** The same as id: the spec names it either way. */
  itemId: z.number().int(),
  /** Coins received on top of the cash. */
  money: z.number().int(),
  /** What the player pays. */
  payMoney: z.number().int(),
  img: z.string(),
  hot: z.boolean(),
});
export type PayItem = z.infer<typeof PayItemSchema>;

export const DepositChannelSchema = z.object({
  id: z.number().int(),
  channelCode: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  memo: z.string(),
  /** A regex on the member's mobile that preselects this channel. */
  mobilePattern: z.string(),
  /** Whole major units only (M-Pesa). */
  wholeUnits: z.boolean(),
  minAmount: z.number().int().nullable(),
  maxAmount: z.number().int().nullable(),
});
export type DepositChannel = z.infer<typeof DepositChannelSchema>;

/** The top-up call (`payOrder/pay`) and the nested deposit's step 1 (`pan-pay/deposit/init`). */
export const TopUpBodySchema = z.object({
  itemId: optionalId,
  payMoney: amount,
  payChannel: id,
});
export type TopUpBody = z.infer<typeof TopUpBodySchema>;

export const TopUpResultSchema = z.object({
  /** `/pay/hall/{mpesa|panpay}?transNo=…&sign=…` */
  redirectUrl: z.string(),
  transNo: z.string(),
});
export type TopUpResult = z.infer<typeof TopUpResultSchema>;

export const DepositInitResultSchema = z.object({
  transNo: z.string(),
  state: z.number().int(),
  message: z.string(),
  sign: z.string(),
});
export type DepositInitResult = z.infer<typeof DepositInitResultSchema>;

export const DepositResultQuerySchema = z.object({ transNo });

/** The deposit state (DEPOSIT_STATE in payment-records.ts: below 3 the app keeps polling). */
export const DepositResultSchema = z.object({
  transNo: z.string(),
  state: z.number().int().min(0).max(4),
  message: z.string(),
  payMoney: z.number().int(),
  coins: z.number().int(),
  /** 1 when the deposit brings coins. */
  isBonus: z.union([z.literal(0), z.literal(1)]),
  /** The coins it brings. */
  bonus: z.number().int(),
  /** The member's first successful deposit. */
  firstDeposit: z.boolean(),
});
export type DepositResult = z.infer<typeof DepositResultSchema>;

export const DepositDetailQuerySchema = z.object({ id });

/** Pay service (spec §7): the payment hall's form for an order. */
/** payChannelId is optional: the hall's link carries only transNo and sign; when given it must be the order's. */
export const PayFormsBodySchema = z.object({ payToken: transNo, sign, payChannelId: optionalId });

export const PayFormSchema = z.object({
  transNo: z.string(),
  payMoney: z.number().int(),
  state: z.number().int(),
  channelId: z.number().int(),
  channelCode: z.string(),
  channelName: z.string(),
  logoUrl: z.string(),
  /** The paying number's field, prefilled with the member's own number (national form). */
  phone: z.string(),
});
export type PayForm = z.infer<typeof PayFormSchema>;

/** extendInfo is JSON text: `{"phone": "0712345678"}`. */
export const InitPaymentBodySchema = z.object({
  payToken: transNo,
  sign,
  payChannelId: id,
  extendInfo: z.string().max(2000),
});

export const PaymentResultBodySchema = z.object({ transNo, sign });
