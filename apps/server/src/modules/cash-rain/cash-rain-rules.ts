import { createFloatStream, type BetSeeds } from '@app/fair/stream';
import { GIFT_TYPE, SLOT_STATUS, type CashRainSlotSettings } from '@app/contracts/cash-rain';

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

export type Packet = { position: number; giftType: number; amount: number };

/**
 * The slot's packets, made once when it opens: its cash budget split at random into `cashPackets`
 * amounts of at least `minPacket` that sum to the budget exactly, the coin, diamond and "try again"
 * packets, all in a shuffled order. The randomness is the slot's seeds (packages/fair), kept with the
 * slot, so the split can be recomputed and checked afterwards.
 */
export function splitPackets(slot: CashRainSlotSettings, seeds: BetSeeds): Packet[] {
  const stream = createFloatStream(seeds);
  const cash: number[] = [];
  if (slot.cashPackets > 0) {
    const weights = Array.from({ length: slot.cashPackets }, () => stream.next() + 0.05);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const spare = slot.budget - slot.cashPackets * slot.minPacket;
    for (const weight of weights) cash.push(slot.minPacket + Math.floor((spare * weight) / total));
    // What the floors left over goes one minor unit at a time, so the sum is the budget exactly.
    let left = slot.budget - cash.reduce((sum, amount) => sum + amount, 0);
    for (let index = 0; left > 0; index = (index + 1) % cash.length, left -= 1) cash[index]! += 1;
  }
  const packets: Omit<Packet, 'position'>[] = [
    ...cash.map((amount) => ({ giftType: GIFT_TYPE.cash, amount })),
    ...repeat(slot.coinPackets, { giftType: GIFT_TYPE.coins, amount: slot.coinAmount }),
    ...repeat(slot.diamondPackets, { giftType: GIFT_TYPE.diamonds, amount: slot.diamondAmount }),
    ...repeat(slot.tryAgainPackets, { giftType: GIFT_TYPE.tryAgain, amount: 0 }),
  ];
  // Fisher-Yates from the same stream.
  for (let index = packets.length - 1; index > 0; index -= 1) {
    const other = Math.floor(stream.next() * (index + 1));
    [packets[index], packets[other]] = [packets[other]!, packets[index]!];
  }
  return packets.map((packet, position) => ({ ...packet, position }));
}

function repeat<T>(count: number, item: T): T[] {
  return Array.from({ length: count }, () => ({ ...item }));
}
