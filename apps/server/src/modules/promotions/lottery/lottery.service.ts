import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import type {
  DrawWinners,
  LotteryBuy,
  LotteryBuyResult,
  LotteryDraw,
  LotteryDraws,
  LotteryMyTickets,
  LotteryNumbers,
  LotteryResult,
  LotteryRules,
  LotterySettings,
} from '@app/contracts/lottery';
import { LOTTERY_DRAW_KINDS } from '@app/contracts/lottery';
import { maskMobile } from '@app/contracts/message-rules';
import { drawLotteryNumbers } from '@app/fair/draw';
import {
  canonicalEntry,
  expectedFixedReturn,
  LEAST_RED_MATCHES_WITHOUT_BLUE,
  POOL_TIERS,
  quickPick,
  splitPrizes,
  tierOfMatches,
  tierTable,
  type LotteryTier,
} from '@app/fair/lottery';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  drawTimesOf,
  findDraw,
  isOnSale,
  listDraws,
  ticketsOfMember,
  type DrawProductDefinition,
  type DrawRecord,
} from '../draws/draws.service.ts';
import { findMobiles } from '../../platform/member/member.service.ts';
import { loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { ACCOUNT, getAccountBalances, getBalances } from '../../platform/wallet/wallet.service.ts';
import { sellLotteryTickets, settleByTier, type WinningTicket } from './lottery-money.ts';
import { LOTTERY } from './lottery.programme.ts';
import * as repository from './lottery.repository.ts';
import {
  drawTimesBetween,
  jackpotEstimate,
  kindOfRef,
  lotteryTermsOf,
  type LotteryDrawTerms,
} from './lottery.rules.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions' | 'compliance'>;

export type LotteryDeps = {
  db: Db;
  country: Market;
  /** The clock of the pages' "on sale now" (tests move it); sales themselves go by the database clock. */
  now?: () => Date;
};

/**
 * The 6+1 lottery on the draw engine (issue 16 §4; docs/promotions.md "The 6+1 lottery and the cash
 * draw"): what the engine asks of the product (`lotteryDrawProduct`: the draws to make, the numbers, the
 * payment), the purchase and the players' reads.
 */
export function lotteryDrawProduct(country: Market): DrawProductDefinition {
  return {
    code: 'lottery',
    plan: async (db, window) => {
      const programme = await loadProgramme(db, LOTTERY, country);
      if (!programme.enabled) return [];
      const settings = programme.settings;
      return LOTTERY_DRAW_KINDS.flatMap((kind) =>
        settings[kind].enabled
          ? drawTimesBetween(
              { prefix: kind, ...settings[kind], closeMinutesBefore: settings.closeMinutesBefore },
              window,
            ).map((times) => ({ ...times, price: settings.price, settings: lotteryTermsOf(settings, kind) }))
          : [],
      );
    },
    outcome: (draw) => drawLotteryNumbers(draw.randomness, draw.id, draw.ticketRoot),
    settle: (db, draw) => settleLotteryDraw(db, draw),
  };
}

function termsOf(draw: DrawRecord): LotteryDrawTerms {
  const terms = draw.settings as Partial<LotteryDrawTerms> | null;
  if (!terms?.rules || !terms.kind) throw new Error(`lottery draw ${draw.id} has no terms`);
  return terms as LotteryDrawTerms;
}

function numbersOf(draw: DrawRecord): LotteryNumbers | null {
  if (draw.status !== 'drawn' && draw.status !== 'settled') return null;
  const outcome = draw.outcome as Partial<LotteryNumbers> | null;
  if (!outcome || !Array.isArray(outcome.red) || typeof outcome.blue !== 'number') return null;
  return { red: outcome.red, blue: outcome.blue };
}

/**
 * Settles a drawn lottery draw: every ticket's matches counted against the numbers in the database (only
 * the winners come back), their tiers (`tierOfMatches`), the draw's money split by its own terms
 * (`splitPrizes`), then paid (`settleByTier`).
 */
export async function settleLotteryDraw(db: Db, draw: DrawRecord): Promise<void> {
  if ((await repository.findSettlement(db, draw.id))?.paidAt) return;
  const numbers = numbersOf(draw);
  if (!numbers) throw new Error(`lottery draw ${draw.id} has no numbers to settle`);
  const terms = termsOf(draw);
  const winners: WinningTicket[] = [];
  const counts: Record<LotteryTier, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 };
  for (const ticket of await repository.lotteryMatches(
    db,
    draw.id,
    numbers,
    LEAST_RED_MATCHES_WITHOUT_BLUE,
  )) {
    const tier = tierOfMatches(ticket.reds, ticket.blue);
    if (tier === null) continue;
    counts[tier] += 1;
    winners.push({ ticketNo: ticket.ticket_no, memberId: ticket.member_id, tier });
  }
  const sales = draw.ticketCount * draw.price;
  await settleByTier(db, draw, {
    product: 'lottery',
    winners,
    description: `Lottery draw ${draw.ref}`,
    plan: (reserve) => {
      const split = splitPrizes({ sales, reserve, rules: terms.rules, winners: counts });
      return {
        sales,
        houseShare: split.houseShare,
        rolloverIn: split.rolloverIn,
        seedTopUp: split.seedTopUp,
        paid: split.paid,
        rolloverOut: split.rolloverOut,
        prizeOfTier: Object.fromEntries(split.tiers.map((tier) => [tier.tier, tier.perWinner])),
        details: {
          fixedScaled: split.fixedScaled,
          tiers: split.tiers.map(({ tier, winners: count, perWinner, pool }) => ({
            tier,
            winners: count,
            perWinner,
            pool,
          })),
        },
      };
    },
  });
}

// The purchase -----------------------------------------------------------------------------------------------

/** Buys tickets: picked ones and `quick` quick picks (the server's CSPRNG), with cash or free tickets. */
export async function buyTickets(
  deps: LotteryDeps,
  memberId: number,
  body: LotteryBuy,
): Promise<LotteryBuyResult> {
  await requireProgramme(deps.db, LOTTERY, deps.country);
  const entries = [
    ...body.picks.map((pick) => canonicalEntry(pick)),
    ...Array.from({ length: body.quick }, () => canonicalEntry(quickPick())),
  ];
  const sale = await sellLotteryTickets(deps.db, {
    product: 'lottery',
    drawId: body.drawId,
    memberId,
    market: deps.country,
    pay: body.pay,
    entries,
    limitOf: (draw) => termsOf(draw).maxTicketsPerDraw,
    description: (draw) =>
      `Lottery draw ${draw.ref}: ${entries.length} ticket${entries.length === 1 ? '' : 's'}`,
  });
  return {
    drawId: sale.draw.id,
    tickets: sale.ticketNos.map((ticketNo, index) => ({ ticketNo, entry: entries[index]! })),
    pay: body.pay,
    paid: sale.paid,
    ticketsSpent: sale.ticketsSpent,
    money: sale.balance.cash,
    withdrawMoney: sale.balance.withdrawable,
    freeTickets: sale.balance.tickets,
  };
}

// Reads -----------------------------------------------------------------------------------------------------

/** A ticket of the caller's with its draw (`ticketsOfMember`). */
type MemberTicket = Awaited<ReturnType<typeof ticketsOfMember>>[number];

/**
 * The draws of `product` a page shows: the `aheadLimit` next ones still to be sold or on sale (soonest
 * first), and the ten latest closed, drawn or settled ones (latest first).
 */
export async function aheadAndRecentDraws(
  deps: LotteryDeps,
  product: 'lottery' | 'cash-draw',
  aheadLimit: number,
): Promise<{ ahead: DrawRecord[]; recent: DrawRecord[] }> {
  const ahead = await listDraws(deps.db, product, {
    statuses: ['scheduled', 'open'],
    limit: aheadLimit,
    order: 'asc',
  });
  const recent = await listDraws(deps.db, product, {
    statuses: ['closed', 'drawn', 'settled'],
    limit: 10,
    order: 'desc',
  });
  return { ahead, recent };
}

type DrawView = { jackpot: number; numbers: LotteryNumbers | null };

function toLotteryDraw(draw: DrawRecord, now: Date, view: DrawView): LotteryDraw {
  return {
    ...drawTimesOf(draw),
    kind: kindOfRef(draw.ref),
    onSale: isOnSale(draw, now),
    jackpot: view.jackpot,
    numbers: view.numbers,
  };
}

type TierDetails = {
  fixedScaled: boolean;
  tiers: Array<{ tier: number; winners: number; perWinner: number; pool: number }>;
};

function detailsOf(settlement: repository.SettlementRow | undefined): TierDetails | null {
  return settlement ? ((settlement.split as { details: TierDetails }).details ?? null) : null;
}

async function viewOf(deps: LotteryDeps, draws: DrawRecord[], now: Date): Promise<LotteryDraw[]> {
  const settlements = await repository.findSettlements(
    deps.db,
    draws.filter((draw) => draw.status === 'settled' || draw.status === 'drawn').map((draw) => draw.id),
  );
  const reserve = (await getAccountBalances(deps.db, ACCOUNT.drawRollover('lottery'))).cash;
  return draws.map((draw) => {
    const settled = detailsOf(settlements.get(draw.id));
    const jackpot =
      settled?.tiers.find((tier) => tier.tier === 1)?.pool ??
      jackpotEstimate({
        sales: draw.ticketCount * draw.price,
        price: draw.price,
        reserve,
        rules: termsOf(draw).rules,
      });
    return toLotteryDraw(draw, now, { jackpot, numbers: numbersOf(draw) });
  });
}

function rulesOf(settings: LotterySettings, timeZone: string): LotteryRules {
  const shares: Record<number, number> = { 1: settings.poolShares[0], 2: settings.poolShares[1] };
  return {
    price: settings.price,
    returnToPlayers: 100 - settings.houseShare,
    houseShare: settings.houseShare,
    fixedReturn: Math.round(expectedFixedReturn(settings, settings.price) * 10_000) / 100,
    jackpotSeed: settings.main.jackpotSeed,
    closeMinutesBefore: settings.closeMinutesBefore,
    maxTicketsPerDraw: settings.maxTicketsPerDraw,
    tiers: tierTable().map((row) => ({
      tier: row.tier,
      matches: row.matches.map(([red, blue]) => [red, blue] as [number, boolean]),
      count: row.count,
      share: (POOL_TIERS as readonly number[]).includes(row.tier) ? (shares[row.tier] ?? null) : null,
      fixed: row.tier >= 3 ? (settings.fixedPrizes[row.tier - 3] ?? null) : null,
    })),
    schedule: LOTTERY_DRAW_KINDS.filter((kind) => settings[kind].enabled).map((kind) => ({
      kind,
      days: settings[kind].days,
      time: settings[kind].time,
    })),
    timeZone,
  };
}

/** `lottery/draws`: the next main and daily draws with their estimated jackpot, the latest results, the rules. */
export async function getLotteryDraws(deps: LotteryDeps): Promise<LotteryDraws> {
  const programme = await requireProgramme(deps.db, LOTTERY, deps.country);
  const now = deps.now?.() ?? new Date();
  const { ahead, recent } = await aheadAndRecentDraws(deps, 'lottery', 40);
  const upcoming = LOTTERY_DRAW_KINDS.flatMap((kind) => {
    const next = ahead.find((draw) => kindOfRef(draw.ref) === kind && draw.salesCloseAt > now);
    return next ? [next] : [];
  }).sort((a, b) => a.drawAt.getTime() - b.drawAt.getTime());
  return {
    upcoming: await viewOf(deps, upcoming, now),
    recent: await viewOf(deps, recent, now),
    rules: rulesOf(programme.settings, deps.country.timeZone),
  };
}

/** A draw of `product` (the lottery or the cash draw): another product's, or none, answers DRAW_NOT_FOUND (4170). */
export async function productDraw(
  deps: LotteryDeps,
  product: 'lottery' | 'cash-draw',
  drawId: number,
): Promise<DrawRecord> {
  const draw = await findDraw(deps.db, drawId);
  if (!draw || draw.product !== product) throw new AppError('DRAW_NOT_FOUND');
  return draw;
}

/** `lottery/results?drawId`: the draw's numbers and, once settled, each tier's winners and prize. */
export async function getLotteryResult(deps: LotteryDeps, drawId: number): Promise<LotteryResult> {
  const draw = await productDraw(deps, 'lottery', drawId);
  const settlement = await repository.findSettlement(deps.db, draw.id);
  const details = detailsOf(settlement);
  const [view] = await viewOf(deps, [draw], deps.now?.() ?? new Date());
  return {
    draw: view!,
    tiers: details?.tiers ?? null,
    fixedScaled: details?.fixedScaled ?? false,
    money: settlement?.money ?? null,
  };
}

/** A settled draw's winners (lottery or cash draw), mobiles masked, best tier first. */
export async function getDrawWinners(
  db: Db,
  draw: DrawRecord,
  page: { page: number; size: number },
): Promise<DrawWinners> {
  const { rows, total } = await repository.prizesOfDraw(db, draw.id, page);
  const mobiles = await findMobiles(
    { db },
    rows.map((row) => row.member_id),
  );
  return {
    list: rows.map((row) => ({
      mobile: maskMobile(mobiles.get(row.member_id) ?? ''),
      tier: row.best_tier,
      tickets: row.tickets,
      prize: row.amount,
    })),
    page: page.page,
    size: page.size,
    total,
  };
}

export async function getLotteryWinners(
  deps: LotteryDeps,
  query: { drawId: number; page: number; size: number },
): Promise<DrawWinners> {
  return getDrawWinners(deps.db, await productDraw(deps, 'lottery', query.drawId), query);
}

/**
 * A page of the caller's tickets of `product`, newest first, each with its draw, shown by `item` (which
 * is told whether the draw is settled, so that a result shows only then), and the free tickets left.
 */
export async function myTicketsPage<Item>(
  deps: LotteryDeps,
  product: 'lottery' | 'cash-draw',
  memberId: number,
  page: { page: number; size: number },
  item: (ticket: MemberTicket, settled: boolean) => Item,
): Promise<{ list: Item[]; page: number; size: number; freeTickets: number }> {
  const tickets = await ticketsOfMember(deps.db, product, memberId, page);
  const balances = await getBalances(deps.db, memberId);
  return {
    list: tickets.map((ticket) => item(ticket, ticket.draw.status === 'settled')),
    page: page.page,
    size: page.size,
    freeTickets: balances.tickets,
  };
}

/** `lottery/my-tickets`: the caller's tickets, newest first, each with its draw and, once settled, its result. */
export async function getMyLotteryTickets(
  deps: LotteryDeps,
  memberId: number,
  page: { page: number; size: number },
): Promise<LotteryMyTickets> {
  return myTicketsPage(deps, 'lottery', memberId, page, ({ draw, ...ticket }, settled) => ({
    drawId: draw.id,
    kind: kindOfRef(draw.ref),
    drawAt: draw.drawAt.toISOString(),
    status: draw.status,
    ticketNo: ticket.ticketNo,
    entry: ticket.entry,
    pay: ticket.pay,
    numbers: numbersOf(draw),
    tier: settled ? (ticket.tier ?? null) : null,
    prize: settled ? Number(ticket.prize ?? 0) : null,
    createdAt: ticket.createdAt.toISOString(),
  }));
}
