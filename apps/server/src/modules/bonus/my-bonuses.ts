import type { Kysely } from 'kysely';
import type { BonusForfeitResponse, MyBonus, MyBonuses } from '@app/contracts/bonus';
import type { CountryProfile } from '@app/contracts/country';
import type { Database } from '../../db/schema.ts';
import { retryingTransaction } from '../../db/transactions.ts';
import { AppError } from '../../http/app-error.ts';
import { loadProgramme } from '../promotions/programmes.ts';
import { forfeitActiveBonus, hasGrantFrom, listGrants, type BonusGrant } from '../wallet/bonus-pocket.ts';
import { firstDepositTransaction } from '../wallet/money-facts.ts';
import { getBalance } from '../wallet/wallet.service.ts';
import { firstDepositBonusOpen, firstDepositBonusProgramme } from './first-deposit-bonus.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'promotions'>;

/** Why a grant ended when its member gave it up (`bonus_grant.forfeit_reason`). */
export const PLAYER_FORFEIT = 'player';

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

/**
 * Whether the member can still get the first-deposit bonus: the programme is open in this market and the
 * member has neither a paid deposit nor a first-deposit grant.
 */
async function firstDepositOffer(db: Db, market: Market, memberId: number): Promise<boolean> {
  if (!firstDepositBonusOpen(await loadProgramme(db, firstDepositBonusProgramme, market), market))
    return false;
  if ((await firstDepositTransaction(db, memberId)) !== undefined) return false;
  return !(await hasGrantFrom(db, memberId, firstDepositBonusProgramme.code));
}

/** The caller's bonuses (the bonus page): the active one, those waiting their turn, and the ended ones. */
export async function myBonuses(db: Db, market: Market, memberId: number): Promise<MyBonuses> {
  const grants = (await listGrants(db, memberId)).map(toMyBonus);
  return {
    active: grants.find((grant) => grant.status === 'active') ?? null,
    // Pending grants activate in expiry order: shown in that order.
    pending: grants
      .filter((grant) => grant.status === 'pending')
      .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.id - b.id),
    history: grants.filter((grant) => grant.status !== 'active' && grant.status !== 'pending'),
    firstDepositOffer: await firstDepositOffer(db, market, memberId),
  };
}

/**
 * The caller gives up their active bonus `id` (the wallet's forfeit: its bonus cash goes back to its budget
 * and the next pending grant becomes active). Refused (BONUS_NOT_ACTIVE) when that grant is not the
 * caller's active one any more: completed, expired, or another member's.
 */
export async function forfeitMyBonus(db: Db, memberId: number, id: number): Promise<BonusForfeitResponse> {
  const forfeited = await retryingTransaction(db, async (trx) => {
    const grant = await forfeitActiveBonus(trx, memberId, PLAYER_FORFEIT);
    // Another grant than the one the player saw: nothing of this transaction commits.
    if (!grant || grant.id !== id) throw new AppError('BONUS_NOT_ACTIVE');
    return grant;
  });
  return { forfeited: toMyBonus(forfeited), ...(await getBalance(db, memberId)) };
}
