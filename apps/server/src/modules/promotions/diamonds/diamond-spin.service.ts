import { siteDayOf } from '@app/contracts/market-calendar';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import {
  DiamondSpinSettingsSchema,
  type DiamondSpinBet,
  type DiamondSpinBetResult,
  type DiamondSpinConfig,
  type DiamondSpinSettings,
  type DiamondSpinWinner,
  type SpinSegment,
} from '@app/contracts/diamonds';
import { maskMobile } from '@app/contracts/message-rules';
import { spinPrizeWheel } from '@app/fair/prize-wheel';
import { generateFloats } from '@app/fair/stream';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMobiles, lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { defineProgramme, loadProgramme, payReward, requireProgramme } from '../kit/programmes.ts';
import { getBalances, openPromotionBudget, spendMemberAsset } from '../../platform/wallet/wallet.service.ts';
import * as repository from './diamond-spin.repository.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions'>;

/**
 * The diamond spin (issue 14 §5, docs/promotions.md "Diamonds"). A bet costs diamonds (the option's
 * cost, to `promo:diamond-spin:budget`) and is that option's number of spins of a wheel whose segments,
 * weights and daily pools are published (`diamond-spin/cfg`). Each spin is one float of the member's
 * provably fair stream (their committed server seed, client seed, nonce; packages/fair prize-wheel); a
 * prize whose pool for the site day is empty pays nothing. Cost, pools and prizes move in one
 * transaction, once per request key.
 */
export const DIAMOND_SPIN = defineProgramme<DiamondSpinSettings>({
  code: 'diamond-spin',
  settings: DiamondSpinSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      options: [
        { index: 0, spins: 1, cost: 10 },
        { index: 1, spins: 10, cost: 100 },
      ],
      segments: [
        { id: 1, type: 'none', amount: 0, weight: 400, dailyPool: null },
        { id: 2, type: 'coins', amount: 1_00, weight: 250, dailyPool: 5_000 },
        { id: 3, type: 'diamonds', amount: 5, weight: 150, dailyPool: 3_000 },
        { id: 4, type: 'coins', amount: 5_00, weight: 80, dailyPool: 1_000 },
        { id: 5, type: 'diamonds', amount: 20, weight: 60, dailyPool: 500 },
        { id: 6, type: 'cash', amount: 10_00, weight: 40, dailyPool: 100 },
        { id: 7, type: 'coins', amount: 20_00, weight: 15, dailyPool: 100 },
        { id: 8, type: 'cash', amount: 100_00, weight: 5, dailyPool: 5 },
      ],
    },
  },
});

/** What a bet's spins pay, given which of them found their prize's pool not empty. */
export function prizesOf(
  segments: readonly SpinSegment[],
  spins: readonly { segment: number; paid: boolean }[],
): { coins: number; diamonds: number; cash: number } {
  const total = { coins: 0, diamonds: 0, cash: 0 };
  for (const spin of spins) {
    const segment = segments[spin.segment];
    if (!segment || !spin.paid || segment.type === 'none') continue;
    total[segment.type] += segment.amount;
  }
  return total;
}

export async function getConfig(db: Db, market: Market, memberId: number): Promise<DiamondSpinConfig> {
  const programme = await loadProgramme(db, DIAMOND_SPIN, market);
  const day = siteDayOf(new Date(), market);
  const [pools, seeds, balances] = await Promise.all([
    repository.findPools(db, day),
    repository.seedsOf(db, memberId),
    getBalances(db, memberId),
  ]);
  const remaining = new Map(pools.map((pool) => [pool.segment_id, pool.remaining]));
  return {
    enable: programme.enabled,
    day,
    options: programme.settings.options,
    segments: programme.settings.segments.map((segment) => ({
      ...segment,
      remaining: segment.dailyPool === null ? null : (remaining.get(segment.id) ?? segment.dailyPool),
    })),
    fairness: { serverSeedHash: seeds.server_seed_hash, clientSeed: seeds.client_seed, nonce: seeds.nonce },
    diamond: balances.diamonds,
  };
}

type BetRow = Awaited<ReturnType<typeof repository.insertBet>>;

function toBet(row: BetRow, segments: readonly SpinSegment[] | undefined): DiamondSpinBet {
  return {
    id: Number(row.id),
    index: row.option_index,
    cost: Number(row.cost),
    spins: row.spins.map((spin) => {
      const segment = segments?.[spin.segment];
      return {
        segment: spin.segment,
        segmentId: segment?.id ?? 0,
        type: segment?.type ?? 'none',
        amount: spin.paid ? (segment?.amount ?? 0) : 0,
        paid: spin.paid,
      };
    }),
    coins: Number(row.coins),
    diamonds: Number(row.diamonds),
    cash: Number(row.cash),
    fairness: {
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: row.nonce,
      weights: row.weights,
    },
    createTime: row.created_at.toISOString(),
  };
}

/**
 * One bet: `index` picks the option (spins and cost). In one transaction: the member's standing and seed
 * row are locked (one bet of a member at a time), the cost is debited (not enough diamonds: nothing
 * happens), each spin's prize is taken from today's pool, the prizes are paid through `payReward`, the bet
 * is recorded with its revealed seed and a new seed is committed. The same `requestId` again answers the
 * bet already made.
 */
export async function bet(
  db: Db,
  market: Market,
  memberId: number,
  request: { index: number; requestId?: string | undefined; clientSeed?: string | undefined },
): Promise<DiamondSpinBetResult> {
  const programme = await requireProgramme(db, DIAMOND_SPIN, market);
  const option = programme.settings.options.find((candidate) => candidate.index === request.index);
  if (!option) throw new AppError('SPIN_OPTION_NOT_FOUND');
  const segments = programme.settings.segments;
  const weights = segments.map((segment) => segment.weight);
  const requestKey = request.requestId ?? randomUUID();
  const day = siteDayOf(new Date(), market);
  // The budget account exists before the transaction (its creation is not part of any bet).
  await openPromotionBudget(db, 'diamond-spin');

  const { row, next } = await retryingTransaction(db, async (trx) => {
    if (!(await lockMemberInGoodStanding(trx, memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
    const seeds = await repository.seedsOf(trx, memberId, { forUpdate: true });
    const done = await repository.findBetByKey(trx, memberId, requestKey);
    if (done) {
      return {
        row: done,
        next: { serverSeedHash: seeds.server_seed_hash, clientSeed: seeds.client_seed, nonce: seeds.nonce },
      };
    }
    const clientSeed = request.clientSeed ?? seeds.client_seed;
    await spendMemberAsset(trx, {
      memberId,
      to: programme.budgetAccount,
      key: `diamond-spin:${memberId}:${requestKey}:cost`,
      asset: 'diamonds',
      amount: option.cost,
      insufficient: 'DIAMONDS_INSUFFICIENT',
      description: `Diamond spin ×${option.spins}`,
    });
    const landed = spinPrizeWheel(
      generateFloats({ serverSeed: seeds.server_seed, clientSeed, nonce: seeds.nonce }, option.spins),
      weights,
    );
    // Pools are taken segment by segment in id order (no two bets lock them in opposite orders).
    await repository.openPools(
      trx,
      day,
      segments.flatMap((segment) =>
        segment.dailyPool === null || segment.type === 'none'
          ? []
          : [{ segmentId: segment.id, size: segment.dailyPool }],
      ),
    );
    const paid = landed.map(() => false);
    const order = landed
      .map((segment, spin) => ({ segment, spin }))
      .sort((a, b) => (segments[a.segment]?.id ?? 0) - (segments[b.segment]?.id ?? 0) || a.spin - b.spin);
    for (const { segment, spin } of order) {
      const prize = segments[segment];
      if (!prize || prize.type === 'none') continue;
      paid[spin] = prize.dailyPool === null ? true : await repository.takePrize(trx, day, prize.id);
    }
    const spins = landed.map((segment, spin) => ({ segment, paid: paid[spin] ?? false }));
    const prizes = prizesOf(segments, spins);
    const inserted = await repository.insertBet(trx, {
      memberId,
      requestKey,
      day,
      optionIndex: option.index,
      cost: option.cost,
      serverSeed: seeds.server_seed,
      serverSeedHash: seeds.server_seed_hash,
      clientSeed,
      nonce: seeds.nonce,
      weights,
      spins,
      ...prizes,
    });
    if (prizes.coins + prizes.diamonds + prizes.cash > 0) {
      await payReward(trx, {
        programme: 'diamond-spin',
        memberId,
        key: `${day}-bet${inserted.id}:${memberId}`,
        ...(prizes.cash > 0 ? { cash: prizes.cash } : {}),
        ...(prizes.coins > 0 ? { coins: prizes.coins } : {}),
        ...(prizes.diamonds > 0 ? { diamonds: prizes.diamonds } : {}),
        description: `Diamond spin prize (bet ${inserted.id})`,
      });
    }
    const committed = await repository.commitNextSeed(trx, memberId, clientSeed);
    return {
      row: inserted,
      next: {
        serverSeedHash: committed.server_seed_hash,
        clientSeed: committed.client_seed,
        nonce: committed.nonce,
      },
    };
  });
  const balances = await getBalances(db, memberId);
  return { ...toBet(row, segments), diamond: balances.diamonds, next };
}

export async function getRecords(
  db: Db,
  market: Market,
  memberId: number,
  query: { maxId?: number | undefined; limit: number },
): Promise<DiamondSpinBet[]> {
  const programme = await loadProgramme(db, DIAMOND_SPIN, market);
  const rows = await repository.findBets(db, memberId, query);
  return rows.map((row) => toBet(row, programme.settings.segments));
}

/**
 * The latest winning bets, mobiles masked (spec §9: winners page of 20); none where the market's law
 * forbids advertising former winners (`compliance.advertising.showWinners`; off in Kenya, issue 25 §5).
 */
export async function getWinners(
  db: Db,
  market: Pick<CountryProfile, 'compliance'>,
): Promise<DiamondSpinWinner[]> {
  if (!market.compliance.advertising.showWinners) return [];
  const rows = await repository.findWinners(db, 20);
  // The member module's answer, as the game centre's winners use it: this module reads its own tables only.
  const mobiles = await findMobiles(
    { db },
    rows.map((row) => Number(row.member_id)),
  );
  return rows.map((row) => {
    const [type, amount] =
      Number(row.cash) > 0
        ? (['cash', row.cash] as const)
        : Number(row.coins) > 0
          ? (['coins', row.coins] as const)
          : (['diamonds', row.diamonds] as const);
    return {
      mobile: maskMobile(mobiles.get(Number(row.member_id)) ?? ''),
      type,
      amount: Number(amount),
      createTime: row.created_at.toISOString(),
    };
  });
}
