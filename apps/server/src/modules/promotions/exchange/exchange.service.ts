import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import {
  CoinExchangeSettingsSchema,
  coinExchangeMaxConversion,
  type CoinExchangeSettings,
  type ExchangeOption,
  type ExchangeRequest,
  type ExchangeResult,
} from '@app/contracts/exchange';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { grantProgrammeBonus, termsOf } from '../bonus/grants.ts';
import { toMyBonus } from '../bonus/my-bonuses.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { defineProgramme, loadProgramme, requireProgramme, type Programme } from '../kit/programmes.ts';
import {
  exchangeForBonus,
  exchangeToCash,
  getBalances,
  openPromotionBudget,
} from '../../platform/wallet/wallet.service.ts';
import * as repository from './exchange.repository.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'promotions'>;
type OptionRow = Awaited<ReturnType<typeof repository.findEnabledOptions>>[number];

/**
 * Coins exchanged for bonus cash (docs/promotions.md "Coins exchanged for bonus cash"): an option whose
 * cash is not withdrawable gives a bonus grant of the wallet's bonus pocket with these terms, so wagering,
 * real money first, conversion once, expiry and forfeit at self-exclusion apply as to any bonus. Default
 * terms: wager 5× within 7 days, the game's own stake limits, all of it withdrawable at the end.
 * Withdrawable options (diamonds for cash) are not bonuses and do not depend on it.
 */
export const coinExchangeProgramme = defineProgramme<CoinExchangeSettings>({
  code: 'coin-exchange',
  settings: CoinExchangeSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      wageringMultiple: 5,
      expiryDays: 7,
      // Null: a small exchanged bonus does not cap the member's stakes while it is active.
      maxStake: null,
      maxConversionPercent: 100,
      contribution: { inhouse: 100, crash: 100, provider: 100 },
    },
  },
});

function toOption(row: OptionRow, programme: Programme<CoinExchangeSettings>): ExchangeOption {
  const cash = Number(row.cash);
  const { settings } = programme;
  return {
    id: row.id,
    fromAsset: row.from_asset,
    fromAmount: Number(row.from_amount),
    cash,
    withdrawable: row.withdrawable,
    ...(row.withdrawable
      ? {}
      : {
          bonus: {
            wageringMultiple: settings.wageringMultiple,
            wageringRequired: Math.ceil(cash * settings.wageringMultiple),
            expiryDays: settings.expiryDays,
            maxStake: settings.maxStake,
            maxConversion: coinExchangeMaxConversion(settings, cash),
          },
        }),
  };
}

/** The options on offer: bonus-cash options only while the `coin-exchange` programme is on. */
export async function getOptions(db: Db, market: Market): Promise<ExchangeOption[]> {
  const programme = await loadProgramme(db, coinExchangeProgramme, market);
  return (await repository.findEnabledOptions(db))
    .filter((row) => row.withdrawable || programme.enabled)
    .map((row) => toOption(row, programme));
}

/**
 * One exchange through the ledger. The idempotency key is the member's `requestId` when the app sends
 * one (a double tap or a retried call is then done once), else a fresh one; it is scoped to the member
 * so one member's id can never replay another's exchange.
 *
 * Bonus cash: in ONE transaction, the member's standing read with the row share-locked (a self-excluded
 * or closed member is refused, PROMOTION_MEMBER_BLOCKED), the coins to `promo:coin-exchange:budget`
 * under the key, and the grant (`source_ref` `exchange:<that journal transaction>`): a replay finds the
 * coins' transaction and then the grant it made, so one request spends once and grants once. The grant is
 * active (credited now) or pending behind the member's active bonus (credited when its turn comes).
 */
export async function exchange(
  db: Db,
  market: Market,
  memberId: number,
  request: ExchangeRequest,
  now = new Date(),
): Promise<ExchangeResult> {
  const row = await repository.findEnabledOption(db, request.id);
  if (!row) throw new AppError('NOT_FOUND');
  const key = `exchange:${memberId}:${request.requestId ?? randomUUID()}`;
  const description = `${row.from_asset === 'coins' ? 'Coins' : 'Diamonds'} to cash (option ${row.id})`;
  let transactionId: number;
  let bonus: ExchangeResult['bonus'] = null;
  if (row.withdrawable) {
    ({ transactionId } = await exchangeToCash(db, {
      memberId,
      key,
      asset: row.from_asset,
      amount: Number(row.from_amount),
      cash: Number(row.cash),
      withdrawable: true,
      description,
    }));
  } else {
    const programme = await requireProgramme(db, coinExchangeProgramme, market);
    const cash = Number(row.cash);
    const made = await retryingTransaction(db, async (trx) => {
      if (!(await lockMemberInGoodStanding(trx, memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
      const spent = await exchangeForBonus(trx, {
        memberId,
        key,
        to: await openPromotionBudget(trx, programme.code),
        asset: row.from_asset,
        amount: Number(row.from_amount),
        cash,
        description,
      });
      const { grant } = await grantProgrammeBonus(trx, {
        programme: programme.code,
        memberId,
        sourceRef: `exchange:${spent.transactionId}`,
        amount: cash,
        terms: termsOf(
          { ...programme.settings, maxConversion: coinExchangeMaxConversion(programme.settings, cash) },
          now,
        ),
      });
      return { transactionId: spent.transactionId, grant };
    });
    transactionId = made.transactionId;
    bonus = toMyBonus(made.grant);
  }
  const balances = await getBalances(db, memberId);
  return {
    money: balances.cash,
    withdrawMoney: balances.withdrawable,
    bonusMoney: balances.coins,
    diamond: balances.diamonds,
    transactionId,
    bonus,
  };
}
