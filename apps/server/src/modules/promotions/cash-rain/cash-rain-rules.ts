import type { BetSeeds } from '@app/fair/stream';
import { splitCashRain, type CashRainPacket, type CashRainSplit } from '@app/fair/cash-rain';
import { SLOT_STATUS, type CashRainSlotSettings } from '@app/contracts/cash-rain';

const MINUTE = 60_000;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * A slot's instants on a site day. Times of day are the market's wall clock; a site day starts at the
 * market's reset hour, so a slot before the reset hour (01:00 with a 06:00 reset) falls on the next
 * calendar day, still within the same site day.
 */
export function slotInstants(
  slot: Pick<CashRainSlotSettings, 'begin' | 'end'>,
  siteDayStart: Date,
  resetHour: number,
): { begin: Date; end: Date } {
  const fromReset = (minutesOf(slot.begin) - resetHour * 60 + 24 * 60) % (24 * 60);
  const begin = new Date(siteDayStart.getTime() + fromReset * MINUTE);
  return { begin, end: new Date(begin.getTime() + (minutesOf(slot.end) - minutesOf(slot.begin)) * MINUTE) };
}

/** 1 open now, 0 upcoming, -1 finished for today (spec §3). */
export function slotStatus(instants: { begin: Date; end: Date }, now: Date): 1 | 0 | -1 {
  if (now < instants.begin) return SLOT_STATUS.upcoming;
  if (now < instants.end) return SLOT_STATUS.open;
  return SLOT_STATUS.finished;
}

export type Packet = CashRainPacket;

/** The split parameters of a slot's settings (what is published with the slot). */
export function splitOf(slot: CashRainSlotSettings): CashRainSplit {
  return {
    budget: slot.budget,
    cashPackets: slot.cashPackets,
    minPacket: slot.minPacket,
    tryAgainPackets: slot.tryAgainPackets,
    coinPackets: slot.coinPackets,
    coinAmount: slot.coinAmount,
    diamondPackets: slot.diamondPackets,
    diamondAmount: slot.diamondAmount,
  };
}

/**
 * The slot's packets, made once for the slot: packages/fair's split (the one the verifier page runs) of
 * the slot's parameters with its seeds, kept with the slot, so the split can be recomputed and checked.
 */
export function splitPackets(slot: CashRainSlotSettings, seeds: BetSeeds): Packet[] {
  return splitCashRain(splitOf(slot), seeds);
}
