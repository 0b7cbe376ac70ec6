import type { MyBonus } from '@app/contracts/bonus';
import type { BonusGrant } from '../../platform/wallet/bonus-pocket.ts';

/** A grant as the member's bonus page shows it. */
export function toMyBonus(grant: BonusGrant): MyBonus {
  return {
    id: grant.id,
    source: grant.source,
    amount: grant.amount,
    status: grant.status,
    wageringRequired: grant.wageringRequired,
    wageringProgress: grant.wageringProgress,
    wageringMultiple: grant.terms.wageringMultiple,
    maxStake: grant.maxStake,
    maxConversion: grant.maxConversion,
    contribution: grant.terms.contribution,
    converted: grant.converted,
    expiresAt: grant.expiresAt.toISOString(),
    createdAt: grant.createdAt.toISOString(),
    endedAt: grant.endedAt ? grant.endedAt.toISOString() : null,
  };
}
