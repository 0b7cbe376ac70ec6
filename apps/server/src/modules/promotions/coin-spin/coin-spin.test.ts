import { describe, expect, it } from 'vitest';
import { spinPool } from '@app/fair/pool';
import { hashServerSeed } from '@app/fair/stream';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { DAILY_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { codeCounts, callApi } from '../../../../test/api-client.ts';
import { countRows, configureProgramme, newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { sign } from '../sign-in/sign-in.service.ts';
import { coinSpinProgramme, type CoinSpinSettings } from './coin-spin.programme.ts';
import { records, spin, state } from './coin-spin.service.ts';

/** Coin spin (issue 14 §6, docs/promotions.md "Coin spin"). */
const kenya = COUNTRY_PROFILES.KE;
const DAY = 24 * 3_600_000;
const wheel = (path: string) => path.replace(':id', '1');

const ctx = useTestApp();

describe('the coin spin routes', () => {
  it('after today’s sign-in a member spins once, is paid the prize, and can verify the spin the next day', async () => {
    const member = await newMember(ctx);
    const locked = await callApi(ctx, wheel(DAILY_PATHS.coinSpin), { method: 'GET', token: member.token });
    expect(locked.code).toBe(0);
    expect(locked.data).toMatchObject({ id: 1, canSpin: false, needsSignIn: true, spunToday: false });
    expect(locked.data.prizes).toHaveLength(coinSpinProgramme.defaults.settings.prizes.length);
    const early = await callApi(ctx, wheel(DAILY_PATHS.coinSpinPlay), { json: {}, token: member.token });
    expect(early.code).toBe(ERRORS.COIN_SPIN_SIGN_IN_FIRST.code);

    expect((await callApi(ctx, DAILY_PATHS.signIn, { token: member.token })).code).toBe(0);
    const open = await callApi(ctx, wheel(DAILY_PATHS.coinSpin), { method: 'GET', token: member.token });
    expect(open.data).toMatchObject({ canSpin: true, needsSignIn: false });
    const coinsBefore = (await getBalances(ctx.db, member.id)).coins;

    const spun = await callApi(ctx, wheel(DAILY_PATHS.coinSpinPlay), {
      json: { clientSeed: 'my lucky seed' },
      token: member.token,
    });
    expect(spun.code).toBe(0);
    const prize = coinSpinProgramme.defaults.settings.prizes[spun.data.prizeIndex]!;
    expect(spun.data).toMatchObject({ coins: prize.coins, cash: prize.cash, clientSeed: 'my lucky seed' });
    expect(spun.data.serverSeedHash).toBe(open.data.serverSeedHash);
    expect(spun.data.serverSeed).toBeNull();
    const balances = await getBalances(ctx.db, member.id);
    expect(balances.coins).toBe(coinsBefore + prize.coins);
    expect(balances.cash).toBe(prize.cash);

    const again = await callApi(ctx, wheel(DAILY_PATHS.coinSpinPlay), { json: {}, token: member.token });
    expect(again.code).toBe(ERRORS.COIN_SPIN_ALREADY_SPUN.code);
    const listed = await callApi(ctx, wheel(DAILY_PATHS.coinSpinRecords), {
      method: 'GET',
      token: member.token,
    });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0].serverSeed).toBeNull();

    // The next day the seed is revealed: it matches the commitment and recomputes the prize.
    const [record] = await records(ctx.db, kenya, member.id, 1, new Date(Date.now() + DAY));
    expect(record?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashServerSeed(record!.serverSeed!)).toBe(record!.serverSeedHash);
    const recomputed = spinPool(
      { serverSeed: record!.serverSeed!, clientSeed: record!.clientSeed, nonce: record!.nonce },
      record!.remainingBefore,
    );
    expect(recomputed.prize).toBe(record!.prizeIndex);
  });

  it('shows a visitor the day’s published pool and seed commitment, and spins only for a member', async () => {
    const seen = await callApi(ctx, wheel(DAILY_PATHS.coinSpin), { method: 'GET' });
    expect(seen.code).toBe(0);
    expect(seen.data).toMatchObject({ canSpin: false, spunToday: false, needsSignIn: false });
    expect(seen.data.prizes.length).toBeGreaterThan(1);
    expect(seen.data.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await callApi(ctx, wheel(DAILY_PATHS.coinSpinPlay), { json: {} })).status).toBe(401);
  });

  it('refuses another wheel id and a hostile client seed', async () => {
    const member = await newMember(ctx);
    const other = await callApi(ctx, DAILY_PATHS.coinSpin.replace(':id', '2'), {
      method: 'GET',
      token: member.token,
    });
    expect(other.code).toBe(ERRORS.ACTIVITY_INVALID.code);
    const hostile = await callApi(ctx, wheel(DAILY_PATHS.coinSpinPlay), {
      json: { clientSeed: 'é'.repeat(70) },
      token: member.token,
    });
    expect(hostile.status).toBe(400);
  });

  it('spins once under 20 parallel spins of one member', async () => {
    const member = await newMember(ctx);
    expect((await callApi(ctx, DAILY_PATHS.signIn, { token: member.token })).code).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callApi(ctx, wheel(DAILY_PATHS.coinSpinPlay), { json: {}, token: member.token }),
      ),
    );
    expect(codeCounts(answers)).toEqual({ 0: 1, [ERRORS.COIN_SPIN_ALREADY_SPUN.code]: 19 });
    expect(await countRows(ctx, 'coin_spin', { member_id: member.id })).toBe(1);
  });

  it('the operator’s pool is published for a new day, and never goes below 0 under parallel spins', async () => {
    const settings: CoinSpinSettings = {
      requireSignIn: false,
      prizes: [
        { coins: 3_00, cash: 0, count: 2 },
        { coins: 0, cash: 5_00, count: 1 },
      ],
    };
    await configureProgramme(ctx, 'coin-spin', settings);
    const day = new Date('2026-07-01T10:00:00Z');
    const crowd = await Promise.all(Array.from({ length: 6 }, () => newMember(ctx)));
    const view = await state(ctx.db, kenya, crowd[0]!.id, 1, day);
    expect(view.prizes).toEqual([
      { index: 0, coins: 3_00, cash: 0, count: 2, remaining: 2 },
      { index: 1, coins: 0, cash: 5_00, count: 1, remaining: 1 },
    ]);
    const outcomes = await Promise.allSettled(
      crowd.map((member) => spin(ctx.db, kenya, member.id, { id: 1 }, day)),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(3);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ key: 'COIN_SPIN_POOL_EMPTY' });
    }
    const left = await ctx.db
      .selectFrom('coin_spin_prize')
      .select(['prize_index', 'remaining'])
      .where('site_day', '=', '2026-07-01')
      .orderBy('prize_index')
      .execute();
    expect(left.map((row) => row.remaining)).toEqual([0, 0]);
    const prizesWon = won.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.prizeIndex : -1));
    expect(prizesWon.sort()).toEqual([0, 0, 1]);
    // Each spin was drawn on the pool the one before left: nonces 1, 2, 3.
    const nonces = won.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.nonce : 0));
    expect(nonces.sort()).toEqual([1, 2, 3]);
    await configureProgramme(ctx, 'coin-spin');
  });

  it('gives a self-excluded member nothing and leaves the pool as it was', async () => {
    await configureProgramme(ctx, 'coin-spin', { requireSignIn: false });
    const member = await newMember(ctx);
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: member.token,
    });
    expect(excluded.code).toBe(0);
    const day = new Date('2026-07-05T10:00:00Z');
    const before = await state(ctx.db, kenya, member.id, 1, day);
    await expect(spin(ctx.db, kenya, member.id, { id: 1 }, day)).rejects.toMatchObject({
      key: 'PROMOTION_MEMBER_BLOCKED',
    });
    const after = await state(ctx.db, kenya, member.id, 1, day);
    expect(after.prizes).toEqual(before.prizes);
    expect(after.spunToday).toBe(false);
    const balances = await getBalances(ctx.db, member.id);
    expect(balances).toMatchObject({ coins: 0, cash: 0 });
    await configureProgramme(ctx, 'coin-spin');
  });

  it('works in Brazil: no deposit condition, only today’s sign-in', async () => {
    const brazil = COUNTRY_PROFILES.BR;
    const member = await newMember(ctx);
    const day = new Date('2026-07-07T15:00:00Z');
    await sign(ctx.db, brazil, member.id, day);
    const result = await spin(ctx.db, brazil, member.id, { id: 1 }, day);
    expect(result.coins + result.cash).toBeGreaterThan(0);
  });

  it('is off when the operator switches it off', async () => {
    const member = await newMember(ctx);
    await sign(ctx.db, kenya, member.id, new Date('2026-07-09T10:00:00Z'));
    await configureProgramme(ctx, 'coin-spin', {}, { enabled: false });
    await expect(
      spin(ctx.db, kenya, member.id, { id: 1 }, new Date('2026-07-09T10:00:00Z')),
    ).rejects.toMatchObject({
      key: 'ACTIVITY_INVALID',
    });
    await configureProgramme(ctx, 'coin-spin');
  });
});
