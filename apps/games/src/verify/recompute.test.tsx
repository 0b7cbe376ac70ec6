import { cashRainClientSeed, splitCashRain } from '@app/fair/cash-rain';
import { spinPool } from '@app/fair/pool';
import { hashServerSeed } from '@app/fair/stream';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../locales/en.ts';
import { createTranslate } from '../lib/i18n.ts';
import { verifyHref } from '../lib/verify-link.ts';
import { EMPTY_FORM, formFromRound, recompute } from './recompute.ts';
import { VerifyPage } from './verify-page.tsx';

const EMPTY_RAIN_SPLIT = {
  budget: 0,
  cashPackets: 0,
  minPacket: 1,
  tryAgainPackets: 0,
  coinPackets: 0,
  coinAmount: 0,
  diamondPackets: 0,
  diamondAmount: 0,
};

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

describe('the verifier for a cash rain slot', () => {
  const rainSeeds = { serverSeed: 'f'.repeat(64), clientSeed: cashRainClientSeed('2026-11-28', 3), nonce: 0 };
  const split = {
    budget: 50_000,
    cashPackets: 200,
    minPacket: 100,
    tryAgainPackets: 100,
    coinPackets: 100,
    coinAmount: 50,
    diamondPackets: 50,
    diamondAmount: 5,
  };

  it('recomputes the slot’s packets from the link of a record and picks the player’s packet', () => {
    const form = formFromRound(
      {
        ...EMPTY_FORM,
        game: 'cash-rain',
        serverSeed: rainSeeds.serverSeed,
        clientSeed: rainSeeds.clientSeed,
      },
      { gameCode: 'cash-rain', nonce: 0, options: { ...split, position: 41 }, outcome: null },
    );
    expect(form.rain.budget).toBe('50000');
    expect(form.packet).toBe('42');
    const packets = splitCashRain(split, rainSeeds);
    expect(recompute(form)).toMatchObject({
      result: { game: 'cash-rain', outcome: { packets, cashTotal: 50_000, packet: packets[41] } },
    });
    // Without a packet number: the whole split.
    expect(recompute({ ...form, packet: '' })).toMatchObject({ result: { outcome: { packet: null } } });
  });

  it('says the parameters are wrong rather than throwing', () => {
    const form = {
      ...EMPTY_FORM,
      game: 'cash-rain' as const,
      serverSeed: rainSeeds.serverSeed,
      clientSeed: rainSeeds.clientSeed,
      rain: { ...EMPTY_FORM.rain, budget: '100', cashPackets: '200', minPacket: '100' },
    };
    expect(recompute(form)).toMatchObject({ problem: 'options' });
    expect(recompute({ ...form, rain: { ...form.rain, budget: 'x' } })).toMatchObject({ problem: 'options' });
  });
});

describe('the verifier page for a cash rain slot', () => {
  afterEach(cleanup);

  it('opens from a record’s link and shows the player’s packet and the split adding up to the budget', () => {
    const serverSeed = 'f'.repeat(64);
    const clientSeed = cashRainClientSeed('2026-11-28', 3);
    const split = {
      ...EMPTY_RAIN_SPLIT,
      budget: 7_000,
      cashPackets: 5,
      minPacket: 500,
      coinPackets: 2,
      coinAmount: 30,
    };
    const packets = splitCashRain(split, { serverSeed, clientSeed, nonce: 0 });
    const mine = packets.find((packet) => packet.giftType === 1)!;
    const href = verifyHref({
      game: 'cash-rain',
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed,
      nonce: 0,
      options: { ...split, position: mine.position },
    });
    render(<VerifyPage t={createTranslate(en)} language="en" search={href.slice(href.indexOf('?'))} />);
    expect(screen.getByTestId('verify-hash-check').textContent).toContain(
      'It matches the hash you were shown.',
    );
    expect(screen.getByTestId('verify-outcome').textContent).toBe(
      `Packet ${mine.position + 1}: cash ${(mine.amount / 100).toFixed(2)}`,
    );
    expect(screen.getByTestId('verify-rain-total').textContent).toContain('add up to 70.00');
    expect(screen.getByTestId('verify-rain-packets').children).toHaveLength(7);
  });
});
