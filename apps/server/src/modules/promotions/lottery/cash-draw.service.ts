import type {
  CashDrawCurrent,
  CashDrawDraw,
  CashDrawEnter,
  CashDrawEnterResult,
  CashDrawMyEntries,
  CashDrawResult,
} from '@app/contracts/lottery';
import { CASH_DRAW_RANKS } from '@app/contracts/lottery';
import { maskMobile } from '@app/contracts/message-rules';
import { cashDrawEntry, entryCode, parseCashDrawEntry, splitCashDraw } from '@app/fair/cash-draw';
import { drawWinningTickets } from '@app/fair/draw';
import { cryptoRandomBelow } from '@app/fair/lottery';
import {
  drawTimesOf,
  isOnSale,
  type DrawProductDefinition,
  type DrawRecord,
} from '../draws/draws.service.ts';
import { findMobiles } from '../../platform/member/member.service.ts';
import { loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { ACCOUNT, getAccountBalances } from '../../platform/wallet/wallet.service.ts';
import { sellLotteryTickets, settleByTier } from './lottery-money.ts';
import { CASH_DRAW } from './lottery.programme.ts';
import * as repository from './lottery.repository.ts';
import { cashDrawTermsOf, drawTimesBetween, type CashDrawTerms } from './lottery.rules.ts';
import { aheadAndRecentDraws, myTicketsPage, productDraw, type LotteryDeps } from './lottery.service.ts';

/**
 * The cash draw with player seeds (issue 16 §5; docs/promotions.md "The 6+1 lottery and the cash draw"):
 * one entry per call, with an optional seed (5–10 letters and digits) committed in the ticket list as
 * `CODE:seed`; the winners are the first k ticket numbers the beacon's stream draws (`drawWinningTickets`),
 * rank 1 first; each rank takes its share of the pool (sales after the house's share, plus the rollover).
 */
/**
 * The outcome: the winning ticket numbers, rank 1 first, as the verifier recomputes a raffle's (as many as
 * published). Always `CASH_DRAW_RANKS` of them (fewer with fewer entries): the engine gives `outcome` the
 * randomness, root and count but not the draw's terms, so the number of ranks is the product's, and the
 * operator sets what each rank takes.
 */
type CashDrawOutcome = { winners: number[] };

export function cashDrawProduct(country: LotteryDeps['country']): DrawProductDefinition {
  return {
    code: 'cash-draw',
    plan: async (db, window) => {
      const programme = await loadProgramme(db, CASH_DRAW, country);
      if (!programme.enabled) return [];
      const settings = programme.settings;
      return drawTimesBetween({ prefix: 'cash', ...settings }, window).map((times) => ({
        ...times,
        price: settings.price,
        settings: cashDrawTermsOf(settings),
      }));
    },
    outcome: (draw): CashDrawOutcome => ({
      winners: drawWinningTickets(
        draw.randomness,
        draw.id,
        draw.ticketRoot,
        draw.ticketCount,
        CASH_DRAW_RANKS,
      ),
    }),
    settle: (db, draw) => settleCashDraw(db, draw),
  };
}

function termsOf(draw: DrawRecord): CashDrawTerms {
  const terms = draw.settings as Partial<CashDrawTerms> | null;
  if (!terms?.rules) throw new Error(`cash draw ${draw.id} has no terms`);
  return terms as CashDrawTerms;
}

/** The winning ticket numbers in rank order, once drawn. */
function winnersOf(draw: DrawRecord): number[] | null {
  if (draw.status !== 'drawn' && draw.status !== 'settled') return null;
  const outcome = draw.outcome as Partial<CashDrawOutcome> | null;
  if (!outcome || !Array.isArray(outcome.winners)) return null;
  return outcome.winners;
}

/** Pays a drawn cash draw: rank i's ticket holder gets rank i's share of the pool. */
export async function settleCashDraw(db: LotteryDeps['db'], draw: DrawRecord): Promise<void> {
  if ((await repository.findSettlement(db, draw.id))?.paidAt) return;
  const ranked = winnersOf(draw);
  if (!ranked) throw new Error(`cash draw ${draw.id} has no winners to settle`);
  const terms = termsOf(draw);
  const owners = new Map(
    (await repository.ticketOwners(db, draw.id, ranked)).map((row) => [row.ticket_no, Number(row.member_id)]),
  );
  const winners = ranked.map((ticketNo, index) => {
    const memberId = owners.get(ticketNo);
    if (memberId === undefined) throw new Error(`cash draw ${draw.id}: ticket ${ticketNo} not found`);
    return { ticketNo, memberId, tier: index + 1 };
  });
  const sales = draw.ticketCount * draw.price;
  await settleByTier(db, draw, {
    product: 'cash-draw',
    winners,
    description: `Cash draw ${draw.ref}`,
    plan: (reserve) => {
      const split = splitCashDraw({ sales, reserve, rules: terms.rules, winners: winners.length });
      return {
        sales,
        houseShare: split.houseShare,
        rolloverIn: split.rolloverIn,
        seedTopUp: 0,
        paid: split.paid,
        rolloverOut: split.rolloverOut,
        prizeOfTier: Object.fromEntries(split.prizes.map((prize, index) => [index + 1, prize])),
        details: { pool: split.pool, prizes: split.prizes },
      };
    },
  });
}

// The entry -------------------------------------------------------------------------------------------------

/** One entry: a fresh code from the CSPRNG and the player's seed, `CODE:seed` in the committed list. */
export async function enterCashDraw(
  deps: LotteryDeps,
  memberId: number,
  body: CashDrawEnter,
): Promise<CashDrawEnterResult> {
  await requireProgramme(deps.db, CASH_DRAW, deps.country);
  const code = entryCode(cryptoRandomBelow);
  const seed = body.seed ?? null;
  const entry = cashDrawEntry(code, seed);
  const sale = await sellLotteryTickets(deps.db, {
    product: 'cash-draw',
    drawId: body.drawId,
    memberId,
    market: deps.country,
    pay: body.pay,
    entries: [entry],
    limitOf: (draw) => termsOf(draw).maxEntriesPerDraw,
    description: (draw) => `Cash draw ${draw.ref}: 1 entry`,
  });
  return {
    drawId: sale.draw.id,
    ticketNo: sale.ticketNos[0]!,
    entry,
    code,
    seed,
    pay: body.pay,
    paid: sale.paid,
    money: sale.balance.cash,
    withdrawMoney: sale.balance.withdrawable,
    freeTickets: sale.balance.tickets,
  };
}

// Reads -----------------------------------------------------------------------------------------------------

async function toCashDraw(
  deps: LotteryDeps,
  draw: DrawRecord,
  now: Date,
  reserve: number,
): Promise<CashDrawDraw> {
  const terms = termsOf(draw);
  const settlement = await repository.findSettlement(deps.db, draw.id);
  const pool = settlement
    ? (settlement.split as { details: { pool: number } }).details.pool
    : splitCashDraw({ sales: draw.ticketCount * draw.price, reserve, rules: terms.rules, winners: 0 }).pool;
  return {
    ...drawTimesOf(draw),
    onSale: isOnSale(draw, now),
    pool,
    shares: [...terms.rules.shares],
    winners: winnersOf(draw),
  };
}

/** `cash-draw/current`: the draw on sale (or the next one), the latest draws and the terms. */
export async function getCashDrawCurrent(deps: LotteryDeps): Promise<CashDrawCurrent> {
  const programme = await requireProgramme(deps.db, CASH_DRAW, deps.country);
  const now = deps.now?.() ?? new Date();
  const reserve = (await getAccountBalances(deps.db, ACCOUNT.drawRollover('cash-draw'))).cash;
  const { ahead, recent } = await aheadAndRecentDraws(deps, 'cash-draw', 10);
  const next = ahead.find((draw) => draw.salesCloseAt > now);
  return {
    current: next ? await toCashDraw(deps, next, now, reserve) : null,
    recent: await Promise.all(recent.map((draw) => toCashDraw(deps, draw, now, reserve))),
    houseShare: programme.settings.houseShare,
    maxEntriesPerDraw: programme.settings.maxEntriesPerDraw,
    time: programme.settings.time,
    timeZone: deps.country.timeZone,
  };
}

/** `cash-draw/results?drawId`: the winning lines in rank order (owners masked) and where the money went. */
export async function getCashDrawResult(deps: LotteryDeps, drawId: number): Promise<CashDrawResult> {
  const draw = await productDraw(deps, 'cash-draw', drawId);
  const now = deps.now?.() ?? new Date();
  const reserve = (await getAccountBalances(deps.db, ACCOUNT.drawRollover('cash-draw'))).cash;
  const view = await toCashDraw(deps, draw, now, reserve);
  const settlement = await repository.findSettlement(deps.db, draw.id);
  const ranked = view.winners;
  let winners: CashDrawResult['winners'] = null;
  if (ranked && settlement) {
    const owners = await repository.ticketOwners(deps.db, draw.id, ranked);
    const byTicket = new Map(owners.map((row) => [row.ticket_no, row]));
    const mobiles = await findMobiles(
      { db: deps.db },
      owners.map((row) => Number(row.member_id)),
    );
    const prizes = (settlement.split as { details: { prizes: number[] } }).details.prizes;
    winners = ranked.map((ticketNo, index) => {
      const owner = byTicket.get(ticketNo);
      return {
        rank: index + 1,
        ticketNo,
        entry: owner?.entry ?? '',
        mobile: maskMobile(mobiles.get(Number(owner?.member_id)) ?? ''),
        prize: prizes[index] ?? 0,
      };
    });
  }
  return {
    draw: view,
    winners,
    money: settlement?.money ?? null,
  };
}

/** `cash-draw/my-entries`: the caller's entries with their rank and prize once settled. */
export async function getMyCashDrawEntries(
  deps: LotteryDeps,
  memberId: number,
  page: { page: number; size: number },
): Promise<CashDrawMyEntries> {
  return myTicketsPage(deps, 'cash-draw', memberId, page, ({ draw, ...ticket }, settled) => ({
    drawId: draw.id,
    ticketNo: ticket.ticketNo,
    entry: ticket.entry,
    ...parseCashDrawEntry(ticket.entry),
    drawAt: draw.drawAt.toISOString(),
    status: draw.status,
    rank: settled ? (ticket.tier ?? null) : null,
    prize: settled ? Number(ticket.prize ?? 0) : null,
    createdAt: ticket.createdAt.toISOString(),
  }));
}
