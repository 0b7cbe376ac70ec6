import { spinPool } from '@app/fair/pool';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formFromRound, recompute } from './recompute.ts';

const seeds = { serverSeed: 'e'.repeat(64), clientSeed: 'my seed', nonce: 5 };

describe('the verifier for a coin spin', () => {
  it('recomputes the prize from the seeds and the pool’s remaining counts of the record', () => {
    const form = formFromRound(
      { ...EMPTY_FORM, game: 'coin-spin', serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed },
      { gameCode: 'coin-spin', nonce: seeds.nonce, options: { remaining: [4, 0, 2] }, outcome: null },
    );
    expect(form.remaining).toBe('4, 0, 2');
    const computed = recompute(form);
    expect(computed).toMatchObject({
      result: { game: 'coin-spin', outcome: { prize: spinPool(seeds, [4, 0, 2]).prize } },
    });
  });

  it('says which field is wrong rather than throwing', () => {
    const computed = recompute({
      ...EMPTY_FORM,
      game: 'coin-spin',
      serverSeed: seeds.serverSeed,
      clientSeed: seeds.clientSeed,
      remaining: '4, x',
    });
    expect(computed).toMatchObject({ problem: 'options' });
  });
});
