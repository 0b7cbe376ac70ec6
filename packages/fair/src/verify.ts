/**
 * Recomputes a finished round from what the player was shown, for the verification page (it runs in the
 * browser) and for support. Per-player games need the revealed server seed, the client seed and the
 * nonce; crash needs the game's hash and the salt. Compare `serverSeedHash` with the commitment shown
 * before play (or, for crash, `previousHash` with the game before).
 */
import { crashPayout, crashPoint, previousGameHash } from './crash.ts';
import { playDice, DICE_FLOATS, type DiceOptions, type DiceOutcome } from './dice.ts';
import { minesFloats, minesLayout, playMines, type MinesOptions, type MinesOutcome } from './mines.ts';
import { playPlinko, plinkoFloats, type PlinkoOptions, type PlinkoOutcome } from './plinko.ts';
import { playSlot, SLOT, type SlotOutcome } from './slot.ts';
import { createFloatStream, generateFloats, hashServerSeed, type BetSeeds } from './stream.ts';
import { PRIZE_WHEEL_MAX_SPINS, spinPrizeWheel } from './prize-wheel.ts';
import { playWheel, WHEEL_FLOATS, type WheelOptions, type WheelOutcome } from './wheel.ts';
import { drawFromPool, POOL_FLOATS } from './pool.ts';
import { CASH_RAIN_GIFT, splitCashRain, type CashRainPacket, type CashRainSplit } from './cash-rain.ts';

export const VERIFIABLE_GAMES = [
  'dice',
  'mines',
  'plinko',
  'wheel',
  'slot',
  'crash',
  'coin-spin',
  'prize-wheel',
  'cash-rain',
] as const;
export type GameId = (typeof VERIFIABLE_GAMES)[number];

export type VerifyRequest =
  | (BetSeeds & { game: 'dice'; options: DiceOptions })
  /** Without picks: the mine layout only; with the tiles revealed in order: the round's result too. */
  | (BetSeeds & { game: 'mines'; options: MinesOptions & { picks?: readonly number[] } })
  | (BetSeeds & { game: 'plinko'; options: PlinkoOptions })
  | (BetSeeds & { game: 'wheel'; options: WheelOptions })
  | (BetSeeds & { game: 'slot' })
  /** The coin spin: the pool's remaining counts, in published order, when the spin was drawn (its record). */
  | (BetSeeds & { game: 'coin-spin'; options: { remaining: readonly number[] } })
  /** A promotion's prize wheel (the diamond spin): its published weights and the bet's number of spins. */
  | (BetSeeds & { game: 'prize-wheel'; options: { weights: number[]; spins: number } })
  /**
   * A cash rain slot: its published split parameters, and the position of the packet the player got (their
   * record) to pick it out. The seeds are the slot's: client seed `cash-rain:<day>:<slot>`, nonce 0.
   */
  | (BetSeeds & { game: 'cash-rain'; options: CashRainSplit & { position?: number } })
  /** `target`: a cash-out in hundredths, to also get its payout. */
  | { game: 'crash'; gameHash: string; salt: string; target?: number };

type Seeded = { serverSeedHash: string; floats: number[] };

export type VerifyResult =
  | (Seeded & { game: 'dice'; outcome: DiceOutcome })
  | (Seeded & { game: 'mines'; outcome: { mines: number[] } | MinesOutcome })
  | (Seeded & { game: 'plinko'; outcome: PlinkoOutcome })
  | (Seeded & { game: 'wheel'; outcome: WheelOutcome })
  | (Seeded & { game: 'slot'; outcome: SlotOutcome })
  /** `prize`: the index in the published pool, null when nothing was left. */
  | (Seeded & { game: 'coin-spin'; outcome: { prize: number | null } })
  | (Seeded & { game: 'prize-wheel'; outcome: { segments: number[] } })
  /** Every packet of the slot in order, their cash total, and the one at `position` (null: none asked). */
  | (Seeded & {
      game: 'cash-rain';
      outcome: { packets: CashRainPacket[]; cashTotal: number; packet: CashRainPacket | null };
    })
  | { game: 'crash'; crashPoint: number; previousHash: string; payout?: number };

export function verifyRound(request: VerifyRequest): VerifyResult {
  if (request.game === 'crash') {
    const point = crashPoint(request.gameHash, request.salt);
    return {
      game: 'crash',
      crashPoint: point,
      previousHash: previousGameHash(request.gameHash),
      ...(request.target === undefined ? {} : { payout: crashPayout(point, request.target) }),
    };
  }
  const seeds: BetSeeds = {
    serverSeed: request.serverSeed,
    clientSeed: request.clientSeed,
    nonce: request.nonce,
  };
  const serverSeedHash = hashServerSeed(seeds.serverSeed);
  switch (request.game) {
    case 'dice': {
      const floats = generateFloats(seeds, DICE_FLOATS);
      return { game: 'dice', serverSeedHash, floats, outcome: playDice(floats, request.options) };
    }
    case 'mines': {
      const { mines, picks } = request.options;
      const floats = generateFloats(seeds, minesFloats(mines));
      const outcome = picks
        ? playMines(floats, { mines, picks })
        : { mines: [...minesLayout(floats, mines)].sort((a, b) => a - b) };
      return { game: 'mines', serverSeedHash, floats, outcome };
    }
    case 'plinko': {
      const floats = generateFloats(seeds, plinkoFloats(request.options.rows));
      return { game: 'plinko', serverSeedHash, floats, outcome: playPlinko(floats, request.options) };
    }
    case 'wheel': {
      const floats = generateFloats(seeds, WHEEL_FLOATS);
      return { game: 'wheel', serverSeedHash, floats, outcome: playWheel(floats, request.options) };
    }
    case 'coin-spin': {
      const floats = generateFloats(seeds, POOL_FLOATS);
      const prize = drawFromPool(floats[0] as number, request.options.remaining);
      return { game: 'coin-spin', serverSeedHash, floats, outcome: { prize: prize ?? null } };
    }
    case 'prize-wheel': {
      const { weights, spins } = request.options;
      if (!Number.isSafeInteger(spins) || spins < 1 || spins > PRIZE_WHEEL_MAX_SPINS) {
        throw new RangeError(`spins must be 1 … ${PRIZE_WHEEL_MAX_SPINS}`);
      }
      const floats = generateFloats(seeds, spins);
      return {
        game: 'prize-wheel',
        serverSeedHash,
        floats,
        outcome: { segments: spinPrizeWheel(floats, weights) },
      };
    }
    case 'cash-rain': {
      const { position, ...split } = request.options;
      const packets = splitCashRain(split, seeds);
      if (
        position !== undefined &&
        !(Number.isSafeInteger(position) && position >= 0 && position < packets.length)
      ) {
        throw new RangeError(`the position is a packet's, 0 … ${packets.length - 1}`);
      }
      const cashTotal = packets.reduce(
        (sum, packet) => (packet.giftType === CASH_RAIN_GIFT.cash ? sum + packet.amount : sum),
        0,
      );
      return {
        game: 'cash-rain',
        serverSeedHash,
        // The split reads as many floats as it has packets and more: the first ten are shown.
        floats: generateFloats(seeds, 10),
        outcome: { packets, cashTotal, packet: position === undefined ? null : packets[position]! },
      };
    }
    case 'slot': {
      const stream = createFloatStream(seeds);
      const floats: number[] = [];
      const outcome = playSlot(
        {
          next() {
            const float = stream.next();
            floats.push(float);
            return float;
          },
        },
        SLOT,
      );
      return { game: 'slot', serverSeedHash, floats, outcome };
    }
  }
}
