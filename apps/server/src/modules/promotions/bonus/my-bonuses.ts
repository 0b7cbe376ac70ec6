import type { Kysely } from 'kysely';
import type { BonusForfeitResponse, MyBonuses } from '@app/contracts/bonus';
import type { CountryProfile } from '@app/contracts/country';
import type { Database } from '../../../db/schema.ts';
import { loadProgramme } from '../kit/programmes.ts';
import { forfeitByPlayer, hasGrantFrom, listGrants } from '../../platform/wallet/bonus-pocket.ts';
import { firstDepositTransaction } from '../../platform/wallet/money-facts.ts';
import { getBalance } from '../../platform/wallet/wallet.service.ts';
import { firstDepositBonusOpen, firstDepositBonusProgramme } from './first-deposit-bonus.ts';
import { toMyBonus } from './my-bonus-view.ts';
import { hasOfferFrom, openOffers } from './offers.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'promotions'>;

export { toMyBonus };

/**
 * Whether the member can still get the first-deposit bonus: the programme is open in this market and the
 * member has neither a paid deposit nor a first-deposit offer or grant.
 */
async function firstDepositOffer(db: Db, market: Market, memberId: number): Promise<boolean> {
  if (!firstDepositBonusOpen(await loadProgramme(db, firstDepositBonusProgramme, market), market))
    return false;
  if ((await firstDepositTransaction(db, memberId)) !== undefined) return false;
  if (await hasOfferFrom(db, memberId, firstDepositBonusProgramme.code)) return false;
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
    offers: await openOffers(db, memberId),
  };
}

/** The caller gives up their active bonus `id` (the wallet's `forfeitByPlayer`); answers the balance after. */
export async function forfeitMyBonus(db: Db, memberId: number, id: number): Promise<BonusForfeitResponse> {
  const forfeited = await forfeitByPlayer(db, memberId, id);
  return { forfeited: toMyBonus(forfeited), ...(await getBalance(db, memberId)) };
}
