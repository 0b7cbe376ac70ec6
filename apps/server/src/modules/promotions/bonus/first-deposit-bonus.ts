import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { FirstDepositBonusSettingsSchema, type FirstDepositBonusSettings } from '@app/contracts/bonus';
import type { Database } from '../../../db/schema.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { programmeFactConsumer } from '../kit/fact-consumer.ts';
import { defineProgramme, type Programme } from '../kit/programmes.ts';
import { firstDepositTransaction, type Fact } from '../../platform/wallet/money-facts.ts';
import { hasGrantFrom } from '../../platform/wallet/bonus-pocket.ts';
import { hasOfferFrom, offerBonus } from './offers.ts';

type Market = Pick<CountryProfile, 'promotions'>;
type Db = Kysely<Database>;

/**
 * The first-deposit bonus (docs/promotions.md "Welcome and first-deposit bonus"): on a member's first paid
 * deposit, bonus cash of `percent` of it up to `cap`, with its wagering terms. Default terms: 100 % up to
 * KES 500, wagered 10× within 7 days.
 */
export const firstDepositBonusProgramme = defineProgramme<FirstDepositBonusSettings>({
  code: 'first-deposit-bonus',
  settings: FirstDepositBonusSettingsSchema,
  defaults: {
    // Off until an operator switches it on: a grant changes the balance a first deposit leaves.
    enabled: false,
    settings: {
      percent: 100,
      cap: 500_00,
      minDeposit: 0,
      wageringMultiple: 10,
      expiryDays: 7,
      maxStake: 100_00,
      maxConversion: 500_00,
      contribution: { inhouse: 100, crash: 100, provider: 100 },
    },
  },
});

/**
 * Whether players may get it: the programme is on, and the market allows rewards conditioned on a deposit
 * (`depositLinkedRewards`; false in Brazil, Law 14.790 art. 42), whatever an operator has set.
 */
export function firstDepositBonusOpen(
  programme: Pick<Programme<FirstDepositBonusSettings>, 'enabled'>,
  market: Market,
): boolean {
  return programme.enabled && market.promotions.depositLinkedRewards;
}

/** The bonus a first deposit of `deposit` (minor units) brings under these settings (0: none). */
export function firstDepositBonusOf(settings: FirstDepositBonusSettings, deposit: number): number {
  if (deposit <= 0 || deposit < settings.minDeposit) return 0;
  return Math.min(settings.cap, Math.floor((deposit * settings.percent) / 100));
}

/** The grant's source reference: the deposit's journal transaction (`deposit_order.journal_transaction_id`). */
export function firstDepositRef(journalTransactionId: number): string {
  return `deposit:${journalTransactionId}`;
}

/**
 * The deposit facts of a batch into offers (the member accepts or declines each). A paid deposit writes its fact once, in its credit's
 * transaction, whatever path paid it (the callback, the query, an operator), and a replayed callback or a
 * second reconciliation credits nothing and writes no fact; the consumer counts each fact once (its cursor
 * moves in this transaction), and the grant's unique key (member, source, `deposit:<journal transaction>`)
 * holds even if it did not. Only the member's first deposit fact counts, and only if the member has no
 * first-deposit offer or grant yet. Facts that arrive while the programme is off move the cursor and grant nothing.
 */
export const firstDeposits = (market: Market, now: () => Date = () => new Date()) =>
  programmeFactConsumer({
    name: 'first-deposit-bonus',
    kinds: ['deposit'],
    programme: firstDepositBonusProgramme,
    market,
    handle: async (trx, deposits, programme) => {
      if (!firstDepositBonusOpen(programme, market)) return;
      for (const fact of deposits) await offerForFact(trx, programme, fact, now());
    },
  });

async function offerForFact(
  trx: Transaction<Database>,
  programme: Programme<FirstDepositBonusSettings>,
  fact: Fact,
  now: Date,
): Promise<void> {
  const amount = firstDepositBonusOf(programme.settings, fact.amount);
  if (amount === 0) return;
  if ((await firstDepositTransaction(trx, fact.memberId)) !== fact.transactionId) return;
  if (await hasGrantFrom(trx, fact.memberId, programme.code)) return;
  if (await hasOfferFrom(trx, fact.memberId, programme.code)) return;
  // A blocked member gets nothing (and the batch goes on): the standing is read locked in this transaction.
  if (!(await lockMemberInGoodStanding(trx, fact.memberId))) return;
  // Offered, not granted (issue 22): the member accepts or declines it on the deposit result or /bonus.
  await offerBonus(
    trx,
    {
      programme: programme.code,
      memberId: fact.memberId,
      sourceRef: firstDepositRef(fact.transactionId),
      amount,
      terms: programme.settings,
    },
    now,
  );
}

export function firstDepositBonusJobs(db: Db, market: Market): Job[] {
  return [firstDeposits(market).job(db)];
}
