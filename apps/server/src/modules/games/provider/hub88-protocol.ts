import { z } from 'zod';

/**
 * Hub88's operator wallet API as it arrives on the wire (external-protocols.md §4.1): the request bodies
 * the provider sends, the statuses we answer with, and the units its amounts are in. Pure: no I/O.
 */

export const HUB88_ACTIONS = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type Hub88Action = (typeof HUB88_ACTIONS)[number];

export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

/** Every answer: Hub88 reports errors in `status`, always with HTTP 200. */
export type Hub88Answer = {
  user: string;
  status: Hub88Status;
  request_uuid: string;
  currency?: string;
  balance?: number;
  country?: string;
};

/** Hub88 amounts and balances are Int64: the real value × 100 000 ("$3.56 is 356000"). */
export const HUB88_UNITS_PER_MAJOR = 100_000;

/**
 * How many Hub88 units one of our minor units is (1000 for a currency kept in hundredths, 100 000 for
 * one kept in whole units). A scale that does not divide 100 000 could not be converted exactly.
 */
export function unitsPerMinor(scale: number): number {
  if (!Number.isInteger(scale) || scale <= 0 || HUB88_UNITS_PER_MAJOR % scale !== 0) {
    throw new Error(`a currency scale of ${scale} cannot be expressed in Hub88 units`);
  }
  return HUB88_UNITS_PER_MAJOR / scale;
}

/**
 * A Hub88 amount in our minor units, or undefined when it is not a whole number of them. Never rounded:
 * rounding would take from or give to the player an amount the provider did not send.
 */
export function toMinorUnits(units: number, perMinor: number): number | undefined {
  if (!Number.isSafeInteger(units) || units < 0 || units % perMinor !== 0) return undefined;
  return units / perMinor;
}

export function toHub88Units(minor: number, perMinor: number): number {
  return minor * perMinor;
}

/**
 * The `user` we give the provider for a member: the member's id, zero-padded to at least six digits.
 * Hub88 wants at least four characters and nothing that identifies the person (no name, mobile or
 * email); the id is an internal number that means nothing outside our database.
 */
export function hub88UserFor(memberId: number): string {
  return String(memberId).padStart(6, '0');
}

/** The member a `user` stands for, or undefined when it is not one we issued (only the canonical form). */
export function memberIdOfHub88User(user: string): number | undefined {
  if (!/^\d{6,15}$/.test(user)) return undefined;
  const id = Number(user);
  return Number.isSafeInteger(id) && id > 0 && hub88UserFor(id) === user ? id : undefined;
}

// Transaction ids become part of ledger idempotency keys (`game:hub88:<id>`, `game:hub88:rollback:<id>`):
// no colon, so a bet's id can never spell another transaction's key.
const transactionId = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'letters, digits, . _ - (1 to 128)');
const text = (max: number) => z.string().min(1).max(max);
const int64 = z
  .number()
  .int()
  .nonnegative()
  .refine((value) => Number.isSafeInteger(value), 'beyond 2^53: not exact in JSON');

const user = z.string().min(4).max(64);
const requestUuid = text(255);
const token = text(255);
const gameCode = text(100);
const currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code');
const round = text(255);
const meta = z.record(z.string(), z.unknown()).nullish();
const optionalText = z.string().max(255).nullish();

export const UserInfoRequestSchema = z.object({ user, request_uuid: requestUuid });

/**
 * `user` is required by Hub88 and we check it whenever it is sent; a balance read without it is
 * answered for the token's member, because our launch address carries the token only (docs/games.md).
 */
export const UserBalanceRequestSchema = z.object({
  user: user.optional(),
  token,
  request_uuid: requestUuid,
  game_code: gameCode.optional(),
  supplier_user: optionalText,
});

const transactionFields = {
  user,
  token,
  request_uuid: requestUuid,
  transaction_uuid: transactionId,
  supplier_transaction_id: optionalText,
  supplier_user: optionalText,
  round,
  round_closed: z.boolean().optional(),
  game_code: gameCode,
  meta,
};

export const BetRequestSchema = z.object({
  ...transactionFields,
  currency,
  amount: int64,
  bet: optionalText,
  is_free: z.boolean().optional(),
  is_aggregated: z.boolean().optional(),
  reward_uuid: optionalText,
});

export const WinRequestSchema = BetRequestSchema.extend({ reference_transaction_uuid: transactionId });

export const RollbackRequestSchema = z.object({
  ...transactionFields,
  reference_transaction_uuid: transactionId,
});

export type UserInfoRequest = z.infer<typeof UserInfoRequestSchema>;
export type UserBalanceRequest = z.infer<typeof UserBalanceRequestSchema>;
export type BetRequest = z.infer<typeof BetRequestSchema>;
export type WinRequest = z.infer<typeof WinRequestSchema>;
export type RollbackRequest = z.infer<typeof RollbackRequestSchema>;

export const REQUEST_SCHEMAS = {
  'user/info': UserInfoRequestSchema,
  'user/balance': UserBalanceRequestSchema,
  'transaction/bet': BetRequestSchema,
  'transaction/win': WinRequestSchema,
  'transaction/rollback': RollbackRequestSchema,
} as const;
