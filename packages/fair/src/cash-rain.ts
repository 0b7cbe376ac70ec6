/**
 * The cash rain's packet split (docs/promotions.md "Cash rain"): one implementation for the server, which
 * makes a slot's packets with it, and the verifier page, which recomputes them from the slot's revealed
 * server seed and its published parameters. The randomness is the slot's own stream (client seed
 * `cash-rain:<site day>:<slot>`, nonce 0): the cash weights first, then the Fisher-Yates shuffle.
 */
import { createFloatStream, type BetSeeds } from './stream.ts';

/** Gift types (the spec's §3, as packages/contracts' GIFT_TYPE): 0 try again, 1 cash, 3 coins, 4 diamonds. */
export const CASH_RAIN_GIFT = { tryAgain: 0, cash: 1, coins: 3, diamonds: 4 } as const;

/** The parameters a slot's packets are made from, published with the slot. Amounts in minor units. */
export type CashRainSplit = {
  /** Cash split at random into `cashPackets` packets of at least `minPacket`, summing to it exactly. */
  budget: number;
  cashPackets: number;
  minPacket: number;
  tryAgainPackets: number;
  coinPackets: number;
  coinAmount: number;
  diamondPackets: number;
  diamondAmount: number;
};

export type CashRainPacket = { position: number; giftType: number; amount: number };

/** At most this many packets of each kind (the operator's settings allow 50,000). */
export const CASH_RAIN_MAX_PACKETS = 50_000;

/** The client seed of a slot's stream: the site day and the slot's id. */
export function cashRainClientSeed(siteDay: string, slotId: number): string {
  return `cash-rain:${siteDay}:${slotId}`;
}

export function assertCashRainSplit(split: CashRainSplit): void {
  const counts = [split.cashPackets, split.tryAgainPackets, split.coinPackets, split.diamondPackets];
  for (const count of counts) {
    if (!Number.isSafeInteger(count) || count < 0 || count > CASH_RAIN_MAX_PACKETS) {
      throw new RangeError(`packet counts are whole numbers from 0 to ${CASH_RAIN_MAX_PACKETS}`);
    }
  }
  for (const amount of [split.budget, split.minPacket, split.coinAmount, split.diamondAmount]) {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amounts are whole numbers ≥ 0');
  }
  if (split.cashPackets > 0 && split.minPacket < 1) throw new RangeError('the minimum packet is at least 1');
  if (split.cashPackets * split.minPacket > split.budget) {
    throw new RangeError('the budget must cover every cash packet at its minimum');
  }
  if (split.cashPackets === 0 && split.budget !== 0) throw new RangeError('a budget needs cash packets');
}

/**
 * The slot's packets in their order: the cash budget split into `cashPackets` amounts of at least
 * `minPacket` summing to the budget exactly (weights f + 0.05 of the stream's floats; what the floors leave
 * goes one minor unit at a time from the first packet), then the coin, diamond and "try again" packets,
 * all shuffled (Fisher-Yates from the same stream). A claim takes the free packet of lowest position.
 */
export function splitCashRain(split: CashRainSplit, seeds: BetSeeds): CashRainPacket[] {
  assertCashRainSplit(split);
  const stream = createFloatStream(seeds);
  const cash: number[] = [];
  if (split.cashPackets > 0) {
    const weights = Array.from({ length: split.cashPackets }, () => stream.next() + 0.05);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const spare = split.budget - split.cashPackets * split.minPacket;
    for (const weight of weights) cash.push(split.minPacket + Math.floor((spare * weight) / total));
    let left = split.budget - cash.reduce((sum, amount) => sum + amount, 0);
    for (let index = 0; left > 0; index = (index + 1) % cash.length, left -= 1) cash[index]! += 1;
  }
  const packets: Omit<CashRainPacket, 'position'>[] = [
    ...cash.map((amount) => ({ giftType: CASH_RAIN_GIFT.cash, amount })),
    ...repeat(split.coinPackets, { giftType: CASH_RAIN_GIFT.coins, amount: split.coinAmount }),
    ...repeat(split.diamondPackets, { giftType: CASH_RAIN_GIFT.diamonds, amount: split.diamondAmount }),
    ...repeat(split.tryAgainPackets, { giftType: CASH_RAIN_GIFT.tryAgain, amount: 0 }),
  ];
  for (let index = packets.length - 1; index > 0; index -= 1) {
    const other = Math.floor(stream.next() * (index + 1));
    [packets[index], packets[other]] = [packets[other]!, packets[index]!];
  }
  return packets.map((packet, position) => ({ ...packet, position }));
}

function repeat<T>(count: number, item: T): T[] {
  return Array.from({ length: count }, () => ({ ...item }));
}
