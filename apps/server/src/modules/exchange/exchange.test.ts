import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, PAYMENT_PATHS } from '@app/contracts/paths';
import { callApi, newMobile, registerMember } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ACCOUNT, creditMember, getBalances } from '../wallet/wallet.service.ts';
import { expectLedgerInvariants as expectLedgerInvariantsOf } from '../../../test/ledger-invariants.ts';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

let keys = 0;

async function member(holdings: { coins?: number; diamonds?: number } = {}) {
  const registered = await registerMember(ctx, newMobile('0722'));
  expect(registered.code).toBe(0);
  const id: number = registered.data.memberInfo.id;
  if (holdings.coins || holdings.diamonds) {
    await creditMember(ctx.db, {
      memberId: id,
      from: ACCOUNT.promotionBonus,
      key: `test-gift:${(keys += 1)}`,
      kind: 'bonus',
      coins: holdings.coins ?? 0,
      diamonds: holdings.diamonds ?? 0,
    });
  }
  return { id, token: registered.token as string };
}

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
  it('moves coins to promotion:bonus and bonus cash (not withdrawable) to the member, in one transaction', async () => {
    const { id, token } = await member({ coins: 25_000 });
    const coins = await option('coins', 10_000);
    const answer = await exchange(token, { id: String(coins.id) });

    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      money: 1_000,
      withdrawMoney: 0,
      bonusMoney: 15_000,
      diamond: 0,
      transactionId: expect.any(Number),
    });
    const detail = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
      method: 'GET',
      query: `?id=${answer.data.transactionId}`,
      token,
    });
    expect(detail.data).toMatchObject({ type: 'exchange', amount: 1_000, withdrawAmount: 0, coins: -10_000 });
    const profile = await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token });
    expect(profile.data).toMatchObject({ money: 1_000, bonusMoney: 15_000 });
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 1_000,
      withdrawable: 0,
      coins: 15_000,
      diamonds: 0,
    });
    await expectLedgerInvariants();
  });

  it('gives withdrawable cash for diamonds when the option says so', async () => {
    const { token } = await member({ diamonds: 1_500 });
    const diamonds = await option('diamonds', 1_000);
    const answer = await exchange(token, { id: String(diamonds.id) });
    expect(answer.data).toMatchObject({ money: 5_000, withdrawMoney: 5_000, diamond: 500, bonusMoney: 0 });
    await expectLedgerInvariants();
  });

  it('refuses when the member has not enough, and changes nothing', async () => {
    const { id, token } = await member({ coins: 9_999, diamonds: 999 });
    const coins = await option('coins', 10_000);
    const diamonds = await option('diamonds', 1_000);
    for (const refused of [coins, diamonds]) {
      const answer = await exchange(token, { id: String(refused.id) });
      expect(answer).toMatchObject({ status: 409, code: ERRORS.EXCHANGE_INSUFFICIENT.code });
    }
    expect(await getBalances(ctx.db, id)).toEqual({ cash: 0, withdrawable: 0, coins: 9_999, diamonds: 999 });
    const history = await ctx.db
      .selectFrom('journal_transaction')
      .select('id')
      .where('member_id', '=', id)
      .where('kind', '=', 'exchange')
      .execute();
    expect(history).toEqual([]);
  });

  it('answers an unknown or disabled option as not found', async () => {
    const { token } = await member({ coins: 100_000 });
    const coins = await option('coins', 10_000);
    expect(await exchange(token, { id: '999999' })).toMatchObject({ status: 404, code: 1004 });
    await ctx.db.updateTable('exchange_option').set({ enabled: false }).where('id', '=', coins.id).execute();
    const disabled = await exchange(token, { id: String(coins.id) });
    await ctx.db.updateTable('exchange_option').set({ enabled: true }).where('id', '=', coins.id).execute();
    expect(disabled).toMatchObject({ status: 404, code: 1004 });
  });

  it('needs a login and a valid option id', async () => {
    expect(await exchange('', { id: '1' })).toMatchObject({ status: 401, code: ERRORS.UNAUTHORIZED.code });
    const { token } = await member();
    expect(await exchange(token, {})).toMatchObject({ status: 400, code: ERRORS.VALIDATION.code });
    expect(await exchange(token, { id: 'abc' })).toMatchObject({
      status: 400,
      code: ERRORS.BAD_REQUEST.code,
    });
  });

  it('does a double tap with the same requestId once; another requestId is another exchange', async () => {
    const { id, token } = await member({ coins: 30_000 });
    const coins = await option('coins', 10_000);
    const tap = { id: String(coins.id), requestId: 'tap-0001-abcdef' };
    const [first, second] = await Promise.all([exchange(token, tap), exchange(token, tap)]);
    expect(first?.code).toBe(0);
    expect(second?.code).toBe(0);
    expect(second?.data.transactionId).toBe(first?.data.transactionId);
    expect((await getBalances(ctx.db, id)).coins).toBe(20_000);

    const other = await exchange(token, { id: String(coins.id), requestId: 'tap-0002-abcdef' });
    expect(other.data.bonusMoney).toBe(10_000);

    // Another member's requestId is theirs alone.
    const someoneElse = await member({ coins: 10_000 });
    expect((await exchange(someoneElse.token, tap)).data.bonusMoney).toBe(0);
    await expectLedgerInvariants();
  });

  it('concurrent exchanges never overdraw the coins', async () => {
    const { id, token } = await member({ coins: 35_000 });
    const coins = await option('coins', 10_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => exchange(token, { id: String(coins.id) })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3);
    expect(answers.filter((answer) => answer.code === ERRORS.EXCHANGE_INSUFFICIENT.code)).toHaveLength(7);
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 3_000,
      withdrawable: 0,
      coins: 5_000,
      diamonds: 0,
    });
    await expectLedgerInvariants();
  });
});
