import type { Kysely, Transaction } from 'kysely';
import type { Language } from '@app/contracts/config';
import { COUNTRY_PROFILES, CountryCodeSchema } from '@app/contracts/country';
import {
  VIP_LEVEL_COUNT,
  VIP_LEVEL_NAMES,
  VipSettingsSchema,
  type BenefitClaimResult,
  type BenefitLogPage,
  type BenefitSettingsView,
  type VipBenefit,
  type VipBenefitSetting,
  type VipLevel,
  type VipPersonalLevel,
  type VipSettings,
} from '@app/contracts/vip';
import type { Database, MemberRow } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { claimOnce, defineProgramme, loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { programmeFactConsumer } from '../kit/fact-consumer.ts';
import type { Fact } from '../../platform/wallet/money-facts.ts';
import * as repository from './vip.repository.ts';
import { calendarDayOf } from '@app/contracts/market-calendar';
import {
  assetOf,
  benefitStateOf,
  levelNameOf,
  levelOf,
  minLevelOf,
  periodKindOf,
  periodOf,
  pointsOf,
  progressOf,
  sortByStatu,
  vipYearOf,
  weightedStakeOf,
  type Market,
} from './vip.rules.ts';

type Db = Kysely<Database>;

/** The member fields the benefits need: the id and the registration (anniversary cash). */
type Member = Pick<MemberRow, 'id' | 'created_at'>;

const ALL_LEVELS = (amount: number) => Array.from({ length: VIP_LEVEL_COUNT }, () => amount);
const FROM_LEVEL = (level: number) => ALL_LEVELS(1).map((one, index) => (index + 1 >= level ? one : 0));

/**
 * VIP levels and benefits (issue 15 §1 §2, docs/promotions.md "VIP levels and benefits"). Defaults in KES:
 * 1 BP per shilling staked from real money; Legend at 2.5 million BP a year.
 */
export const VIP = defineProgramme<VipSettings>({
  code: 'vip',
  settings: VipSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      thresholds: [0, 1_000, 5_000, 20_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000],
      // Kenya's public holidays of a fixed date (Madaraka, Mashujaa, Jamhuri, Christmas, Boxing Day, New Year).
      holidays: ['01-01', '06-01', '10-20', '12-12', '12-25', '12-26'],
      holidayMultiplier: 10,
      anniversaryDays: 7,
      benefits: [
        {
          id: 1,
          type: 0,
          name: 'Cash bonus',
          translations: { fr: 'Bonus en espèces', pt: 'Bônus em dinheiro', sw: 'Bonasi ya pesa taslimu' },
          enable: true,
          amounts: [0, 20_00, 100_00, 300_00, 800_00, 1_500_00, 4_000_00, 8_000_00, 15_000_00, 40_000_00],
        },
        {
          id: 2,
          type: 1,
          name: 'Weekly cash back',
          translations: {
            fr: 'Remboursement hebdomadaire',
            pt: 'Reembolso semanal',
            sw: 'Marejesho ya kila wiki',
          },
          enable: true,
          amounts: FROM_LEVEL(2),
        },
        {
          id: 3,
          type: 2,
          name: 'Daily coins',
          translations: { fr: 'Pièces quotidiennes', pt: 'Moedas diárias', sw: 'Sarafu za kila siku' },
          enable: true,
          amounts: [1_00, 2_00, 3_00, 5_00, 8_00, 10_00, 15_00, 20_00, 30_00, 50_00],
        },
        {
          id: 4,
          type: 3,
          name: 'Cash rain',
          translations: { fr: 'Pluie de cash', pt: 'Chuva de dinheiro', sw: 'Mvua ya pesa' },
          enable: true,
          amounts: ALL_LEVELS(1),
        },
        {
          id: 5,
          type: 4,
          name: 'Customer service',
          translations: { fr: 'Service client', pt: 'Atendimento ao cliente', sw: 'Huduma kwa wateja' },
          enable: true,
          amounts: ALL_LEVELS(1),
        },
        {
          id: 6,
          type: 5,
          name: 'VIP manager',
          translations: { fr: 'Gestionnaire VIP', pt: 'Gerente VIP', sw: 'Meneja wa VIP' },
          enable: true,
          amounts: FROM_LEVEL(6),
        },
        {
          id: 7,
          type: 6,
          name: 'Diamond exchange',
          translations: { fr: 'Échange de diamants', pt: 'Troca de diamantes', sw: 'Kubadilisha almasi' },
          enable: true,
          amounts: ALL_LEVELS(1),
        },
        {
          id: 8,
          type: 7,
          name: 'Anniversary cash',
          translations: {
            fr: 'Cash d’anniversaire',
            pt: 'Dinheiro de aniversário',
            sw: 'Pesa ya maadhimisho',
          },
          enable: true,
          amounts: [0, 0, 50_00, 100_00, 200_00, 500_00, 1_000_00, 2_000_00, 5_000_00, 10_000_00],
        },
        {
          id: 9,
          type: 8,
          name: 'Free tickets',
          translations: { fr: 'Tickets gratuits', pt: 'Bilhetes grátis', sw: 'Tiketi za bure' },
          enable: true,
          amounts: [0, 0, 0, 1, 2, 3, 5, 8, 10, 20],
        },
        {
          id: 10,
          type: 9,
          name: 'Weekly coins',
          translations: { fr: 'Pièces hebdomadaires', pt: 'Moedas semanais', sw: 'Sarafu za kila wiki' },
          enable: true,
          amounts: [0, 5_00, 10_00, 20_00, 50_00, 100_00, 200_00, 300_00, 500_00, 1_000_00],
        },
        {
          id: 11,
          type: 10,
          name: 'VIP mall',
          translations: { fr: 'Boutique VIP', pt: 'Loja VIP', sw: 'Duka la VIP' },
          enable: true,
          amounts: FROM_LEVEL(3),
        },
        {
          id: 12,
          type: 11,
          name: 'VIP mall specials',
          translations: {
            fr: 'Offres de la boutique VIP',
            pt: 'Ofertas da loja VIP',
            sw: 'Ofa za duka la VIP',
          },
          enable: true,
          amounts: FROM_LEVEL(5),
        },
        {
          id: 13,
          type: 0,
          name: 'Christmas cash',
          translations: { fr: 'Cash de Noël', pt: 'Dinheiro de Natal', sw: 'Pesa ya Krismasi' },
          enable: true,
          amounts: [0, 10_00, 20_00, 50_00, 100_00, 200_00, 500_00, 1_000_00, 2_000_00, 5_000_00],
          window: { from: '12-20', to: '12-31' },
        },
        {
          id: 14,
          type: 0,
          name: 'Easter cash',
          translations: { fr: 'Cash de Pâques', pt: 'Dinheiro de Páscoa', sw: 'Pesa ya Pasaka' },
          enable: true,
          amounts: [0, 10_00, 20_00, 50_00, 100_00, 200_00, 500_00, 1_000_00, 2_000_00, 5_000_00],
          // Easter moves: an operator sets each year's dates (Good Friday to Easter Monday, 2027).
          window: { from: '2027-03-26', to: '2027-03-29' },
        },
      ],
    },
  },
});

// ---------------------------------------------------------------------------------------------------
// Points: counted from the money facts.

/**
 * What a batch of money facts adds to members' years: each bet's REAL-MONEY part (the withdrawable cash
 * its transaction took; the bonus-cash part earns nothing) and each rollback's real part taken back, times
 * the holiday multiplier of the fact's market date, in the year of that date. Wins, deposits and
 * withdrawals earn nothing. A rollback uses its own date (rollbacks follow their bet within seconds; a bet
 * and its rollback on either side of a holiday's midnight are the known imprecision).
 */
export function weightedStakesOf(
  facts: readonly Pick<Fact, 'kind' | 'memberId' | 'ownMoney' | 'createdAt'>[],
  market: Pick<Market, 'timeZone'>,
  settings: Pick<VipSettings, 'holidays' | 'holidayMultiplier'>,
): { memberId: number; year: number; weightedStake: number }[] {
  const byKey = new Map<string, { memberId: number; year: number; weightedStake: number }>();
  for (const fact of facts) {
    const sign = fact.kind === 'bet' ? 1 : fact.kind === 'rollback' ? -1 : 0;
    const real = fact.ownMoney;
    if (sign === 0 || real <= 0) continue;
    const date = calendarDayOf(fact.createdAt, market.timeZone);
    const year = Number(date.slice(0, 4));
    const key = `${fact.memberId}:${year}`;
    const row = byKey.get(key) ?? { memberId: fact.memberId, year, weightedStake: 0 };
    row.weightedStake += sign * weightedStakeOf(real, date, settings);
    byKey.set(key, row);
  }
  return [...byKey.values()].filter((row) => row.weightedStake !== 0);
}

/** VIP points from the stakes' own money (each fact carries it), counted while the programme is on. */
export const vipPoints = (market: Market) =>
  programmeFactConsumer({
    name: 'vip-points',
    kinds: ['bet', 'rollback'],
    programme: VIP,
    market,
    handle: async (trx, stakes, programme) => {
      await repository.addWeightedStakes(trx, weightedStakesOf(stakes, market, programme.settings));
    },
  });

export function vipJobs(db: Db, market: Market): Job[] {
  return [vipPoints(market).job(db)];
}

// ---------------------------------------------------------------------------------------------------
// Levels.

/**
 * This process's market (the server runs one, `COUNTRY`), for callers of `getMemberVipLevel` that do not
 * name theirs: the year and the points depend on its time zone and currency scale.
 */
function processMarket(): Market {
  return COUNTRY_PROFILES[CountryCodeSchema.catch('KE').parse(process.env.COUNTRY)];
}

type MemberLevel = { level: number; name: string; points: number; year: number };

/** A member's level in the year of `at`, with thresholds already loaded (one read: the year's row). */
async function levelWith(
  db: Kysely<Database> | Transaction<Database>,
  market: Market,
  thresholds: readonly number[],
  memberId: number,
  at: Date,
): Promise<MemberLevel> {
  const year = vipYearOf(at, market.timeZone);
  const points = pointsOf(await repository.findWeightedStake(db, memberId, year), market.scale);
  const level = levelOf(points, thresholds);
  return { level, name: levelNameOf(level), points, year };
}

/**
 * A member's VIP level in the market's calendar year of `at` (now by default), from the points counted so
 * far in that year (a few seconds behind the bets: the consumer's batch). For other modules (weekly cash
 * back's rate by level). `market` defaults to the process's own.
 */
export async function getMemberVipLevel(
  db: Kysely<Database> | Transaction<Database>,
  memberId: number,
  at: Date = new Date(),
  market: Market = processMarket(),
): Promise<{ level: number; name: string; points: number; year: number }> {
  const programme = await loadProgramme(db, VIP, market);
  return levelWith(db, market, programme.settings.thresholds, memberId, at);
}

/**
 * Many members' VIP levels (1 to 10) in the market's year of `at`, in one read (weekly cash back's job
 * settles a whole week's members at once). Members without points are level 1, like everyone at the start
 * of a year.
 */
export async function getMemberVipLevels(
  db: Kysely<Database> | Transaction<Database>,
  memberIds: readonly number[],
  at: Date,
  market: Market = processMarket(),
): Promise<Map<number, number>> {
  const programme = await loadProgramme(db, VIP, market);
  const stakes = await repository.findWeightedStakes(db, memberIds, vipYearOf(at, market.timeZone));
  return new Map(
    memberIds.map((memberId) => [
      memberId,
      levelOf(pointsOf(stakes.get(memberId) ?? 0, market.scale), programme.settings.thresholds),
    ]),
  );
}

/** `vip/personal-level`: the caller's level this year and the way to the next. */
export async function getPersonalLevel(db: Db, market: Market, memberId: number): Promise<VipPersonalLevel> {
  const programme = await loadProgramme(db, VIP, market);
  const { points, year } = await levelWith(db, market, programme.settings.thresholds, memberId, new Date());
  const way = progressOf(points, programme.settings.thresholds);
  return {
    levelId: way.level,
    name: levelNameOf(way.level),
    points,
    year,
    nextLevelId: way.next,
    nextLevelName: way.next === null ? null : levelNameOf(way.next),
    pointsToNext: way.pointsToNext,
    progress: way.progress,
    enable: programme.enabled,
  };
}

/** `vip/levels`: the ten levels and where each starts. */
export async function getLevels(db: Db, market: Market): Promise<VipLevel[]> {
  const programme = await loadProgramme(db, VIP, market);
  return VIP_LEVEL_NAMES.map((name, index) => ({
    id: index + 1,
    name,
    points: programme.settings.thresholds[index] ?? 0,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Benefits.

function nameOf(benefit: VipBenefitSetting, language: Language): string {
  return (language === 'en' ? undefined : benefit.translations[language]) || benefit.name;
}

/** `benefits/levels ?levelId`: the benefits a level has (what each pays there); no claim state. */
export async function getLevelBenefits(
  db: Db,
  market: Market,
  levelId: number,
  language: Language,
): Promise<VipBenefit[]> {
  const programme = await loadProgramme(db, VIP, market);
  return programme.settings.benefits
    .filter((benefit) => benefit.enable && (benefit.amounts[levelId - 1] ?? 0) > 0)
    .map((benefit) => ({
      id: benefit.id,
      type: benefit.type,
      name: nameOf(benefit, language),
      enable: benefit.enable,
      statu: 0,
      state: -1,
      amount: benefit.amounts[levelId - 1] ?? 0,
      minLevelId: minLevelOf(benefit),
    }));
}

/**
 * `benefits/personal-enjoyed`: every benefit with the caller's statu and state at their level now, ordered
 * by statu 0, 1, -1, 9 (spec §4); `ids` keeps only those benefits.
 */
export async function getPersonalBenefits(
  db: Db,
  market: Market,
  member: Member,
  language: Language,
  ids?: readonly number[],
): Promise<VipBenefit[]> {
  const programme = await loadProgramme(db, VIP, market);
  const now = new Date();
  const { level } = await levelWith(db, market, programme.settings.thresholds, member.id, now);
  const context = {
    now,
    market,
    level,
    registeredAt: member.created_at,
    anniversaryDays: programme.settings.anniversaryDays,
  };
  const chosen = programme.settings.benefits.filter((benefit) => !ids || ids.includes(benefit.id));
  const periods = chosen.map((benefit) => periodOf(benefit, context));
  const claimed = await repository.findClaimedPeriods(
    db,
    member.id,
    periods.filter((period): period is string => period !== undefined),
  );
  const claimedBy = new Map<number, Set<string>>();
  for (const row of claimed) {
    const set = claimedBy.get(row.benefit_id) ?? new Set<string>();
    set.add(row.period);
    claimedBy.set(row.benefit_id, set);
  }
  const benefits = chosen.map((benefit, index) => {
    const { statu, state } = programme.enabled
      ? benefitStateOf(benefit, level, periods[index], claimedBy.get(benefit.id) ?? new Set())
      : { statu: 9, state: -1 };
    return {
      id: benefit.id,
      type: benefit.type,
      name: nameOf(benefit, language),
      enable: benefit.enable && programme.enabled,
      statu,
      state,
      amount: benefit.amounts[level - 1] ?? 0,
      minLevelId: minLevelOf(benefit),
    };
  });
  return sortByStatu(benefits);
}

/**
 * Claims a benefit for its current period: exactly once (the claim's primary key, member × benefit ×
 * period), at the member's level now, paid from `promo:vip:budget` in the same transaction (`payReward`
 * re-reads the member's standing there: a blocked member gets nothing and the claim rolls back). Cash is a
 * prize (withdrawable), coins are coins, free tickets are tickets (the wallet's asset the draws spend).
 */
export async function claimBenefit(
  db: Db,
  market: Market,
  member: Member,
  benefitId: number,
): Promise<BenefitClaimResult> {
  const programme = await requireProgramme(db, VIP, market);
  const benefit = programme.settings.benefits.find((candidate) => candidate.id === benefitId);
  // The spec's own texts for a claim (platform-core §8): a prize that is not there, a bonus not ready yet.
  if (!benefit || !benefit.enable) throw new AppError('PRIZE_NOT_FOUND');
  const asset = assetOf(benefit.type);
  if (asset === 'none') throw new AppError('VIP_BENEFIT_NOT_CLAIMABLE');
  const now = new Date();
  const { level } = await levelWith(db, market, programme.settings.thresholds, member.id, now);
  const amount = benefit.amounts[level - 1] ?? 0;
  if (amount <= 0) throw new AppError('VIP_LEVEL_TOO_LOW');
  const period = periodOf(benefit, {
    now,
    market,
    level,
    registeredAt: member.created_at,
    anniversaryDays: programme.settings.anniversaryDays,
  });
  if (period === undefined) throw new AppError('BONUS_NOT_READY');
  await retryingTransaction(db, (trx) =>
    claimOnce(trx, {
      record: () =>
        repository.insertClaim(trx, {
          memberId: member.id,
          benefitId: benefit.id,
          period,
          type: benefit.type,
          levelId: level,
          asset,
          amount,
        }),
      alreadyClaimed: 'VIP_BENEFIT_CLAIMED',
      reward: () => ({
        programme: 'vip',
        memberId: member.id,
        key: `${benefit.id}:${period}:${member.id}`,
        ...(asset === 'cash'
          ? { cash: amount }
          : asset === 'coins'
            ? { coins: amount }
            : { tickets: amount }),
        description: `VIP ${benefit.name} (${period})`,
      }),
      link: (_, transactionId) =>
        repository.setClaimTransaction(trx, {
          memberId: member.id,
          benefitId: benefit.id,
          period,
          transactionId,
        }),
    }),
  );
  return { id: benefit.id, type: benefit.type, cashbackAmount: amount, asset, period };
}

/** `benefits/logs`: the caller's claims, newest first. */
export async function getBenefitLogs(
  db: Db,
  market: Market,
  memberId: number,
  language: Language,
  page: { page: number; size: number },
): Promise<BenefitLogPage> {
  const programme = await loadProgramme(db, VIP, market);
  const names = new Map(
    programme.settings.benefits.map((benefit) => [benefit.id, nameOf(benefit, language)]),
  );
  const { rows, total } = await repository.findClaimPage(db, memberId, page);
  return {
    list: rows.map((row) => ({
      benefitId: row.benefit_id,
      type: row.type,
      name: names.get(row.benefit_id) ?? `#${row.benefit_id}`,
      levelId: row.level_id,
      period: row.period,
      asset: row.asset,
      amount: Number(row.amount),
      createTime: row.created_at.toISOString(),
    })),
    total,
    page: page.page,
    size: page.size,
  };
}

/** `benefits/settings ?benefitId`: a benefit's terms at every level. */
export async function getBenefitSettings(
  db: Db,
  market: Market,
  benefitId: number,
  language: Language,
): Promise<BenefitSettingsView> {
  const programme = await loadProgramme(db, VIP, market);
  const benefit = programme.settings.benefits.find((candidate) => candidate.id === benefitId);
  if (!benefit) throw new AppError('VIP_BENEFIT_NOT_FOUND');
  return {
    id: benefit.id,
    type: benefit.type,
    name: nameOf(benefit, language),
    enable: benefit.enable && programme.enabled,
    asset: assetOf(benefit.type),
    amounts: benefit.amounts,
    period: periodKindOf(benefit),
    window: benefit.window ?? null,
  };
}
