import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, BONUS_PATHS, MEMBER_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import {
  configureProgramme,
  newMember,
  openMemberGameSession,
  transactionsOf,
} from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { listGrants } from '../../platform/wallet/bonus-pocket.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { expectLedgerInvariants as expectLedgerInvariantsOf } from '../../../../test/ledger-invariants.ts';
import { diceBet } from '../../../../test/dice-session.ts';
import { exchange as exchangeService } from './exchange.service.ts';

const ctx = useTestApp();

/** The demo options by their asset and amount (demo-payments.ts), so the tests do not hard-code ids. */
async function option(fromAsset: 'coins' | 'diamonds', fromAmount: number) {
  const options = await callApi(ctx, PAYMENT_PATHS.exchangeConfig, { method: 'GET' });
  const found = options.data.find(
    (candidate: { fromAsset: string; fromAmount: number }) =>
      candidate.fromAsset === fromAsset && candidate.fromAmount === fromAmount,
  );
  expect(found, `${fromAsset} ${fromAmount}`).toBeDefined();
  return found as { id: number; cash: number; withdrawable: boolean };
}

const exchange = (token: string, form: Record<string, string>) =>
  callApi(ctx, PAYMENT_PATHS.exchange, { form, token });

const expectLedgerInvariants = () => expectLedgerInvariantsOf(ctx.db);

/** One in-house dice bet of the member, through a game session of their login (as the game page does). */
async function betOnDice(memberId: number, stake: number) {
  const { token: session } = await openMemberGameSession(ctx, memberId, 'dice');
  return diceBet(ctx, session, stake);
}

describe('exchange options', () => {
  it('lists the enabled options, without the disabled ones, to visitors too', async () => {
    const coins = await option('coins', 10_000);
    await ctx.db.updateTable('exchange_option').set({ enabled: false }).where('id', '=', coins.id).execute();
    const answer = await callApi(ctx, PAYMENT_PATHS.exchangeConfig, { method: 'GET' });
    await ctx.db.updateTable('exchange_option').set({ enabled: true }).where('id', '=', coins.id).execute();

    expect(answer.code).toBe(0);
    expect(answer.data.map((entry: { id: number }) => entry.id)).not.toContain(coins.id);
    expect(answer.data).toContainEqual({
      id: expect.any(Number),
      fromAsset: 'diamonds',
      fromAmount: 1_000,
      cash: 5_000,
      withdrawable: true,
    });
  });
});

describe('exchange', () => {
  it('spends the coins and grants the bonus cash as a bonus with its terms, in one transaction', async () => {
    const { id, token } = await newMember(ctx, { coins: 25_000 });
    const coins = await option('coins', 10_000);
    const answer = await exchange(token, { id: String(coins.id) });

    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      money: 1_000,
      withdrawMoney: 0,
      bonusMoney: 15_000,
      diamond: 0,
      transactionId: expect.any(Number),
      bonus: {
        source: 'coin-exchange',
        status: 'active',
        amount: 1_000,
        wageringMultiple: 5,
        wageringRequired: 5_000,
        wageringProgress: 0,
        maxStake: null,
        maxConversion: 1_000,
        contribution: { inhouse: 100, crash: 100, provider: 100 },
      },
    });
    const detail = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
      method: 'GET',
      query: `?id=${answer.data.transactionId}`,
      token,
    });
    expect(detail.data).toMatchObject({ type: 'exchange', coins: -10_000 });
    const profile = await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token });
    expect(profile.data).toMatchObject({ money: 1_000, bonusMoney: 15_000 });
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 1_000,
      withdrawable: 0,
      coins: 15_000,
      diamonds: 0,
      tickets: 0,
    });
    // The bonus page shows it with its rules; its ref is the exchange's own journal transaction.
    const mine = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token });
    expect(mine.data.active).toEqual(answer.data.bonus);
    expect(await listGrants(ctx.db, id)).toMatchObject([
      { sourceRef: `exchange:${answer.data.transactionId}`, budgetAccount: 'promo:coin-exchange:budget' },
    ]);
    await expectLedgerInvariants();
  });

  it('lets a later exchange wait as a pending bonus, credited when the active one ends', async () => {
    const { id, token } = await newMember(ctx, { coins: 25_000 });
    const coins = await option('coins', 10_000);
    const first = await exchange(token, { id: String(coins.id) });
    const second = await exchange(token, { id: String(coins.id) });
    expect(second.data).toMatchObject({ money: 1_000, bonusMoney: 5_000, bonus: { status: 'pending' } });
    const mine = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token });
    expect(mine.data.pending).toMatchObject([{ id: second.data.bonus.id, source: 'coin-exchange' }]);

    const forfeited = await callApi(ctx, BONUS_PATHS.forfeit, {
      form: { id: String(first.data.bonus.id) },
      token,
    });
    expect(forfeited.data).toMatchObject({ money: 1_000, withdrawMoney: 0 });
    expect(await listGrants(ctx.db, id)).toMatchObject([
      { id: second.data.bonus.id, status: 'active' },
      { id: first.data.bonus.id, status: 'forfeited' },
    ]);
    await expectLedgerInvariants();
  });

  it('grants on the operator’s terms, and offers no bonus cash while the programme is off', async () => {
    const { id, token } = await newMember(ctx, { coins: 30_000 });
    const coins = await option('coins', 10_000);
    await configureProgramme(ctx, 'coin-exchange', {
      wageringMultiple: 2,
      maxStake: 20_00,
      maxConversionPercent: 50,
    });
    const cfg = await callApi(ctx, PAYMENT_PATHS.exchangeConfig, { method: 'GET' });
    expect(cfg.data.find((entry: { id: number }) => entry.id === coins.id)).toMatchObject({
      bonus: { wageringMultiple: 2, wageringRequired: 2_000, maxStake: 20_00, maxConversion: 500 },
    });
    const answer = await exchange(token, { id: String(coins.id) });
    expect(answer.data.bonus).toMatchObject({ wageringRequired: 2_000, maxStake: 20_00, maxConversion: 500 });

    await configureProgramme(ctx, 'coin-exchange', {}, { enabled: false });
    const off = await callApi(ctx, PAYMENT_PATHS.exchangeConfig, { method: 'GET' });
    expect(off.data.every((entry: { withdrawable: boolean }) => entry.withdrawable)).toBe(true);
    expect(off.data.length).toBeGreaterThan(0);
    expect(await exchange(token, { id: String(coins.id) })).toMatchObject({
      code: ERRORS.ACTIVITY_INVALID.code,
    });
    await configureProgramme(ctx, 'coin-exchange');
    expect((await getBalances(ctx.db, id)).coins).toBe(20_000);
  });

  it('refuses a self-excluded member and changes nothing', async () => {
    const { id, token } = await newMember(ctx, { coins: 20_000 });
    const coins = await option('coins', 10_000);
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token,
    });
    expect(excluded.code).toBe(0);
    // The login session ended with the exclusion: the service is called as a session still open would.
    await expect(
      exchangeService(ctx.db, COUNTRY_PROFILES.KE, id, { id: coins.id, requestId: 'excluded-0001' }),
    ).rejects.toMatchObject({ code: ERRORS.PROMOTION_MEMBER_BLOCKED.code });
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 0,
      withdrawable: 0,
      coins: 20_000,
      diamonds: 0,
      tickets: 0,
    });
    expect(await listGrants(ctx.db, id)).toEqual([]);
  });

  it('wagers the exchanged bonus with a bet, and forfeits it at self-exclusion', async () => {
    const { id, token } = await newMember(ctx, { coins: 60_000 });
    // KES 500 of coins for KES 55 of bonus cash: enough for Kenya's minimum stake of KES 20.
    const coins = await option('coins', 50_000);
    const answer = await exchange(token, { id: String(coins.id) });
    expect(answer.data.bonus).toMatchObject({ status: 'active', wageringRequired: 27_500 });
    const played = await betOnDice(id, 20_00);
    expect(played.code, played.msg).toBe(0);
    const mine = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token });
    expect(mine.data.active).toMatchObject({ source: 'coin-exchange', wageringProgress: 20_00 });

    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token,
    });
    expect(excluded.code).toBe(0);
    expect(await listGrants(ctx.db, id)).toMatchObject([
      { source: 'coin-exchange', status: 'forfeited', forfeitReason: 'self_exclusion' },
    ]);
    // Whatever bonus cash the bet left went back to the programme's budget; no real money was involved.
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 0, withdrawable: 0, coins: 10_000 });
    await expectLedgerInvariants();
  });

  it('gives withdrawable cash for diamonds when the option says so', async () => {
    const { token } = await newMember(ctx, { diamonds: 1_500 });
    const diamonds = await option('diamonds', 1_000);
    const answer = await exchange(token, { id: String(diamonds.id) });
    expect(answer.data).toMatchObject({ money: 5_000, withdrawMoney: 5_000, diamond: 500, bonusMoney: 0 });
    await expectLedgerInvariants();
  });

  it('refuses when the member has not enough, and changes nothing', async () => {
    const { id, token } = await newMember(ctx, { coins: 9_999, diamonds: 999 });
    const coins = await option('coins', 10_000);
    const diamonds = await option('diamonds', 1_000);
    for (const refused of [coins, diamonds]) {
      const answer = await exchange(token, { id: String(refused.id) });
      expect(answer).toMatchObject({ status: 409, code: ERRORS.EXCHANGE_INSUFFICIENT.code });
    }
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 0,
      withdrawable: 0,
      coins: 9_999,
      diamonds: 999,
      tickets: 0,
    });
    const history = await transactionsOf(ctx, id, 'exchange');
    expect(history).toEqual([]);
  });

  it('answers an unknown or disabled option as not found', async () => {
    const { token } = await newMember(ctx, { coins: 100_000 });
    const coins = await option('coins', 10_000);
    expect(await exchange(token, { id: '999999' })).toMatchObject({ status: 404, code: 1004 });
    await ctx.db.updateTable('exchange_option').set({ enabled: false }).where('id', '=', coins.id).execute();
    const disabled = await exchange(token, { id: String(coins.id) });
    await ctx.db.updateTable('exchange_option').set({ enabled: true }).where('id', '=', coins.id).execute();
    expect(disabled).toMatchObject({ status: 404, code: 1004 });
  });

  it('needs a login and a valid option id', async () => {
    expect(await exchange('', { id: '1' })).toMatchObject({ status: 401, code: ERRORS.UNAUTHORIZED.code });
    const { token } = await newMember(ctx);
    expect(await exchange(token, {})).toMatchObject({ status: 400, code: ERRORS.VALIDATION.code });
    expect(await exchange(token, { id: 'abc' })).toMatchObject({
      status: 400,
      code: ERRORS.BAD_REQUEST.code,
    });
  });

  it('does a double tap with the same requestId once; another requestId is another exchange', async () => {
    const { id, token } = await newMember(ctx, { coins: 30_000 });
    const coins = await option('coins', 10_000);
    const tap = { id: String(coins.id), requestId: 'tap-0001-abcdef' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(token, tap)));
    for (const answer of answers) expect(answer.code, answer.msg).toBe(0);
    const [first] = answers;
    for (const answer of answers) {
      expect(answer.data.transactionId).toBe(first!.data.transactionId);
      expect(answer.data.bonus.id).toBe(first!.data.bonus.id);
    }
    expect(await getBalances(ctx.db, id)).toMatchObject({ coins: 20_000, cash: 1_000 });
    expect(await listGrants(ctx.db, id)).toHaveLength(1);

    const other = await exchange(token, { id: String(coins.id), requestId: 'tap-0002-abcdef' });
    expect(other.data).toMatchObject({ bonusMoney: 10_000, bonus: { status: 'pending' } });
    expect(await listGrants(ctx.db, id)).toHaveLength(2);

    // Another member's requestId is theirs alone.
    const someoneElse = await newMember(ctx, { coins: 10_000 });
    expect((await exchange(someoneElse.token, tap)).data).toMatchObject({ bonusMoney: 0, money: 1_000 });
    await expectLedgerInvariants();
  });

  it('concurrent exchanges never overdraw the coins nor grant more than they spent', async () => {
    const { id, token } = await newMember(ctx, { coins: 35_000 });
    const coins = await option('coins', 10_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => exchange(token, { id: String(coins.id) })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3);
    expect(answers.filter((answer) => answer.code === ERRORS.EXCHANGE_INSUFFICIENT.code)).toHaveLength(7);
    const grants = await listGrants(ctx.db, id);
    expect(grants.map((grant) => grant.status).sort()).toEqual(['active', 'pending', 'pending']);
    // Only the active bonus is in the account; the pending ones are credited in their turn.
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 1_000,
      withdrawable: 0,
      coins: 5_000,
      diamonds: 0,
      tickets: 0,
    });
    await expectLedgerInvariants();
  });
});
