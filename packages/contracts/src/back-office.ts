import { z as zod } from 'zod';
import { KycRecordSchema } from './kyc.ts';
import { PlayerLimitsSchema } from './limits.ts';
import { DepositRecordSchema, WithdrawRecordSchema } from './payment-records.ts';

/**
 * The operator's back office (issue 26): the `/api/admin` reads apps/admin shows. Each read of a player's
 * identity data (a search's results, a player's view) is itself an audit entry: who looked at whom.
 */

/** The most players one search answers: an operator narrows the query rather than scrolls. */
export const MEMBER_SEARCH_LIMIT = 50;
/** How many of the player's latest deposits and withdrawals their view shows. */
export const PLAYER_VIEW_RECENT = 10;

export const MemberSearchQuerySchema = zod.object({
  /**
   * A mobile (national or international form), a member id, the start of a nickname, of a full name or of
   * a surname (the KYC form's), an ID number, or a deposit's or withdrawal's M-Pesa receipt or number.
   */
  query: zod.string().trim().min(1).max(60),
});
export type MemberSearchQuery = zod.infer<typeof MemberSearchQuerySchema>;

export const MemberSummarySchema = zod.object({
  id: zod.number().int(),
  /** National form, as the player registered it. */
  mobile: zod.string(),
  nickName: zod.string(),
  status: zod.enum(['active', 'excluded', 'break']),
  /** A demonstration account: may play but never withdraw. */
  demo: zod.boolean(),
  /** ISO 8601. */
  createdAt: zod.string(),
});
export type MemberSummary = zod.infer<typeof MemberSummarySchema>;

export const MemberSearchResultSchema = zod.array(MemberSummarySchema).max(MEMBER_SEARCH_LIMIT);

/** Each asset of the player's wallet account, in minor units (cash) or whole units (coins, diamonds, tickets). */
export const PlayerBalancesSchema = zod.object({
  cash: zod.number().int(),
  withdrawable: zod.number().int(),
  coins: zod.number().int(),
  diamonds: zod.number().int(),
  tickets: zod.number().int(),
});

/** A first player view: profile, balances, identity, limits and the latest money in and out. */
export const PlayerViewSchema = zod.object({
  member: MemberSummarySchema,
  balances: PlayerBalancesSchema,
  kyc: KycRecordSchema,
  limits: PlayerLimitsSchema,
  deposits: zod.array(DepositRecordSchema),
  withdrawals: zod.array(WithdrawRecordSchema),
});
export type PlayerView = zod.infer<typeof PlayerViewSchema>;
