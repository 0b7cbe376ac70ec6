import { describe, expect, it } from 'vitest';
import { CASH_RAIN_GIFT, cashRainClientSeed, splitCashRain, type CashRainSplit } from './cash-rain.ts';
import { hashServerSeed } from './stream.ts';
import { verifyRound } from './verify.ts';

const seeds = (serverSeed: string) => ({
  serverSeed,
  clientSeed: cashRainClientSeed('2026-11-28', 3),
  nonce: 0,
});
const hex = (index: number) => index.toString(16).padStart(64, '0');
const split: CashRainSplit = {
  budget: 50_000,
  cashPackets: 200,
  minPacket: 100,
  tryAgainPackets: 100,
  coinPackets: 100,
  coinAmount: 50,
  diamondPackets: 50,
  diamondAmount: 5,
};

const cashOf = (packets: { giftType: number; amount: number }[]) =>
  packets.filter((packet) => packet.giftType === CASH_RAIN_GIFT.cash);

describe('the cash rain split', () => {
  it('sums the cash packets to the budget exactly, none below the minimum, for many seeds and budgets', () => {
    for (let index = 0; index < 300; index += 1) {
      const budget = 20_000 + index * 97;
      const minPacket = 1 + (index % 100);
      const packets = splitCashRain({ ...split, budget, minPacket }, seeds(hex(index)));
      const cash = cashOf(packets);
      expect(cash).toHaveLength(200);
      expect(cash.reduce((sum, packet) => sum + packet.amount, 0)).toBe(budget);
      expect(Math.min(...cash.map((packet) => packet.amount))).toBeGreaterThanOrEqual(minPacket);
    }
  });

  it('gives every packet at the minimum when the budget is exactly the minimum', () => {
    const packets = splitCashRain({ ...split, budget: 200 * 250, minPacket: 250 }, seeds(hex(1)));
    expect(cashOf(packets).every((packet) => packet.amount === 250)).toBe(true);
  });

  it('is deterministic: the same seeds make the same packets in the same order, other seeds another', () => {
    const packets = splitCashRain(split, seeds(hex(7)));
    expect(packets).toHaveLength(450);
    expect(packets.map((packet) => packet.position)).toEqual(packets.map((_, index) => index));
    expect(splitCashRain(split, seeds(hex(7)))).toEqual(packets);
    expect(splitCashRain(split, seeds(hex(8)))).not.toEqual(packets);
    expect(
      splitCashRain(split, { ...seeds(hex(7)), clientSeed: cashRainClientSeed('2026-11-28', 4) }),
    ).not.toEqual(packets);
    // The mix is the published one: coins, diamonds and try-again packets of their amounts.
    const count = (giftType: number, amount?: number) =>
      packets.filter(
        (packet) => packet.giftType === giftType && (amount === undefined || packet.amount === amount),
      ).length;
    expect(count(CASH_RAIN_GIFT.coins, 50)).toBe(100);
    expect(count(CASH_RAIN_GIFT.diamonds, 5)).toBe(50);
    expect(count(CASH_RAIN_GIFT.tryAgain, 0)).toBe(100);
  });

  it('refuses parameters no slot could have', () => {
    expect(() => splitCashRain({ ...split, budget: 199 * 100 }, seeds(hex(1)))).toThrow(RangeError);
    expect(() => splitCashRain({ ...split, cashPackets: -1 }, seeds(hex(1)))).toThrow(RangeError);
    expect(() => splitCashRain({ ...split, cashPackets: 0 }, seeds(hex(1)))).toThrow(RangeError);
    expect(() => splitCashRain({ ...split, coinPackets: 1.5 }, seeds(hex(1)))).toThrow(RangeError);
  });

  it('is what the verifier recomputes, with the packet at the player’s position', () => {
    const packets = splitCashRain(split, seeds(hex(9)));
    const result = verifyRound({ game: 'cash-rain', ...seeds(hex(9)), options: { ...split, position: 17 } });
    expect(result).toMatchObject({
      game: 'cash-rain',
      serverSeedHash: hashServerSeed(hex(9)),
      outcome: { packets, cashTotal: 50_000, packet: packets[17] },
    });
    expect(() =>
      verifyRound({ game: 'cash-rain', ...seeds(hex(9)), options: { ...split, position: 450 } }),
    ).toThrow(RangeError);
  });
});
