import { addDays, calendarDayOf, dayRange, localTimeOf, weekdayOf } from '@app/contracts/market-calendar';
import { randomInt } from 'node:crypto';
import type { LuckyRefundSettings, PayKind, RaffleTerms, RoundTerms } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_WINNERS } from '@app/contracts/lucky-refund-rules';
import type { PlannedDraw as EnginePlannedDraw } from '../draws/draws.service.ts';

/**
 * Lucky refund's pure rules (docs/promotions.md "Lucky refund"): the plan of rounds and Saturday raffles,
 * the codes, and what a round pays. No I/O: the service reads and writes, these decide.
 */

const MINUTE = 60_000;
const SATURDAY = 6;

/** A round or raffle as the draw engine plans it, with its terms. */
export type PlannedDraw = EnginePlannedDraw & { settings: RoundTerms | RaffleTerms };

/** `YYYY-MM-DDTHH:MM` of an instant in the market's time zone (a round's name). */
function localMinute(instant: Date, timeZone: string): string {
  const time = localTimeOf(instant, timeZone);
  return `${time.year}-${time.month}-${time.day}T${time.hour}:${time.minute}`;
}

/**
 * The raffle a round ending at `roundEnd` enters: the first Saturday `jackpotHour` (market time) at or after
 * that end. Its ref names the Saturday; its sales run from the Saturday before, same hour.
 */
export function raffleOf(
  roundEnd: Date,
  timeZone: string,
  jackpotHour: number,
): { ref: string; opensAt: Date; closesAt: Date } {
  let day = calendarDayOf(new Date(roundEnd.getTime() - 1), timeZone);
  for (;;) {
    if (weekdayOf(day) === SATURDAY) {
      const closesAt = new Date(dayRange(day, timeZone).from.getTime() + jackpotHour * 60 * MINUTE);
      if (closesAt.getTime() >= roundEnd.getTime()) {
        const previous = addDays(day, -7);
        const opensAt = new Date(dayRange(previous, timeZone).from.getTime() + jackpotHour * 60 * MINUTE);
        return { ref: `raffle:${day}`, opensAt, closesAt };
      }
    }
    day = addDays(day, 1);
  }
}

/**
 * The rounds not over by `from` (the one in progress too) and starting before `to`, back to back from each
 * market midnight, `roundMinutes` long, none starting before `after` (the end of the last round already
 * planned: a change of length applies to rounds planned after it, so rounds never overlap); and the
 * Saturday raffle of each. Each round's draw takes the public randomness `drawDelaySeconds` after its close;
 * the raffle's one beacon period (3 s) after the round closing with it, so the engine draws and pays that
 * round first.
 */
export function planDraws(
  window: { from: Date; to: Date; timeZone: string },
  settings: LuckyRefundSettings,
  after: Date | null,
): PlannedDraw[] {
  const length = settings.roundMinutes * MINUTE;
  const delay = settings.drawDelaySeconds * 1000;
  const isPlannable = (opens: number) =>
    opens + length > window.from.getTime() && (after === null || opens >= after.getTime());
  const firstDay = new Date(Math.max(after?.getTime() ?? 0, window.from.getTime() - length));
  const planned: PlannedDraw[] = [];
  const raffles = new Map<string, PlannedDraw>();
  for (let day = calendarDayOf(firstDay, window.timeZone); ; day = addDays(day, 1)) {
    const midnight = dayRange(day, window.timeZone).from.getTime();
    if (midnight >= window.to.getTime()) break;
    for (let opens = midnight; opens < midnight + 1440 * MINUTE; opens += length) {
      if (!isPlannable(opens) || opens >= window.to.getTime()) continue;
      const salesOpenAt = new Date(opens);
      const salesCloseAt = new Date(opens + length);
      const raffle = raffleOf(salesCloseAt, window.timeZone, settings.jackpotHour);
      planned.push({
        ref: `round:${localMinute(salesOpenAt, window.timeZone)}`,
        price: settings.price,
        salesOpenAt,
        salesCloseAt,
        drawAt: new Date(salesCloseAt.getTime() + delay),
        settings: {
          kind: 'round',
          price: settings.price,
          coinsPrice: settings.coinsPrice,
          diamondsPrice: settings.diamondsPrice,
          winners: LUCKY_REFUND_WINNERS,
          refundPercent: settings.refundPercent,
          housePercent: settings.housePercent,
          jackpotPercent: settings.jackpotPercent,
          maxPerPurchase: settings.maxPerPurchase,
          maxPerMember: settings.maxPerMember,
          raffle: raffle.ref,
        },
      });
      if (!raffles.has(raffle.ref)) {
        raffles.set(raffle.ref, {
          ref: raffle.ref,
          price: settings.price,
          salesOpenAt: raffle.opensAt,
          salesCloseAt: raffle.closesAt,
          drawAt: new Date(raffle.closesAt.getTime() + delay + 3000),
          settings: { kind: 'raffle', winners: LUCKY_REFUND_WINNERS },
        });
      }
    }
  }
  return [...raffles.values(), ...planned];
}

/** A code: 8 characters of upper-case letters and digits without the look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return code;
}

/** `count` codes, distinct from each other and from `taken`. */
export function newCodes(
  count: number,
  taken: ReadonlySet<string>,
  random?: (max: number) => number,
): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const code = newCode(random);
    if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}

/** A code of a round, in ticket order, with the currency it was bought with. */
export type SoldCode = { ticketNo: number; pay: PayKind };

export type CodePayout = {
  ticketNo: number;
  kind: 'prize' | 'refund' | 'none';
  /** Cash to the member, from the fund. */
  cash: number;
  /** A coins or diamonds refund, from the programme's budget. */
  coins: number;
  diamonds: number;
};

export type RoundPayout = {
  /** What the codes put in the fund: their cash price each. */
  sales: number;
  house: number;
  /** To the jackpot (its share, plus what dividing the prize pool leaves). */
  jackpot: number;
  /** Each winner's prize and a losing code's refund (cash; coins and diamonds codes get their own). */
  prize: number;
  refund: number;
  /** Cash from the fund back to the budget, for the coins and diamonds refunds the budget pays. */
  toBudget: number;
  codes: CodePayout[];
};

/**
 * What a drawn round pays, from its terms (copied when it was planned), its codes and its winning ticket
 * numbers. The fund holds every code's cash price (`sales`); it all leaves again: the house's share, each
 * losing code's refund (`refundPercent` of the price it was paid, in that currency: cash from the fund; coins
 * or diamonds from the budget, which gets the code's cash refund from the fund in exchange), the winners'
 * equal shares of what is left after the jackpot's share, and the rounding to the jackpot. So
 * `house + jackpot + toBudget + Σ cash = sales` exactly.
 */
export function payoutOf(
  terms: RoundTerms,
  codes: readonly SoldCode[],
  winners: readonly number[],
): RoundPayout {
  const sales = codes.length * terms.price;
  const empty = { sales, house: 0, jackpot: 0, prize: 0, refund: 0, toBudget: 0, codes: [] };
  if (codes.length === 0) return empty;
  const house = Math.floor((sales * terms.housePercent) / 100);
  const jackpotShare = Math.floor((sales * terms.jackpotPercent) / 100);
  const refund = Math.floor((terms.price * terms.refundPercent) / 100);
  const winning = new Set(winners);
  const losing = codes.length - winning.size;
  const pool = sales - house - jackpotShare - losing * refund;
  const prize = winning.size > 0 ? Math.floor(pool / winning.size) : 0;
  const paidOut: CodePayout[] = [];
  let toBudget = 0;
  for (const code of codes) {
    if (winning.has(code.ticketNo)) {
      paidOut.push({ ticketNo: code.ticketNo, kind: 'prize', cash: prize, coins: 0, diamonds: 0 });
      continue;
    }
    const price = code.pay === 'coins' ? terms.coinsPrice : code.pay === 'diamonds' ? terms.diamondsPrice : 0;
    const inKind = Math.floor((price * terms.refundPercent) / 100);
    if (code.pay !== 'cash') toBudget += refund;
    paidOut.push({
      ticketNo: code.ticketNo,
      kind: refund > 0 || inKind > 0 ? 'refund' : 'none',
      cash: code.pay === 'cash' ? refund : 0,
      coins: code.pay === 'coins' ? inKind : 0,
      diamonds: code.pay === 'diamonds' ? inKind : 0,
    });
  }
  return {
    sales,
    house,
    jackpot: pool - prize * winning.size + jackpotShare,
    prize,
    refund,
    toBudget,
    codes: paidOut,
  };
}

/** The jackpot's share of sales not settled yet (what the ticker adds to the jackpot while rounds sell). */
export const jackpotShareOf = (terms: Pick<RoundTerms, 'price' | 'jackpotPercent'>, sold: number) =>
  Math.floor((sold * terms.price * terms.jackpotPercent) / 100);
