import { siteDayOf } from '@app/contracts/market-calendar';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import type { DailyBonusEntry, DailyBonusSignResult } from '@app/contracts/sign-in';
import type { Database } from '../../../db/schema.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { claimOnce, loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { signInProgramme } from './sign-in.programme.ts';
import * as repository from './sign-in.repository.ts';
import { cycleDayFor, previewOf } from './sign-in.rules.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions'>;

/** The member's 7 entries on the site day of `now`, with the amounts as configured now. */
export async function preview(
  db: Db,
  market: Market,
  /** The caller; undefined for a visitor, who sees a new cycle's 7 days and their amounts. */
  memberId: number | undefined,
  now: Date,
): Promise<DailyBonusEntry[]> {
  const programme = await loadProgramme(db, signInProgramme, market);
  const today = siteDayOf(now, market);
  const latest = memberId === undefined ? undefined : await repository.findLatestClaim(db, memberId, today);
  return previewOf(today, latest, programme.settings.amounts);
}

/**
 * Today's claim: one row per member and site day (`insert … on conflict do nothing`) and its reward from the
 * programme's budget under the key `<site day>:<member>`, in one transaction. A second claim the same day
 * (or a parallel one) finds the row and is refused (BONUS_ALREADY_CLAIMED); a blocked member is refused by
 * payReward and the claim rolls back with it.
 */
export async function sign(
  db: Db,
  market: Market,
  memberId: number,
  now: Date,
): Promise<DailyBonusSignResult> {
  const programme = await requireProgramme(db, signInProgramme, market);
  const today = siteDayOf(now, market);
  const { asset, amounts } = programme.settings;
  const claimed = await db.transaction().execute(async (trx) => {
    const cycleDay = cycleDayFor(today, await repository.findLatestClaim(trx, memberId, today));
    const amount = amounts[cycleDay - 1] ?? 0;
    await claimOnce(trx, {
      record: () => repository.insertClaim(trx, { memberId, siteDay: today, cycleDay, asset, amount }),
      alreadyClaimed: 'SIGN_IN_ALREADY_CLAIMED',
      reward: () => ({
        programme: 'sign-in',
        memberId,
        key: `${today}:${memberId}`,
        ...(asset === 'cash' ? { cash: amount } : { coins: amount }),
        description: `Daily sign-in day ${cycleDay} (${today})`,
      }),
      link: (_, transactionId) =>
        repository.setClaimTransaction(trx, { memberId, siteDay: today, transactionId }),
    });
    return { cycleDay, amount };
  });
  const balances = await getBalances(db, memberId);
  return {
    day: claimed.cycleDay,
    cashBack: claimed.amount,
    asset,
    siteDay: today,
    money: balances.cash,
    bonusMoney: balances.coins,
  };
}

/** Whether the member has claimed on the site day of `now` (the coin spin's condition). */
export function signedInToday(db: Db, market: Market, memberId: number, now: Date): Promise<boolean> {
  return repository.hasClaimed(db, memberId, siteDayOf(now, market));
}
