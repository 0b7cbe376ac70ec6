import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { grantBonus, type BonusGrant, type BonusTerms } from '../../platform/wallet/bonus-pocket.ts';
import { openPromotionBudget } from '../../platform/wallet/wallet.service.ts';

/**
 * Granting a bonus from a programme (docs/promotions.md "Bonus coins and bonus cash"), inside the
 * caller's transaction (a registration, a deposit's credit): the member's standing is read there with the
 * member row share-locked, so a grant delayed past a self-exclusion is refused (PROMOTION_MEMBER_BLOCKED)
 * and rolls back with the caller, and a self-exclusion committing later forfeits what was granted. The
 * bonus cash comes from the programme's budget `promo:<programme>:budget` (the wallet's bonus pocket).
 */
export async function grantProgrammeBonus(
  trx: Transaction<Database>,
  input: { programme: string; memberId: number; sourceRef: string; amount: number; terms: BonusTerms },
): Promise<{ grant: BonusGrant; replayed: boolean }> {
  if (!(await lockMemberInGoodStanding(trx, input.memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
  const budgetAccount = await openPromotionBudget(trx, input.programme);
  return grantBonus(trx, {
    memberId: input.memberId,
    source: input.programme,
    sourceRef: input.sourceRef,
    budgetAccount,
    amount: input.amount,
    terms: input.terms,
  });
}

/** Terms from a programme's settings, the expiry counted from `now` in whole days. */
export function termsOf(
  settings: {
    wageringMultiple: number;
    expiryDays: number;
    maxStake: number | null;
    maxConversion: number;
    contribution: Record<string, number>;
  },
  now: Date,
): BonusTerms {
  return {
    wageringMultiple: settings.wageringMultiple,
    expiresAt: new Date(now.getTime() + settings.expiryDays * 86_400_000),
    maxStake: settings.maxStake,
    maxConversion: settings.maxConversion,
    contribution: settings.contribution,
  };
}
