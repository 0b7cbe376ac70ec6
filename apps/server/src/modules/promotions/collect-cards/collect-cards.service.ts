import { siteDayOf, siteDayRange } from '@app/contracts/market-calendar';
import type { Kysely, Transaction } from 'kysely';
import {
  COLLECT_CARDS_STATUS,
  CollectCardsSettingsSchema,
  type CollectCardsChanceResult,
  type CollectCardsConfig,
  type CollectCardsDraw,
  type CollectCardsDrawResult,
  type CollectCardsFree,
  type CollectCardsGift,
  type CollectCardsMember,
  type CollectCardsNotice,
  type CollectCardsOrderChance,
  type CollectCardsSettings,
} from '@app/contracts/collect-cards';
import type { CountryProfile } from '@app/contracts/country';
import { maskMobile } from '@app/contracts/message-rules';
import { generateFloats } from '@app/fair/stream';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { findPaidOrderByTransaction, findPaidOrderOf } from '../../payments/deposit/deposit.service.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { findMobiles, lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import {
  defineProgramme,
  loadProgramme,
  payReward,
  requireProgramme,
  type Programme,
} from '../kit/programmes.ts';
import { programmeFactConsumer } from '../kit/fact-consumer.ts';
import { type Fact } from '../../platform/wallet/money-facts.ts';
import { getBalances, openPromotionBudget, spendMemberAsset } from '../../platform/wallet/wallet.service.ts';
import {
  activityStatus,
  addCard,
  cardChances,
  cardSetText,
  drawCard,
  expectedChancesForSet,
  isSetComplete,
} from './collect-cards.rules.ts';
import * as repository from './collect-cards.repository.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions' | 'currency'>;

export type CollectCardsDeps = {
  db: Db;
  country: Market;
  /** The clock (tests move it). */
  now?: () => Date;
};

/**
 * Collect-cards (issue 16 §3, docs/promotions.md "Collect-cards"): chances come from a free chance per site
 * day, a paid deposit (depositChance, once per order; never where deposit-linked rewards are forbidden) or
 * coins (costChance); each chance draws one of the activity's cards with the member's committed server
 * seed; holding every card completes the set, which pays `giftAmount` cash once from
 * `promo:collect-cards:budget` and starts the set again.
 *
 * Defaults (KES): five cards weighted 30, 25, 20, 15 and 10 (a set takes 14.42 chances on average), KES 50
 * for a set, 50 coins a chance (721 coins for a set on average, where 100 coins exchange for KES 10 of
 * bonus cash), one chance per deposit, a free chance a day, winners shown masked.
 */
export const COLLECT_CARDS = defineProgramme<CollectCardsSettings>({
  code: 'collect-cards',
  settings: CollectCardsSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      id: 1,
      startAt: null,
      endAt: null,
      cards: [{ weight: 30 }, { weight: 25 }, { weight: 20 }, { weight: 15 }, { weight: 10 }],
      giftAmount: 50_00,
      costChance: 50_00,
      depositChance: 1,
      freeChance: true,
      notices: true,
    },
  },
});

/** Notices and lists: the latest 20 (spec §9 "winners page size 20"). */
const LIST_SIZE = 20;

const nowOf = (deps: CollectCardsDeps) => deps.now?.() ?? new Date();
const weightsOf = (settings: CollectCardsSettings) => settings.cards.map((card) => card.weight);

/** What a paid deposit gives: none where the market forbids deposit-linked rewards (Brazil, art. 42). */
function depositChanceOf(settings: CollectCardsSettings, market: Market): number {
  return market.promotions.depositLinkedRewards ? settings.depositChance : 0;
}

/** The programme when players may act in it now: on, allowed in the market, and its activity running. */
async function requireActive(deps: CollectCardsDeps): Promise<Programme<CollectCardsSettings>> {
  const programme = await requireProgramme(deps.db, COLLECT_CARDS, deps.country);
  const status = activityStatus(programme.settings, nowOf(deps));
  if (status === COLLECT_CARDS_STATUS.finished) throw new AppError('COLLECT_CARDS_FINISHED');
  if (status === COLLECT_CARDS_STATUS.upcoming) throw new AppError('COLLECT_CARDS_NOT_STARTED');
  return programme;
}

export async function getConfig(deps: CollectCardsDeps): Promise<CollectCardsConfig> {
  const programme = await loadProgramme(deps.db, COLLECT_CARDS, deps.country);
  const { settings } = programme;
  const weights = weightsOf(settings);
  const chances = cardChances(weights);
  const expected = expectedChancesForSet(weights);
  return {
    id: settings.id,
    enable: programme.enabled,
    status: activityStatus(settings, nowOf(deps)),
    startAt: settings.startAt,
    endAt: settings.endAt,
    cards: weights.map((weight, index) => ({ card: index + 1, weight, chance: chances[index] ?? 0 })),
    giftAmount: settings.giftAmount,
    costChance: settings.costChance,
    depositChance: depositChanceOf(settings, deps.country),
    freeChance: settings.freeChance,
    expectedChances: Math.round(expected * 100) / 100,
    expectedCost: Math.round(expected * settings.costChance),
    notices: settings.notices,
    currency: deps.country.currency,
  };
}

function freeRef(activityId: number, day: string, memberId: number): string {
  return `${activityId}:${day}:${memberId}`;
}

async function isFreeAvailable(
  deps: CollectCardsDeps,
  programme: Programme<CollectCardsSettings>,
  memberId: number,
  day: string,
): Promise<boolean> {
  if (!programme.enabled || !programme.settings.freeChance) return false;
  if (activityStatus(programme.settings, nowOf(deps)) !== COLLECT_CARDS_STATUS.active) return false;
  return !(await repository.findChance(deps.db, 'free', freeRef(programme.settings.id, day, memberId)));
}

async function memberView(
  deps: CollectCardsDeps,
  programme: Programme<CollectCardsSettings>,
  memberId: number,
): Promise<CollectCardsMember> {
  const { settings } = programme;
  const day = siteDayOf(nowOf(deps), deps.country);
  const [member, seeds, free, balances] = await Promise.all([
    repository.findMember(deps.db, settings.id, memberId),
    repository.seedsOf(deps.db, memberId),
    isFreeAvailable(deps, programme, memberId, day),
    getBalances(deps.db, memberId),
  ]);
  return {
    id: settings.id,
    cardSet: cardSetText(member.cards, settings.cards.length),
    chances: member.chances,
    sets: member.sets,
    free,
    fairness: { serverSeedHash: seeds.server_seed_hash, clientSeed: seeds.client_seed, nonce: seeds.nonce },
    bonusMoney: balances.coins,
  };
}

export async function getMember(deps: CollectCardsDeps, memberId: number): Promise<CollectCardsMember> {
  return memberView(deps, await loadProgramme(deps.db, COLLECT_CARDS, deps.country), memberId);
}

export async function getFree(deps: CollectCardsDeps, memberId: number): Promise<CollectCardsFree> {
  const programme = await loadProgramme(deps.db, COLLECT_CARDS, deps.country);
  const day = siteDayOf(nowOf(deps), deps.country);
  return {
    available: await isFreeAvailable(deps, programme, memberId, day),
    day,
    nextAt: siteDayRange(day, deps.country).to.toISOString(),
  };
}

/** Adds chances in one transaction: the member's standing and row locked, the grant once by its key. */
async function grant(
  deps: CollectCardsDeps,
  programme: Programme<CollectCardsSettings>,
  memberId: number,
  chance: {
    source: 'free';
    ref: string;
    chances: number;
    taken: 'COLLECT_CARDS_FREE_TAKEN';
  },
): Promise<CollectCardsChanceResult> {
  await retryingTransaction(deps.db, async (trx) => {
    if (!(await lockMemberInGoodStanding(trx, memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
    await repository.lockMember(trx, programme.settings.id, memberId);
    const granted = await repository.grantChances(trx, {
      activityId: programme.settings.id,
      memberId,
      source: chance.source,
      ref: chance.ref,
      chances: chance.chances,
    });
    if (!granted) throw new AppError(chance.taken);
  });
  return { added: chance.chances, member: await memberView(deps, programme, memberId) };
}

/** Today's free chance (one per member and site day of the market). */
export async function takeFree(deps: CollectCardsDeps, memberId: number): Promise<CollectCardsChanceResult> {
  const programme = await requireActive(deps);
  if (!programme.settings.freeChance) throw new AppError('ACTIVITY_INVALID');
  const day = siteDayOf(nowOf(deps), deps.country);
  return grant(deps, programme, memberId, {
    source: 'free',
    ref: freeRef(programme.settings.id, day, memberId),
    chances: 1,
    taken: 'COLLECT_CARDS_FREE_TAKEN',
  });
}

/** Whether an order made at `createdAt` may give chances in this activity (none from before its start). */
function madeDuringActivity(settings: CollectCardsSettings, createdAt: Date): boolean {
  return settings.startAt === null || createdAt.getTime() >= Date.parse(settings.startAt);
}

/**
 * What a deposit gives or gave the caller (spec §7 `chances ?orderNo`), read only: `granted` once the
 * server counted the paid deposit, `available` while its chances are on their way (the deposit's fact is
 * counted within seconds), `none` otherwise. The deposit module says whether the order is the caller's own
 * and paid: another member's, an unpaid or an unknown order all answer `none`.
 */
export async function getOrderChance(
  deps: CollectCardsDeps,
  memberId: number,
  orderNo: string,
): Promise<CollectCardsOrderChance> {
  const programme = await loadProgramme(deps.db, COLLECT_CARDS, deps.country);
  const none = { orderNo, state: 'none' as const, chances: 0 };
  const order = await findPaidOrderOf(deps.db, memberId, orderNo);
  if (!order) return none;
  const granted = await repository.findChance(deps.db, 'deposit', String(order.id));
  if (granted) return { orderNo, state: 'granted', chances: granted.chances };
  const chances = depositChanceOf(programme.settings, deps.country);
  const coming =
    programme.enabled &&
    chances > 0 &&
    activityStatus(programme.settings, nowOf(deps)) === COLLECT_CARDS_STATUS.active &&
    madeDuringActivity(programme.settings, order.createdAt);
  return coming ? { orderNo, state: 'available', chances } : none;
}

/**
 * Paid deposits into chances (spec §4 "each deposit gives chances"), on the server, from the deposit's money
 * fact: whatever page the player saw, every paid order gives `depositChance` chances once. A paid deposit
 * writes its `deposit` fact once, in its credit's transaction, whatever paid it (the callback, the STK
 * query, an operator); the consumer counts each fact once (its cursor moves in this transaction), and the
 * grant's key is the order's id (`collect_cards_chance` unique (source, ref)) even if it did not. The
 * activity must have been open when the money arrived (the fact's time) and the order made during it;
 * nothing where the market forbids deposit-linked rewards (Brazil) or while the programme is off. A
 * self-excluded or closed member gets nothing and the batch goes on.
 */
export const collectCardsDeposits = (market: Market) =>
  programmeFactConsumer({
    name: 'collect-cards-deposits',
    kinds: ['deposit'],
    programme: COLLECT_CARDS,
    market,
    handle: async (trx, deposits, programme) => {
      const chances = depositChanceOf(programme.settings, market);
      if (chances === 0) return;
      for (const fact of deposits) await grantForDeposit(trx, programme.settings, fact, chances);
    },
  });

async function grantForDeposit(
  trx: Transaction<Database>,
  settings: CollectCardsSettings,
  fact: Fact,
  chances: number,
): Promise<void> {
  if (activityStatus(settings, fact.createdAt) !== COLLECT_CARDS_STATUS.active) return;
  const order = await findPaidOrderByTransaction(trx, fact.transactionId);
  if (!order || order.memberId !== fact.memberId || !madeDuringActivity(settings, order.createdAt)) return;
  if (!(await lockMemberInGoodStanding(trx, fact.memberId))) return;
  await repository.lockMember(trx, settings.id, fact.memberId);
  await repository.grantChances(trx, {
    activityId: settings.id,
    memberId: fact.memberId,
    source: 'deposit',
    ref: String(order.id),
    chances,
    transactionId: fact.transactionId,
  });
}

export function collectCardsJobs(db: Db, market: Market): Job[] {
  return [collectCardsDeposits(market).job(db)];
}

/**
 * One chance bought with coins (costChance, to the programme's budget, checked on the locked balance), once
 * per request id: the same id again answers the same purchase and spends nothing.
 */
export async function buyChance(
  deps: CollectCardsDeps,
  memberId: number,
  requestId: string,
): Promise<CollectCardsChanceResult> {
  const programme = await requireActive(deps);
  const { settings } = programme;
  if (settings.costChance === 0) throw new AppError('COLLECT_CARDS_NOT_FOR_SALE');
  // The budget account exists before the purchase's transaction (its creation is not part of any purchase).
  await openPromotionBudget(deps.db, COLLECT_CARDS.code);
  const ref = `${memberId}:${requestId}`;
  await retryingTransaction(deps.db, async (trx) => {
    if (!(await lockMemberInGoodStanding(trx, memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
    await repository.lockMember(trx, settings.id, memberId);
    if (await repository.findChance(trx, 'bought', ref)) return;
    const spent = await spendMemberAsset(trx, {
      memberId,
      to: programme.budgetAccount,
      key: `collect-cards:${ref}:buy`,
      asset: 'coins',
      amount: settings.costChance,
      insufficient: 'COLLECT_CARDS_COINS_INSUFFICIENT',
      kind: 'purchase',
      description: 'Collect-cards chance',
    });
    await repository.grantChances(trx, {
      activityId: settings.id,
      memberId,
      source: 'bought',
      ref,
      chances: 1,
      transactionId: spent.transactionId,
    });
  });
  return { added: 1, member: await memberView(deps, programme, memberId) };
}

function toDraw(row: repository.DrawRow): CollectCardsDraw {
  return {
    id: Number(row.id),
    activityId: row.activity_id,
    card: row.card,
    duplicate: row.duplicate,
    completed: row.completed,
    gift: Number(row.gift),
    fairness: {
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: row.nonce,
      weights: row.weights.map(Number),
    },
    createTime: row.created_at.toISOString(),
  };
}

/**
 * Uses one chance: in one transaction the member's standing, their set and their seed are locked, the card
 * is drawn from the committed seed (one float of packages/fair's stream over the cards' weights), the
 * chance is used (`chances > 0` in the update), the draw is recorded with its revealed seed and a new seed
 * committed. A draw that completes the set pays `giftAmount` with `payReward` under
 * `<activity>:set<n>:<member>`, inserts the set's gift row (primary key activity, member, set number) and
 * empties the set. The same `requestId` again answers the draw already made.
 */
export async function draw(
  deps: CollectCardsDeps,
  memberId: number,
  request: { requestId: string; clientSeed?: string | undefined },
): Promise<CollectCardsDrawResult> {
  const programme = await requireActive(deps);
  const { settings } = programme;
  const weights = weightsOf(settings);
  const count = weights.length;
  await openPromotionBudget(deps.db, COLLECT_CARDS.code);

  const row = await retryingTransaction(deps.db, async (trx) => {
    if (!(await lockMemberInGoodStanding(trx, memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
    const member = await repository.lockMember(trx, settings.id, memberId);
    const done = await repository.findDrawByKey(trx, memberId, request.requestId);
    if (done) return done;
    if (member.chances < 1) throw new AppError('COLLECT_CARDS_NO_CHANCE');
    const seeds = await repository.seedsOf(trx, memberId, { forUpdate: true });
    const clientSeed = request.clientSeed ?? seeds.client_seed;
    const [float] = generateFloats({ serverSeed: seeds.server_seed, clientSeed, nonce: seeds.nonce }, 1);
    const card = drawCard(float ?? 0, weights);
    // Cards beyond the activity's count (an operator who removed cards mid-activity) no longer count.
    const held = member.cards.filter((each) => each <= count);
    const { cards, duplicate } = addCard(held, card);
    const completed = isSetComplete(cards, count);
    const setNo = member.sets + 1;
    const used = await repository.useChance(trx, settings.id, memberId, {
      cards: completed ? [] : cards,
      sets: completed ? setNo : member.sets,
    });
    if (!used) throw new AppError('COLLECT_CARDS_NO_CHANCE');
    const inserted = await repository.insertDraw(trx, {
      activityId: settings.id,
      memberId,
      requestKey: request.requestId,
      card,
      duplicate,
      completed,
      serverSeed: seeds.server_seed,
      serverSeedHash: seeds.server_seed_hash,
      clientSeed,
      nonce: seeds.nonce,
      weights,
    });
    await repository.commitNextSeed(trx, memberId, clientSeed);
    if (!completed) return inserted;
    const reward = await payReward(trx, {
      programme: COLLECT_CARDS.code,
      memberId,
      key: `${settings.id}:set${setNo}:${memberId}`,
      cash: settings.giftAmount,
      description: `Collect-cards set ${setNo}`,
    });
    const paidOnce = await repository.insertGift(trx, {
      activityId: settings.id,
      memberId,
      setNo,
      amount: settings.giftAmount,
      drawId: Number(inserted.id),
      transactionId: reward.transactionId,
    });
    // The member's row is locked and its set number moved on in this transaction: a set already paid here
    // means the invariant broke; nothing may commit.
    if (!paidOnce) throw new Error(`collect-cards set ${settings.id}:${setNo}:${memberId} already paid`);
    await repository.setDrawGift(trx, Number(inserted.id), settings.giftAmount);
    return { ...inserted, gift: settings.giftAmount };
  });
  const [member, balances] = await Promise.all([
    memberView(deps, programme, memberId),
    getBalances(deps.db, memberId),
  ]);
  return { ...toDraw(row), member, money: balances.cash, withdrawMoney: balances.withdrawable };
}

/** The caller's latest draws, newest first, with their revealed seeds. */
export async function getDraws(deps: CollectCardsDeps, memberId: number): Promise<CollectCardsDraw[]> {
  return (await repository.findDraws(deps.db, memberId, LIST_SIZE)).map(toDraw);
}

/** The caller's completed sets and what each paid, newest first. */
export async function getGifts(deps: CollectCardsDeps, memberId: number): Promise<CollectCardsGift[]> {
  const rows = await repository.findGifts(deps.db, memberId, LIST_SIZE);
  return rows.map((row) => ({
    activityId: row.activity_id,
    setNo: row.set_no,
    amount: Number(row.amount),
    createTime: row.created_at.toISOString(),
  }));
}

/**
 * The activity's latest completed sets, mobiles masked; none while the operator keeps the feed off (a
 * market's rules on showing winners, reference §6 Kenya) or the programme is off.
 */
export async function getNotices(deps: CollectCardsDeps): Promise<CollectCardsNotice[]> {
  const programme = await loadProgramme(deps.db, COLLECT_CARDS, deps.country);
  if (!programme.enabled || !programme.settings.notices) return [];
  const rows = await repository.findRecentGifts(deps.db, programme.settings.id, LIST_SIZE);
  // The member module's answer: this module reads its own tables only.
  const mobiles = await findMobiles(
    { db: deps.db },
    rows.map((row) => Number(row.member_id)),
  );
  return rows.map((row) => ({
    mobile: maskMobile(mobiles.get(Number(row.member_id)) ?? ''),
    amount: Number(row.amount),
    createTime: row.created_at.toISOString(),
  }));
}
