import { describe, expect, it } from 'vitest';
import { createCrashChain, crashPoint, crashPayout } from './crash.ts';
import { playDice } from './dice.ts';
import { minesLayout, playMines } from './mines.ts';
import { playPlinko } from './plinko.ts';
import { spinPrizeWheel } from './prize-wheel.ts';
import { playSlot } from './slot.ts';
import { createFloatStream, generateFloats, hashServerSeed } from './stream.ts';
import { verifyRound } from './verify.ts';
import { playWheel } from './wheel.ts';

const seeds = { serverSeed: 'd'.repeat(64), clientSeed: 'verify-me', nonce: 42 };

describe('verifyRound', () => {
  it('recomputes each per-player game from the revealed seeds', () => {
    const floats = generateFloats(seeds, 24);
    const serverSeedHash = hashServerSeed(seeds.serverSeed);
    expect(verifyRound({ game: 'dice', ...seeds, options: { target: 4000, direction: 'over' } })).toEqual({
      game: 'dice',
      serverSeedHash,
      floats: floats.slice(0, 1),
      outcome: playDice(floats, { target: 4000, direction: 'over' }),
    });
    expect(verifyRound({ game: 'mines', ...seeds, options: { mines: 5 } })).toMatchObject({
      outcome: { mines: [...minesLayout(floats, 5)].sort((a, b) => a - b) },
    });
    expect(verifyRound({ game: 'mines', ...seeds, options: { mines: 5, picks: [3, 9] } })).toMatchObject({
      outcome: playMines(floats, { mines: 5, picks: [3, 9] }),
    });
    expect(verifyRound({ game: 'plinko', ...seeds, options: { rows: 14, risk: 'high' } })).toMatchObject({
      floats: floats.slice(0, 14),
      outcome: playPlinko(floats, { rows: 14, risk: 'high' }),
    });
    expect(verifyRound({ game: 'wheel', ...seeds, options: { segments: 30, risk: 'medium' } })).toMatchObject(
      {
        outcome: playWheel(floats, { segments: 30, risk: 'medium' }),
      },
    );
    const slot = verifyRound({ game: 'slot', ...seeds });
    expect(slot).toMatchObject({ serverSeedHash, outcome: playSlot(createFloatStream(seeds)) });
    if (slot.game !== 'slot') throw new Error('expected a slot result');
    expect(slot.floats).toHaveLength(5 * slot.outcome.spins.length);
  });

  it('recomputes a prize wheel bet (the diamond spin) from the seeds, the published weights and the spins', () => {
    const weights = [400, 250, 150, 80, 60, 40, 15, 5];
    const result = verifyRound({ game: 'prize-wheel', ...seeds, options: { weights, spins: 10 } });
    expect(result).toEqual({
      game: 'prize-wheel',
      serverSeedHash: hashServerSeed(seeds.serverSeed),
      floats: generateFloats(seeds, 10),
      outcome: { segments: spinPrizeWheel(generateFloats(seeds, 10), weights) },
    });
    expect(() => verifyRound({ game: 'prize-wheel', ...seeds, options: { weights, spins: 0 } })).toThrow(
      RangeError,
    );
  });

  it('recomputes a crash game from its hash and the salt', () => {
    const chain = createCrashChain('e'.repeat(64), 10);
    const gameHash = chain.hashOf(3);
    const point = crashPoint(gameHash, 'salt');
    expect(verifyRound({ game: 'crash', gameHash, salt: 'salt' })).toEqual({
      game: 'crash',
      crashPoint: point,
      previousHash: chain.hashOf(2),
    });
    expect(verifyRound({ game: 'crash', gameHash, salt: 'salt', target: 150 })).toMatchObject({
      payout: crashPayout(point, 150),
    });
  });
});
