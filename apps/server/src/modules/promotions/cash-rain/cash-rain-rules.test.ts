import { describe, expect, it } from 'vitest';
import { GIFT_TYPE, type CashRainSlotSettings } from '@app/contracts/cash-rain';
import { slotInstants, slotStatus, splitPackets } from './cash-rain-rules.ts';

const seeds = (nonce: number) => ({ serverSeed: 'a'.repeat(64), clientSeed: 'cash-rain:test', nonce });
const slot: CashRainSlotSettings = {
  id: 1,
  begin: '20:00',
  end: '20:30',
  budget: 100_000,
  cashPackets: 97,
  minPacket: 100,
  tryAgainPackets: 40,
  coinPackets: 10,
  coinAmount: 50,
  diamondPackets: 3,
  diamondAmount: 5,
};

describe('the packet split', () => {
  it('sums the cash packets to the budget exactly, each at least the minimum, for many seeds', () => {
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const budget = 9_700 + nonce * 37;
      const packets = splitPackets({ ...slot, budget }, seeds(nonce));
      const cash = packets.filter((packet) => packet.giftType === GIFT_TYPE.cash);
      expect(cash).toHaveLength(97);
      expect(cash.reduce((sum, packet) => sum + packet.amount, 0)).toBe(budget);
      expect(Math.min(...cash.map((packet) => packet.amount))).toBeGreaterThanOrEqual(100);
    }
  });

  it('adds the try-again, coin and diamond packets, in positions 0..n-1, the same for the same seeds', () => {
    const packets = splitPackets(slot, seeds(7));
    expect(packets).toHaveLength(97 + 40 + 10 + 3);
    expect(packets.map((packet) => packet.position)).toEqual(packets.map((_, index) => index));
    expect(
      packets.filter((packet) => packet.giftType === GIFT_TYPE.tryAgain && packet.amount === 0),
    ).toHaveLength(40);
    expect(
      packets.filter((packet) => packet.giftType === GIFT_TYPE.coins && packet.amount === 50),
    ).toHaveLength(10);
    expect(
      packets.filter((packet) => packet.giftType === GIFT_TYPE.diamonds && packet.amount === 5),
    ).toHaveLength(3);
    expect(splitPackets(slot, seeds(7))).toEqual(packets);
    expect(splitPackets(slot, seeds(8))).not.toEqual(packets);
  });

  it('makes only try-again packets when the slot has no budget', () => {
    const packets = splitPackets(
      { ...slot, budget: 0, cashPackets: 0, coinPackets: 0, diamondPackets: 0 },
      seeds(1),
    );
    expect(packets.every((packet) => packet.giftType === GIFT_TYPE.tryAgain)).toBe(true);
  });
});

describe('a slot of the site day', () => {
  const start = new Date('2026-11-26T00:00:00+03:00');

  it('opens at its time of day and is upcoming, open, then finished', () => {
    const instants = slotInstants(slot, start, 0);
    expect(instants.begin.toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(instants.end.toISOString()).toBe('2026-11-26T17:30:00.000Z');
    expect(slotStatus(instants, new Date('2026-11-26T16:59:59Z'))).toBe(0);
    expect(slotStatus(instants, new Date('2026-11-26T17:00:00Z'))).toBe(1);
    expect(slotStatus(instants, new Date('2026-11-26T17:30:00Z'))).toBe(-1);
  });

  it('falls after the reset hour: a 01:00 slot with a 06:00 reset is the next calendar day', () => {
    const dayStart = new Date('2026-11-26T06:00:00+03:00');
    const instants = slotInstants({ begin: '01:00', end: '02:00' }, dayStart, 6);
    expect(instants.begin.toISOString()).toBe('2026-11-26T22:00:00.000Z');
  });

  it('may end the day at 24:00', () => {
    const instants = slotInstants({ begin: '18:00', end: '24:00' }, start, 0);
    expect(instants.end.toISOString()).toBe('2026-11-26T21:00:00.000Z');
  });
});
