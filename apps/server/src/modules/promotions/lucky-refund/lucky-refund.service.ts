import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AdvertItem } from '@app/contracts/config';
import type { CountryProfile } from '@app/contracts/country';
import {
  DrawTermsSchema,
  LUCKY_REFUND_UNREAD_MARKER,
  LuckyRefundSettingsSchema,
  ROUND_STATUS,
  type CodeView,
  type DrawTerms,
  type Jackpot,
  type LuckyRefundActive,
  type LuckyRefundBuyResult,
  type LuckyRefundSettings,
  type PayKind,
  type PersonalCodes,
  type PersonalResult,
  type PersonalResults,
  type Raffle,
  type Round,
  type RoundResults,
  type RoundTerms,
  type Winner,
} from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_WINNERS, roundStatusOf, type RoundPhase } from '@app/contracts/lucky-refund-rules';
import { maskMobile } from '@app/contracts/message-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { drawWinningTickets } from '@app/fair/draw';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { DrawMoney } from '../draws/draw-money.ts';
import { sellTickets } from '../draws/draw-sales.ts';
import { settleDrawMoney, type DrawPayment } from '../draws/draw-settlement.ts';
import { findDraw, listDraws, type DrawProductDefinition, type DrawRecord } from '../draws/draws.service.ts';
import { useCouponOutsideMall } from '../mall/mall.service.ts';
import { findMobiles } from '../../platform/member/member.service.ts';
import { defineProgramme, loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { ACCOUNT, getBalances } from '../../platform/wallet/wallet.service.ts';
import { jackpotShareOf, newCodes, payoutOf, planDraws } from './lucky-refund.rules.ts';
import * as repository from './lucky-refund.repository.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions' | 'currency' | 'compliance'>;

export type LuckyRefundDeps = {
  db: Db;
  country: Market;
  /** The brand's theme the server runs as (a coupon may be for one theme). */
  theme: string;
  /** The clock (tests move it); the sales themselves are closed by the database's clock (the engine). */
  now?: () => Date;
};

const PRODUCT = 'lucky-refund' as const;

/**
 * Lucky refund (issue 16 §2, docs/promotions.md "Lucky refund"): rounds back to back, each a draw of the
 * draw engine. A code bought is a ticket of the round and of the week's Saturday raffle; the round's
 * public randomness draws its winners, who share the round's prize pool; every other code gets
 * `refundPercent` of its price back; the jackpot grows by `jackpotPercent` of every sale and is won by the
 * Saturday raffle. Sales go into the prize fund `draw:lucky-refund:fund`, the jackpot is the rollover
 * account `draw:lucky-refund:rollover`.
 */
export const LUCKY_REFUND = defineProgramme<LuckyRefundSettings>({
  code: PRODUCT,
  settings: LuckyRefundSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      // Kenya's minimum online stake is KSh 20 (reference §6).
      price: 20_00,
      coinsPrice: 50_00,
      diamondsPrice: 20,
      roundMinutes: 60,
      drawDelaySeconds: 10,
      refundPercent: 50,
      housePercent: 10,
      jackpotPercent: 5,
      // Saturday 9 pm, the draw time the texts quote (spec §1).
      jackpotHour: 21,
      maxPerPurchase: 50,
      maxPerMember: 500,
      rules: '',
    },
  },
});

/**
 * Rounds are planned this far ahead, at most (the engine asks for more; a raffle is made with its week's
 * first rounds): two days, or 288 rounds when they are short.
 */
const ROUND_HORIZON_MS = 2 * 86_400_000;
const ROUND_HORIZON_COUNT = 288;

const isRound = (draw: DrawRecord) => draw.ref.startsWith('round:');
const isRaffle = (draw: DrawRecord) => draw.ref.startsWith('raffle:');

function termsOf(draw: DrawRecord): DrawTerms | undefined {
  const parsed = DrawTermsSchema.safeParse(draw.settings);
  return parsed.success ? parsed.data : undefined;
}

function roundTermsOf(draw: DrawRecord): RoundTerms | undefined {
  const terms = termsOf(draw);
  return terms?.kind === 'round' && isRound(draw) ? terms : undefined;
}

// The draw product -------------------------------------------------------------------------------------------

/** What the draw engine runs for lucky refund (registered in the composition, app.ts). */
export function luckyRefundProduct(deps: Omit<LuckyRefundDeps, 'theme'>): DrawProductDefinition {
  return {
    code: PRODUCT,
    plan: async (db, window) => {
      const programme = await loadProgramme(db, LUCKY_REFUND, deps.country);
      if (!programme.enabled) return [];
      // Rounds follow the last one planned, so a change of length never makes two rounds overlap.
      const latest = await listDraws(db, PRODUCT, { limit: 5, order: 'desc' });
      const lastEnd = latest
        .filter(isRound)
        .reduce<Date | null>((end, draw) => (end && end > draw.salesCloseAt ? end : draw.salesCloseAt), null);
      const horizon = Math.min(
        ROUND_HORIZON_MS,
        ROUND_HORIZON_COUNT * programme.settings.roundMinutes * 60_000,
      );
      const to = new Date(Math.min(window.to.getTime(), window.from.getTime() + horizon));
      return planDraws({ ...window, to }, programme.settings, lastEnd);
    },
    // The winning tickets in draw order (LUCKY_REFUND_WINNERS of them, or every ticket when fewer), as
    // the verifier recomputes a raffle's.
    outcome: (draw) => ({
      winners: drawWinningTickets(
        draw.randomness,
        draw.id,
        draw.ticketRoot,
        draw.ticketCount,
        Math.min(LUCKY_REFUND_WINNERS, draw.ticketCount),
      ),
    }),
    settle: (db, draw) => settleDraw({ ...deps, db }, draw),
  };
}

/** The winning tickets of a drawn draw (its outcome). */
function winningTicketsOf(draw: DrawRecord): number[] {
  const winners = (draw.outcome as { winners?: unknown } | null)?.winners;
  return Array.isArray(winners) ? winners.filter((ticket): ticket is number => Number.isInteger(ticket)) : [];
}

/**
 * Lucky refund's money on the draw engine's sale and settlement (docs/promotions.md "Lucky refund",
 * "Money"): a code is staked like a game's bet and its prize or refund comes back as a game's win; coins
 * and diamonds go to the programme's budget, which puts each code's cash price into the fund.
 */
const MONEY: DrawMoney = { product: PRODUCT, cash: { as: 'bet' }, budgetOf: PRODUCT, assetsTo: 'budget' };

const isSettled = async (db: Db | Trx, drawId: number) =>
  (await repository.findSettlements(db, [drawId])).has(drawId);

/** Pays a drawn round or raffle once (the engine then marks it settled). */
export async function settleDraw(deps: Omit<LuckyRefundDeps, 'theme'>, draw: DrawRecord): Promise<void> {
  const terms = termsOf(draw);
  if (!terms) throw new Error(`lucky refund: draw ${draw.id} has no terms`);
  if (terms.kind === 'round') await settleRound(deps.db, draw, terms);
  else await settleRaffle(deps.db, draw);
}

/**
 * A round's settlement (the engine's `settleDrawMoney`, every payment in the one transaction that stores
 * the round's `lucky_refund_settlement` row): the house's share, the jackpot's share and the rounding to
 * the rollover, the coins and diamonds refunds' cash back to the budget, then each purchase's prizes and
 * cash refunds in one credit (from the fund through the member's house shard, its withdrawable part
 * following the purchase's own stake) and its coins or diamonds refund (from the budget). The fund gets
 * back to what it held before the round's sales.
 */
async function settleRound(db: Db, draw: DrawRecord, terms: RoundTerms): Promise<void> {
  const codes = await repository.codesOfRound(db, draw.id);
  const winners = winningTicketsOf(draw);
  const payout = payoutOf(
    terms,
    codes.map((code) => ({ ticketNo: code.ticketNo, pay: code.pay })),
    winners,
  );
  const byTicket = new Map(payout.codes.map((code) => [code.ticketNo, code]));
  await settleDrawMoney(db, draw, {
    money: MONEY,
    description: `Lucky refund round ${draw.id}`,
    plan: (_trx, { accounts }) => ({
      split: payout,
      moves: [
        { leg: 'house', from: accounts.fund, to: ACCOUNT.house, amount: payout.house, kind: 'fee' },
        {
          leg: 'jackpot',
          from: accounts.fund,
          to: accounts.rollover,
          amount: payout.jackpot,
          kind: 'adjustment',
        },
        { leg: 'budget', from: accounts.fund, to: accounts.budget, amount: payout.toBudget, kind: 'refund' },
      ],
    }),
    payments: () => {
      type PurchasePayment = DrawPayment & {
        coins: number;
        diamonds: number;
        tickets: Array<DrawPayment['tickets'][number]>;
      };
      const purchases = new Map<number, PurchasePayment>();
      for (const code of codes) {
        const paid = byTicket.get(code.ticketNo)!;
        const purchase = purchases.get(code.purchaseId) ?? {
          memberId: code.memberId,
          key: `pay:${code.purchaseId}`,
          ref: String(code.purchaseId),
          cash: 0,
          coins: 0,
          diamonds: 0,
          // A prize or refund of bonus-funded codes stays bonus in the stake's proportion (issue 14 §2).
          stake: code.pay === 'cash' ? code.transactionId : null,
          tickets: [],
        };
        purchase.cash += paid.cash;
        purchase.coins += paid.coins;
        purchase.diamonds += paid.diamonds;
        // The engine's list keeps each ticket's cash value out of the fund: the prize, or the refund (a
        // coins or diamonds code's is its cash refund, which went to the budget that paid its price).
        purchase.tickets.push({
          ticketNo: code.ticketNo,
          prize: paid.kind === 'prize' ? paid.cash : paid.kind === 'refund' ? payout.refund : 0,
          tier: paid.kind === 'prize' ? 1 : paid.kind === 'refund' ? 2 : null,
        });
        purchases.set(code.purchaseId, purchase);
      }
      return [...purchases.values()];
    },
    record: {
      payments: 'with-the-split',
      isSettled,
      insert: (trx, drawId) =>
        repository.insertSettlement(trx, {
          draw_id: drawId,
          kind: 'round',
          sales: payout.sales,
          house: payout.house,
          jackpot_in: payout.jackpot,
          to_budget: payout.toBudget,
          winners: winners.length,
          prize: payout.prize,
          refund: payout.refund,
        }),
      recordPayments: (trx) =>
        repository.insertResults(
          trx,
          codes.flatMap((code) => {
            const paid = byTicket.get(code.ticketNo)!;
            if (paid.kind === 'none') return [];
            const [currency, amount] =
              paid.cash > 0
                ? (['cash', paid.cash] as const)
                : paid.coins > 0
                  ? (['coins', paid.coins] as const)
                  : (['diamonds', paid.diamonds] as const);
            if (amount <= 0) return [];
            return [
              {
                member_id: code.memberId,
                draw_id: draw.id,
                ticket_no: code.ticketNo,
                code: code.code,
                kind: paid.kind,
                currency,
                amount,
              },
            ];
          }),
        ),
    },
  });
}

/**
 * The Saturday raffle's settlement (the engine's `settleDrawMoney`, with the split): its winning tickets
 * (up to 3) share what the jackpot holds by the programme's record (every round's share settled so far,
 * less the jackpots already paid), in equal parts rounded down (the rounding stays in the jackpot), moved
 * rollover → fund → each winner's house shard → the winner. No entry: nothing moves, the jackpot carries
 * over.
 */
async function settleRaffle(db: Db, draw: DrawRecord): Promise<void> {
  const found = await Promise.all(
    winningTicketsOf(draw).map(async (ticketNo) => {
      const code = await repository.codeOfRaffleTicket(db, draw.id, ticketNo);
      return code && { ticketNo, ...code };
    }),
  );
  const winners = found.filter((winner) => winner !== undefined);
  const codeOf = new Map(winners.map((winner) => [String(winner.ticketNo), winner.code]));
  await settleDrawMoney(db, draw, {
    money: MONEY,
    description: `Lucky refund raffle ${draw.id}`,
    paymentDescription: `Lucky refund raffle ${draw.id}: jackpot`,
    plan: async (trx, { accounts }) => {
      const held = winners.length > 0 ? await repository.jackpotBalance(trx) : 0;
      const share = winners.length > 0 ? Math.floor(held / winners.length) : 0;
      return {
        split: { share },
        moves: [
          {
            leg: 'jackpot',
            from: accounts.rollover,
            to: accounts.fund,
            amount: share * winners.length,
            kind: 'adjustment',
          },
        ],
      };
    },
    payments: ({ share }) =>
      share <= 0
        ? []
        : winners.map((winner) => ({
            memberId: winner.memberId,
            key: String(winner.ticketNo),
            ref: String(winner.ticketNo),
            cash: share,
            stake: winner.pay === 'cash' ? winner.transactionId : null,
            tickets: [{ ticketNo: winner.ticketNo, prize: share, tier: 1 }],
          })),
    record: {
      payments: 'with-the-split',
      isSettled,
      insert: (trx, drawId, { share }) =>
        repository.insertSettlement(trx, {
          draw_id: drawId,
          kind: 'raffle',
          jackpot_out: share * winners.length,
          winners: winners.length,
          prize: share,
        }),
      recordPayments: (trx, paid) =>
        repository.insertResults(
          trx,
          paid.map((payment) => ({
            member_id: payment.memberId,
            draw_id: draw.id,
            ticket_no: Number(payment.ref),
            code: codeOf.get(payment.ref)!,
            kind: 'jackpot' as const,
            currency: 'cash' as const,
            amount: payment.cash,
          })),
        ),
    },
  });
}

// Views ------------------------------------------------------------------------------------------------------

function phaseOf(draw: DrawRecord, now: Date, settled: boolean): RoundPhase {
  if (draw.status === 'settled' || settled) return 'finished';
  if (draw.status === 'closed' || draw.status === 'drawn') return 'drawing';
  return now < draw.salesOpenAt ? 'scheduled' : 'selling';
}

async function winnersOfDraws(db: Db, rows: repository.ResultRow[]): Promise<Map<number, Winner[]>> {
  const mobiles = await findMobiles(
    { db },
    rows.map((row) => row.member_id),
  );
  const byDraw = new Map<number, Winner[]>();
  for (const row of rows) {
    const list = byDraw.get(row.draw_id) ?? [];
    list.push({
      code: row.code,
      ticketNo: row.ticket_no,
      member: maskMobile(mobiles.get(row.member_id) ?? ''),
      amount: row.amount,
    });
    byDraw.set(row.draw_id, list);
  }
  return byDraw;
}

/** Rounds as the pages show them, with the caller's codes when `memberId` is given. */
async function roundViews(deps: LuckyRefundDeps, draws: DrawRecord[], memberId?: number): Promise<Round[]> {
  const now = deps.now?.() ?? new Date();
  const ids = draws.map((draw) => draw.id);
  const [settlements, players] = await Promise.all([
    repository.findSettlements(deps.db, ids),
    repository.playersOf(deps.db, ids),
  ]);
  const prizeRows = (
    await Promise.all(
      draws
        .filter((draw) => settlements.has(draw.id))
        .map((draw) => repository.resultsOfDraw(deps.db, draw.id, 'prize')),
    )
  ).flat();
  const winners = await winnersOfDraws(deps.db, prizeRows);
  return Promise.all(
    draws.map(async (draw): Promise<Round> => {
      const terms = roundTermsOf(draw)!;
      const settlement = settlements.get(draw.id);
      const phase = phaseOf(draw, now, settlement !== undefined);
      const remainingMillis =
        phase === 'selling' ? Math.max(0, draw.salesCloseAt.getTime() - now.getTime()) : 0;
      const codes = memberId === undefined ? [] : await repository.memberCodes(deps.db, draw.id, memberId);
      return {
        id: draw.id,
        status: roundStatusOf(phase, remainingMillis),
        remainingMillis,
        startTime: draw.salesOpenAt.toISOString(),
        finishTime: draw.salesCloseAt.toISOString(),
        drawTime: draw.drawAt.toISOString(),
        beaconRound: draw.beaconRound,
        delayReason: draw.delayReason,
        results: winners.get(draw.id) ?? [],
        codes: codes.map((code) => code.code),
        members: players.get(draw.id) ?? 0,
        sold: draw.ticketCount,
        price: terms.price,
        coinsPrice: terms.coinsPrice,
        diamondsPrice: terms.diamondsPrice,
        winners: terms.winners,
        refundPercent: terms.refundPercent,
        maxPerPurchase: terms.maxPerPurchase,
        prize: settlement?.prize ?? 0,
        refund: settlement?.refund ?? 0,
      };
    }),
  );
}

/** A raffle sells all week: it has no countdown of its own. */
const RAFFLE_STATUS: Record<RoundPhase, number> = {
  scheduled: ROUND_STATUS.initial,
  selling: ROUND_STATUS.open,
  drawing: ROUND_STATUS.drawing,
  finished: ROUND_STATUS.finished,
};

async function raffleView(deps: LuckyRefundDeps, draw: DrawRecord): Promise<Raffle> {
  const now = deps.now?.() ?? new Date();
  const settlements = await repository.findSettlements(deps.db, [draw.id]);
  const settlement = settlements.get(draw.id);
  const phase = phaseOf(draw, now, settlement !== undefined);
  const winners =
    (await winnersOfDraws(deps.db, await repository.resultsOfDraw(deps.db, draw.id, 'jackpot'))).get(
      draw.id,
    ) ?? [];
  return {
    id: draw.id,
    status: RAFFLE_STATUS[phase],
    startTime: draw.salesOpenAt.toISOString(),
    finishTime: draw.salesCloseAt.toISOString(),
    drawTime: draw.drawAt.toISOString(),
    beaconRound: draw.beaconRound,
    delayReason: draw.delayReason,
    entries: draw.ticketCount,
    jackpot: settlement ? settlement.jackpot_out : await jackpotNow(deps),
    winners,
  };
}

/**
 * The rounds around now: the one selling by the clock (its status flip by the engine may lag, its sales are
 * open from `salesOpenAt`), else the next planned; the one before it; and the week's raffle.
 */
async function roundsAroundNow(deps: LuckyRefundDeps) {
  const now = deps.now?.() ?? new Date();
  const [open, scheduled, past] = await Promise.all([
    listDraws(deps.db, PRODUCT, { statuses: ['open'], limit: 20, order: 'asc' }),
    listDraws(deps.db, PRODUCT, { statuses: ['scheduled'], limit: 3, order: 'asc' }),
    listDraws(deps.db, PRODUCT, { statuses: ['closed', 'drawn', 'settled'], limit: 5, order: 'desc' }),
  ]);
  const rounds = [...open, ...scheduled].filter(isRound);
  const selling = rounds.find((draw) => draw.salesOpenAt <= now && now < draw.salesCloseAt);
  const current = selling ?? rounds.filter((draw) => now < draw.salesOpenAt)[0];
  const before = current?.salesOpenAt ?? now;
  const previous = [...rounds, ...past.filter(isRound)]
    .filter((draw) => draw.salesCloseAt <= before)
    .sort((a, b) => b.salesCloseAt.getTime() - a.salesCloseAt.getTime())[0];
  const raffleRef = current ? roundTermsOf(current)?.raffle : undefined;
  const raffle =
    current && raffleRef
      ? await findRaffle(deps.db, raffleRef, current.id)
      : [...open, ...scheduled].find(
          (draw) => isRaffle(draw) && draw.salesOpenAt <= now && now < draw.salesCloseAt,
        );
  return { current, previous, raffle };
}

/**
 * The jackpot now: what the rollover holds by the programme's record, plus the jackpot's share of every
 * round sold but not settled yet (so the ticker grows with each sale). What a raffle pays is the first
 * part when it settles: a round still waiting for its randomness then adds to the next week's.
 */
async function jackpotNow(deps: LuckyRefundDeps): Promise<number> {
  const [balance, unsettled] = await Promise.all([
    repository.jackpotBalance(deps.db),
    listDraws(deps.db, PRODUCT, {
      statuses: ['scheduled', 'open', 'closed', 'drawn'],
      limit: 50,
      order: 'asc',
    }),
  ]);
  const selling = unsettled.filter((draw) => isRound(draw) && draw.ticketCount > 0);
  const settled = await repository.findSettlements(
    deps.db,
    selling.map((draw) => draw.id),
  );
  return selling
    .filter((draw) => !settled.has(draw.id))
    .reduce(
      (sum, draw) =>
        sum + jackpotShareOf(roundTermsOf(draw) ?? { price: 0, jackpotPercent: 0 }, draw.ticketCount),
      balance,
    );
}

export async function getJackpot(deps: LuckyRefundDeps): Promise<Jackpot> {
  return { jackpot: await jackpotNow(deps), currency: deps.country.currency };
}

/** `active`: the round on sale now (its countdown), the round before it, the week's raffle and the jackpot. */
export async function getActive(deps: LuckyRefundDeps, memberId?: number): Promise<LuckyRefundActive> {
  const programme = await loadProgramme(deps.db, LUCKY_REFUND, deps.country);
  const none: LuckyRefundActive = {
    enable: false,
    oncountdown: false,
    current: null,
    remainingMillis: 0,
    round: null,
    previousId: null,
    raffle: null,
    jackpot: 0,
    currency: deps.country.currency,
    jackpotHour: programme.settings.jackpotHour,
    rules: programme.settings.rules,
  };
  if (!programme.allowedInMarket) return none;
  const { current, previous, raffle } = await roundsAroundNow(deps);
  const [round] = current ? await roundViews(deps, [current], memberId) : [];
  return {
    ...none,
    enable: programme.enabled,
    oncountdown: round?.status === ROUND_STATUS.countdown,
    current: round ? { id: round.id, finishTime: round.finishTime } : null,
    remainingMillis: round?.remainingMillis ?? 0,
    round: round ?? null,
    previousId: previous?.id ?? null,
    raffle: raffle ? await raffleView(deps, raffle) : null,
    jackpot: await jackpotNow(deps),
  };
}

async function requireRound(deps: LuckyRefundDeps, id: number): Promise<DrawRecord> {
  const draw = await findDraw(deps.db, id);
  if (!draw || draw.product !== PRODUCT || !roundTermsOf(draw))
    throw new AppError('LUCKY_REFUND_ROUND_NOT_FOUND');
  return draw;
}

async function resultsOf(deps: LuckyRefundDeps, draw: DrawRecord | undefined): Promise<RoundResults> {
  if (!draw) return { refund: null, results: [] };
  const [round] = await roundViews(deps, [draw]);
  return { refund: round!, results: round!.results };
}

/**
 * `prev-results ?refundId`: the results of the round before that round (the previous results): the round
 * that ends where it starts, closed or not yet (a page may ask the moment the round ended).
 */
export async function getPreviousResults(deps: LuckyRefundDeps, refundId: number): Promise<RoundResults> {
  const round = await requireRound(deps, refundId);
  const endsAtStart = (draw: DrawRecord) =>
    isRound(draw) && draw.salesCloseAt.getTime() === round.salesOpenAt.getTime();
  const recent = await listDraws(deps.db, PRODUCT, {
    statuses: ['open', 'closed', 'drawn', 'settled'],
    limit: 20,
    order: 'desc',
  });
  let previous = recent.find(endsAtStart);
  if (!previous) {
    // An older round than the last few.
    previous = (await listDraws(deps.db, PRODUCT, { statuses: ['settled'], limit: 500, order: 'desc' })).find(
      endsAtStart,
    );
  }
  return resultsOf(deps, previous);
}

/** `v2/prev-results ?actId`: the results of that round itself. */
export async function getRoundResults(deps: LuckyRefundDeps, actId: number): Promise<RoundResults> {
  return resultsOf(deps, await requireRound(deps, actId));
}

/** `latest-results`: the last paid round's (of those where codes were sold). */
export async function getLatestResults(deps: LuckyRefundDeps): Promise<RoundResults> {
  const [id] = await repository.latestSettled(deps.db, 'round', 1);
  return resultsOf(deps, id === undefined ? undefined : await findDraw(deps.db, id));
}

/** `special-results ?refundId`: the raffle that round's codes entered (or the week's now, without one). */
export async function getSpecialResults(
  deps: LuckyRefundDeps,
  refundId?: number,
): Promise<{ raffle: Raffle | null }> {
  let raffle: DrawRecord | undefined;
  if (refundId !== undefined) {
    const round = await requireRound(deps, refundId);
    raffle = await findRaffle(deps.db, roundTermsOf(round)!.raffle, round.id);
    if (!raffle) throw new AppError('LUCKY_REFUND_RAFFLE_NOT_FOUND');
  } else {
    raffle = (await roundsAroundNow(deps)).raffle;
  }
  return { raffle: raffle ? await raffleView(deps, raffle) : null };
}

/** `v2/special-results`: the last raffles drawn and paid, newest first (up to that round's week). */
export async function getSpecialResultsList(
  deps: LuckyRefundDeps,
  refundId?: number,
): Promise<{ raffles: Raffle[] }> {
  const until = refundId === undefined ? undefined : (await requireRound(deps, refundId)).salesCloseAt;
  const ids = await repository.latestSettled(deps.db, 'raffle', 60);
  const draws = (await Promise.all(ids.map((id) => findDraw(deps.db, id)))).filter(
    (draw): draw is DrawRecord => draw !== undefined && (until === undefined || draw.salesOpenAt < until),
  );
  return { raffles: await Promise.all(draws.slice(0, 10).map((draw) => raffleView(deps, draw))) };
}

function unreadAdvert(refundId: number, codes: readonly string[]): AdvertItem {
  return {
    id: refundId,
    title: LUCKY_REFUND_UNREAD_MARKER,
    url: PAGE_PATHS.luckyRefund,
    img: LUCKY_REFUND_UNREAD_MARKER,
    image: LUCKY_REFUND_UNREAD_MARKER,
    typeId: 0,
    sort: 0,
    content: codes.join(','),
  };
}

/**
 * `personal-codes ?refundId`: the caller's codes in the round with what each got, and the advert of those
 * the caller had not been shown yet (the codes popup's tiles), which this answer marks shown.
 */
export async function getPersonalCodes(
  deps: LuckyRefundDeps,
  memberId: number,
  refundId: number,
): Promise<PersonalCodes> {
  await requireRound(deps, refundId);
  const unread = await repository.markCodesRead(deps.db, refundId, memberId);
  const rows = await repository.memberCodes(deps.db, refundId, memberId);
  const settled = (await repository.findSettlements(deps.db, [refundId])).has(refundId);
  return {
    refundId,
    codes: rows.map((row): CodeView => ({
      code: row.code,
      ticketNo: row.ticket_no,
      pay: row.pay,
      state: row.kind ?? (settled ? 'none' : 'pending'),
      amount: row.amount ?? 0,
      currency: row.currency ?? row.pay,
      raffleId: row.raffle_draw_id,
      raffleTicketNo: row.raffle_ticket_no,
    })),
    unread: unread.length > 0 ? unreadAdvert(refundId, unread) : null,
  };
}

export async function getPersonalResults(
  deps: LuckyRefundDeps,
  memberId: number,
  page: { page: number; size: number },
): Promise<PersonalResults> {
  const { rows, total, unredeemed } = await repository.memberResults(deps.db, memberId, page);
  return { list: rows.map(resultView), total, unredeemed, page: page.page, size: page.size };
}

function resultView(row: repository.ResultRow): PersonalResult {
  return {
    resultId: row.id,
    refundId: row.draw_id,
    kind: row.kind,
    code: row.code,
    ticketNo: row.ticket_no,
    amount: row.amount,
    currency: row.currency,
    credited: true,
    redeemed: row.redeemed_at !== null,
    createTime: row.created_at.toISOString(),
  };
}

/**
 * `redeem {resultId}`: the member confirms a result. Prizes and refunds were credited when the round was
 * paid (within the law's 2 days, in practice seconds after the draw); this only marks the result seen.
 * Another member's result answers as absent.
 */
export async function redeem(
  deps: LuckyRefundDeps,
  memberId: number,
  resultId: number,
): Promise<PersonalResult> {
  const row = await repository.redeemResult(deps.db, resultId, memberId);
  if (!row) throw new AppError('LUCKY_REFUND_RESULT_NOT_FOUND');
  return resultView(row);
}

// Buying -----------------------------------------------------------------------------------------------------

export type BuyInput = { refundId: number; quantity: number; couponId?: number; requestId?: string };

const INSUFFICIENT = {
  coins: 'LUCKY_REFUND_COINS_INSUFFICIENT',
  diamonds: 'DIAMONDS_INSUFFICIENT',
} as const;

function requestHashOf(pay: PayKind, input: BuyInput): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        pay,
        refundId: input.refundId,
        quantity: input.quantity,
        couponId: input.couponId ?? null,
      }),
    )
    .digest('hex');
}

/**
 * The week's raffle a round's codes enter, by its ref: the one its sold codes name, else among the raffles
 * on sale (or whose sales opened before the engine's flip), else among the latest planned.
 */
async function findRaffle(db: Db | Trx, ref: string, roundId: number): Promise<DrawRecord | undefined> {
  const known = await repository.raffleOfRound(db, roundId);
  if (known !== undefined) return findDraw(db, known);
  const open = await listDraws(db, PRODUCT, { statuses: ['open'], limit: 20, order: 'asc' });
  const found = open.find((draw) => draw.ref === ref);
  if (found) return found;
  const latest = await listDraws(db, PRODUCT, { limit: 200, order: 'desc' });
  return latest.find((draw) => draw.ref === ref);
}

/**
 * Buys `quantity` codes of a round (the engine's `sellTickets`, one transaction): the member's standing,
 * the round's draw row locked by the engine (sales open by the database clock, refused after the close:
 * none commits once the close job has read the list); the limits; the week's raffle's row locked next;
 * the payment into the prize fund (cash staked like a bet, a mall coupon's discount paid by the
 * programme's budget; coins or diamonds to the budget, which puts the codes' cash price into the fund);
 * the tickets in the round and the raffle; the purchase and its codes. The same request key again answers
 * the same purchase and pays nothing twice.
 */
export async function buyCodes(
  deps: LuckyRefundDeps,
  memberId: number,
  pay: PayKind,
  input: BuyInput,
  context: { platform: number },
): Promise<LuckyRefundBuyResult> {
  await requireProgramme(deps.db, LUCKY_REFUND, deps.country);
  const requestKey = input.requestId ?? randomUUID();
  const hash = requestHashOf(pay, input);
  const answer = async (purchase: repository.PurchaseRow): Promise<LuckyRefundBuyResult> => {
    if (purchase.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
    const codes = await repository.codesOfPurchase(deps.db, purchase.id);
    const balances = await getBalances(deps.db, memberId);
    return {
      refundId: purchase.draw_id,
      codes,
      unread: unreadAdvert(purchase.draw_id, codes),
      pay: purchase.pay,
      paid: purchase.paid,
      discount: purchase.discount,
      money: balances.cash,
      withdrawMoney: balances.withdrawable,
      bonusMoney: balances.coins,
      diamond: balances.diamonds,
    };
  };
  const done = await repository.findPurchaseByKey(deps.db, memberId, requestKey);
  if (done) return answer(done);
  try {
    return await answer(await sellCodes(deps, { memberId, pay, input, requestKey, hash, context }));
  } catch (error) {
    // A parallel request with the same key committed first: its purchase is the answer.
    const first = await repository.findPurchaseByKey(deps.db, memberId, requestKey);
    if (first) return answer(first);
    // Another purchase took the same coupon first.
    if ((error as { code?: unknown } | null)?.code === '23505' && input.couponId !== undefined) {
      throw new AppError('MALL_COUPON_UNAVAILABLE');
    }
    throw error;
  }
}

/** A purchase's ledger legs by the names their keys have always had (`lucky-refund:<name>:<member>:<request>`). */
const SALE_KEYS = { pay: 'buy', fund: 'fund', discount: 'coupon', price: 'price' } as const;
const SALE_LEGS = { fund: 'prize fund', discount: 'coupon', price: 'price' } as const;

const unitPriceOf = (terms: RoundTerms, pay: PayKind) =>
  pay === 'cash' ? terms.price : pay === 'coins' ? terms.coinsPrice : terms.diamondsPrice;

/** `count` codes not yet in the round (read under the round's lock: its purchases take turns on it). */
async function freshCodes(trx: Trx, drawId: number, count: number): Promise<string[]> {
  let codes = newCodes(count, new Set());
  for (let taken = await repository.codesTaken(trx, drawId, codes); taken.size > 0;) {
    const kept = codes.filter((code) => !taken.has(code));
    codes = [...kept, ...newCodes(count - kept.length, new Set(kept))];
    taken = await repository.codesTaken(trx, drawId, codes);
  }
  return codes;
}

function sellCodes(
  deps: LuckyRefundDeps,
  order: {
    memberId: number;
    pay: PayKind;
    input: BuyInput;
    requestKey: string;
    hash: string;
    context: { platform: number };
  },
): Promise<repository.PurchaseRow> {
  const { memberId, pay, input, requestKey } = order;
  const { quantity } = input;
  const key = (name: string) => `lucky-refund:${name}:${memberId}:${requestKey}`;
  return sellTickets(deps.db, {
    money: MONEY,
    memberId,
    market: deps.country,
    drawId: input.refundId,
    keyOf: (_round, leg) => key(SALE_KEYS[leg]),
    describe: (round, leg) => {
      const sale = `Lucky refund round ${round.id}: ${quantity} code${quantity === 1 ? '' : 's'}`;
      return leg ? `${sale}: ${SALE_LEGS[leg]}` : sale;
    },
    beforeLock: async (trx) => {
      const round = await findDraw(trx, input.refundId);
      if (!round || round.product !== PRODUCT || !roundTermsOf(round))
        throw new AppError('LUCKY_REFUND_ROUND_NOT_FOUND');
    },
    order: async (trx, round) => {
      const terms = roundTermsOf(round)!;
      if (quantity > terms.maxPerPurchase) throw new AppError('LUCKY_REFUND_TOO_MANY');
      if (unitPriceOf(terms, pay) <= 0) throw new AppError('LUCKY_REFUND_NOT_SOLD_FOR');
      if (pay !== 'cash' && input.couponId !== undefined) throw new AppError('COUPON_MISMATCH');
      const held = await repository.countMemberCodes(trx, round.id, memberId);
      if (held + quantity > terms.maxPerMember) throw new AppError('LUCKY_REFUND_MEMBER_LIMIT');
      // Lock order everywhere: the round, then its raffle (the close job takes one row at a time).
      const raffle = await findRaffle(trx, terms.raffle, round.id);
      if (!raffle) throw new AppError('DRAW_NOT_OPEN');
      return { entries: await freshCodes(trx, round.id, quantity), alsoEnters: [raffle.id] };
    },
    charge: async (trx, round) => {
      const terms = roundTermsOf(round)!;
      const total = unitPriceOf(terms, pay) * quantity;
      if (pay !== 'cash') {
        return { pay, amount: total, insufficient: INSUFFICIENT[pay], price: terms.price * quantity };
      }
      if (input.couponId === undefined) return { pay, price: total };
      const { discount } = await useCouponOutsideMall(
        trx,
        { theme: deps.theme },
        {
          memberId,
          memberCouponId: input.couponId,
          amount: total,
          platform: order.context.platform,
          usedFor: key(SALE_KEYS.discount),
        },
      );
      return { pay, price: total, discount };
    },
    record: async (trx, sold) => {
      const raffle = sold.alsoEntered[0]!;
      const discount = sold.charge.pay === 'cash' ? (sold.charge.discount ?? 0) : 0;
      const purchase = await repository.insertPurchase(trx, {
        member_id: memberId,
        request_key: requestKey,
        request_hash: order.hash,
        draw_id: sold.draw.id,
        raffle_draw_id: raffle.draw.id,
        pay,
        quantity,
        price: roundTermsOf(sold.draw)!.price,
        paid: sold.charge.pay === 'cash' ? sold.charge.price - discount : sold.charge.amount,
        discount,
        member_coupon_id: input.couponId ?? null,
        transaction_id: sold.transactionId,
      });
      await repository.insertCodes(
        trx,
        sold.entries.map((code, index) => ({
          draw_id: sold.draw.id,
          ticket_no: sold.ticketNos[index]!,
          code,
          member_id: memberId,
          purchase_id: purchase.id,
          pay,
          raffle_draw_id: raffle.draw.id,
          raffle_ticket_no: raffle.ticketNos[index]!,
          read_at: null,
        })),
      );
      return purchase;
    },
  });
}
