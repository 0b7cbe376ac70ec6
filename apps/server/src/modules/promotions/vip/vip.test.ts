import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, CASH_BACK_PATHS, MEMBER_PATHS, VIP_PATHS } from '@app/contracts/paths';
import type { VipBenefit, VipSettings } from '@app/contracts/vip';
import { codeCounts, callApi } from '../../../../test/api-client.ts';
import {
  countRows,
  budgetOf,
  configureProgramme,
  newMember,
  placeBet,
  putProgrammeSettings,
  rollBackBet,
} from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { playDice } from '../../../../test/dice-session.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { ACCOUNT, debitMember, getBalances } from '../../platform/wallet/wallet.service.ts';
import { vipPoints, claimBenefit, getMemberVipLevel, getMemberVipLevels, VIP } from './vip.service.ts';
import { calendarDayOf } from '@app/contracts/market-calendar';

const ctx = useTestApp();
const KE = COUNTRY_PROFILES.KE;
let keys = 0;
afterEach(async () => {
  await configureProgramme(ctx, 'vip');
});

/** The operator API's answer to `settings`: configureProgramme throws on a refusal, this test reads it. */
const putSettings = (settings: VipSettings) => putProgrammeSettings(ctx, 'vip', settings);

/** The tickets of the VIP programme's budget (minus what it has given). */
async function vipBudgetTickets(): Promise<number> {
  return (await budgetOf(ctx, 'vip')).tickets;
}

const levelOf = async (token: string) => {
  const answer = await callApi(ctx, VIP_PATHS.personalLevel, { method: 'GET', token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as { levelId: number; name: string; points: number; year: number; pointsToNext: number };
};
const benefitsOf = async (token: string, query = '') => {
  const answer = await callApi(ctx, VIP_PATHS.personalEnjoyed, { method: 'GET', token, query });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as VipBenefit[];
};
const claim = (token: string, id: number) =>
  callApi(ctx, VIP_PATHS.personalEnjoyed, { method: 'POST', token, query: `?benefitsId=${id}` });

describe('VIP points', () => {
  it('counts 1 BP per shilling of every in-house bet, once, and gives the level', async () => {
    const { id, token } = await newMember(ctx, { cash: 2_000_00 });
    await playDice(ctx, id, 3, 400_00);
    expect(await levelOf(token)).toMatchObject({ levelId: 1, points: 0 });
    await vipPoints(KE).catchUp(ctx.db);
    const year = Number(calendarDayOf(new Date(), KE.timeZone).slice(0, 4));
    expect(await levelOf(token)).toMatchObject({
      levelId: 2,
      name: 'Battler',
      points: 1_200,
      year,
      pointsToNext: 3_800,
    });
    // Counting again changes nothing: each fact was counted in the transaction that moved the cursor.
    await vipPoints(KE).catchUp(ctx.db);
    expect(await getMemberVipLevel(ctx.db, id)).toEqual({ level: 2, name: 'Battler', points: 1_200, year });
    // Another year has nothing yet.
    expect(await getMemberVipLevel(ctx.db, id, new Date(Date.UTC(year + 1, 5, 1)), KE)).toEqual({
      level: 1,
      name: 'Novice',
      points: 0,
      year: year + 1,
    });
  });

  it('counts a replayed bet once, takes a rollback back, and counts nothing of a bet that never committed', async () => {
    const { id, token } = await newMember(ctx, { cash: 1_000_00 });
    const key = `test-bet:${(keys += 1)}`;
    await placeBet(ctx, id, 300_00, key);
    await placeBet(ctx, id, 300_00, key);
    const rolled = await placeBet(ctx, id, 200_00);
    await rollBackBet(ctx, id, 200_00, { ref: `rollback:${rolled.transactionId}` });
    // A bet whose transaction a crash interrupted: its debit and fact roll back with it.
    await expect(
      retryingTransaction(ctx.db, async (trx) => {
        await debitMember(trx, {
          memberId: id,
          to: ACCOUNT.houseFor(id),
          key: `test-bet:${(keys += 1)}`,
          kind: 'bet',
          amount: 100_00,
          fact: { kind: 'bet', gameId: null, ref: 'interrupted' },
        });
        throw new Error('the process stopped');
      }),
    ).rejects.toThrow('the process stopped');
    await vipPoints(KE).catchUp(ctx.db);
    expect(await levelOf(token)).toMatchObject({ points: 300 });
  });

  it('earns nothing for the bonus-cash part of a stake (real money is spent first)', async () => {
    const { id, token } = await newMember(ctx, { cash: 100_00, bonus: 500_00 });
    const bet = await placeBet(ctx, id, 250_00);
    await vipPoints(KE).catchUp(ctx.db);
    expect(await levelOf(token)).toMatchObject({ points: 100 });
    // Its rollback gives back what the bet took, 100 real and 150 bonus: the 100 BP go with it.
    await rollBackBet(ctx, id, 250_00, { withdrawable: 100_00, ref: `rollback:${bet.transactionId}` });
    await placeBet(ctx, id, 30_00);
    await vipPoints(KE).catchUp(ctx.db);
    expect(await levelOf(token)).toMatchObject({ points: 30 });
  });

  it('counts 10 BP a shilling on a configured holiday, and nothing while the programme is off', async () => {
    const today = calendarDayOf(new Date(), KE.timeZone);
    const { id, token } = await newMember(ctx, { cash: 1_000_00 });
    await vipPoints(KE).catchUp(ctx.db);
    await configureProgramme(ctx, 'vip', { holidays: [today.slice(5)] });
    await placeBet(ctx, id, 50_00);
    await vipPoints(KE).catchUp(ctx.db);
    expect(await levelOf(token)).toMatchObject({ points: 500 });

    await configureProgramme(ctx, 'vip', {}, { enabled: false });
    await placeBet(ctx, id, 50_00);
    await vipPoints(KE).catchUp(ctx.db);
    await configureProgramme(ctx, 'vip');
    expect(await levelOf(token)).toMatchObject({ points: 500 });
  });

  it('refuses settings with falling thresholds or duplicate benefit ids', async () => {
    const falling = { ...VIP.defaults.settings, thresholds: [0, 5, 4, 6, 7, 8, 9, 10, 11, 12] };
    expect((await putSettings(falling)).code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    const benefit = VIP.defaults.settings.benefits[0]!;
    const twice = { ...VIP.defaults.settings, benefits: [benefit, benefit] };
    expect((await putSettings(twice)).code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
  });
});

describe('VIP levels and benefits', () => {
  it('lists the ten levels, and the benefits of a level', async () => {
    const levels = await callApi(ctx, VIP_PATHS.levels, { method: 'GET' });
    expect(levels.data).toHaveLength(10);
    expect(levels.data[9]).toEqual({ id: 10, name: 'Legend', points: 2_500_000 });
    const level1 = await callApi(ctx, VIP_PATHS.benefitLevels, { method: 'GET', query: '?levelId=1' });
    expect(level1.data.map((benefit: VipBenefit) => benefit.type)).not.toContain(0);
    const level2 = await callApi(ctx, VIP_PATHS.benefitLevels, { method: 'GET', query: '?levelId=2' });
    expect(level2.data).toContainEqual(expect.objectContaining({ id: 1, type: 0, amount: 20_00 }));
    const french = await callApi(ctx, VIP_PATHS.benefitLevels, {
      method: 'GET',
      query: '?levelId=2',
      headers: { 'accept-language': 'fr' },
    });
    expect(french.data).toContainEqual(expect.objectContaining({ id: 1, name: 'Bonus en espèces' }));
    const settings = await callApi(ctx, VIP_PATHS.settings, { method: 'GET', query: '?benefitId=10' });
    expect(settings.data).toMatchObject({ type: 9, asset: 'coins', period: 'week' });
    const bad = await callApi(ctx, VIP_PATHS.benefitLevels, { method: 'GET', query: '?levelId=11' });
    expect(bad.status).toBe(400);
    const missing = await callApi(ctx, VIP_PATHS.settings, { method: 'GET', query: '?benefitId=999' });
    expect(missing.code).toBe(ERRORS.VIP_BENEFIT_NOT_FOUND.code);
    expect((await callApi(ctx, VIP_PATHS.personalLevel, { method: 'GET' })).status).toBe(401);
  });

  it("orders a member's benefits by statu 0, 1, -1, 9 and pays a claim once", async () => {
    const { id, token } = await newMember(ctx, { cash: 1_500_00 });
    await placeBet(ctx, id, 1_000_00);
    await vipPoints(KE).catchUp(ctx.db);
    const before = await benefitsOf(token);
    const ranks = before.map((benefit) => [0, 1, -1, 9].indexOf(benefit.statu));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(before.find((benefit) => benefit.id === 1)).toMatchObject({ statu: 0, state: 0, amount: 20_00 });
    // A locked benefit (VIP manager from level 6) and a benefit that only leads somewhere.
    expect(before.find((benefit) => benefit.id === 6)).toMatchObject({ statu: 9 });
    expect(before.find((benefit) => benefit.id === 2)).toMatchObject({ statu: 0, type: 1 });

    const cashBefore = (await getBalances(ctx.db, id)).cash;
    const paid = await claim(token, 1);
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data).toMatchObject({ id: 1, type: 0, cashbackAmount: 20_00, asset: 'cash' });
    const balances = await getBalances(ctx.db, id);
    expect(balances.cash - cashBefore).toBe(20_00);
    expect((await claim(token, 1)).code).toBe(ERRORS.VIP_BENEFIT_CLAIMED.code);
    expect(
      (await benefitsOf(token, '?benefitsIds=1,3')).map((benefit) => [benefit.id, benefit.statu]),
    ).toEqual([
      [3, 0],
      [1, 1],
    ]);

    const coins = await claim(token, 3);
    expect(coins.data).toMatchObject({ cashbackAmount: 2_00, asset: 'coins' });
    expect((await getBalances(ctx.db, id)).coins).toBe(2_00);
    expect((await claim(token, 3)).code).toBe(ERRORS.VIP_BENEFIT_CLAIMED.code);

    expect((await claim(token, 2)).code).toBe(ERRORS.VIP_BENEFIT_NOT_CLAIMABLE.code);
    expect((await claim(token, 9)).code).toBe(ERRORS.VIP_LEVEL_TOO_LOW.code);
    // The spec's texts (platform-core §8): a claimed prize that does not exist is 'Not found prize'.
    const unknown = await claim(token, 999);
    expect(unknown).toMatchObject({ code: 4005, msg: 'Not found prize' });
    expect((await callApi(ctx, VIP_PATHS.personalEnjoyed, { token, query: '?benefitsId=x' })).status).toBe(
      400,
    );

    const logs = await callApi(ctx, VIP_PATHS.logs, { method: 'GET', token, query: '?page=1&size=10' });
    expect(logs.data).toMatchObject({
      total: 2,
      list: [
        { benefitId: 3, asset: 'coins', amount: 2_00, levelId: 2 },
        { benefitId: 1, asset: 'cash', amount: 20_00, levelId: 2 },
      ],
    });
    await expectLedgerInvariants(ctx.db);
  });

  it('pays once under 20 parallel claims', async () => {
    const { id, token } = await newMember(ctx, { cash: 1_500_00 });
    await placeBet(ctx, id, 1_000_00);
    await vipPoints(KE).catchUp(ctx.db);
    const cashBefore = (await getBalances(ctx.db, id)).cash;
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(token, 1)));
    expect(codeCounts(answers)).toEqual({ 0: 1, [ERRORS.VIP_BENEFIT_CLAIMED.code]: 19 });
    expect((await getBalances(ctx.db, id)).cash - cashBefore).toBe(20_00);
    expect(await countRows(ctx, 'vip_benefit_claim', { member_id: id })).toBe(1);
  });

  it('gives free tickets, pays anniversary cash in its window, and weekly coins once a week', async () => {
    const { id, token } = await newMember(ctx, { cash: 30_000_00 });
    await placeBet(ctx, id, 20_000_00);
    await vipPoints(KE).catchUp(ctx.db);
    expect(await levelOf(token)).toMatchObject({ levelId: 4, name: 'Exemplar' });
    // Outside its window the anniversary cash is the spec's 'Bonus is not ready to claim' (platform-core §8).
    expect(await claim(token, 8)).toMatchObject({ code: 4004, msg: 'Bonus is not ready to claim' });
    // Registered a year and two days ago: the anniversary window (7 days) is open.
    const registered = new Date(Date.now() - (366 + 2) * 86_400_000);
    await sql`update member set created_at = ${registered} where id = ${id}`.execute(ctx.db);
    expect((await benefitsOf(token, '?benefitsIds=8')).at(0)).toMatchObject({ statu: 0, state: 0 });
    expect((await claim(token, 8)).data).toMatchObject({ type: 7, cashbackAmount: 100_00, asset: 'cash' });
    const budgetBefore = await vipBudgetTickets();
    expect((await claim(token, 9)).data).toMatchObject({ type: 8, cashbackAmount: 1, asset: 'tickets' });
    // The benefit's amount at level 4, a wallet balance from the VIP budget, and in the profile.
    expect((await getBalances(ctx.db, id)).tickets).toBe(1);
    expect(await vipBudgetTickets()).toBe(budgetBefore - 1);
    const profile = await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token });
    expect(profile.data).toMatchObject({ tickets: 1 });
    expect((await claim(token, 10)).data).toMatchObject({ type: 9, cashbackAmount: 20_00, asset: 'coins' });
    expect((await claim(token, 10)).code).toBe(ERRORS.VIP_BENEFIT_CLAIMED.code);
    expect((await claim(token, 9)).code).toBe(ERRORS.VIP_BENEFIT_CLAIMED.code);
    expect((await getBalances(ctx.db, id)).tickets).toBe(1);
    await expectLedgerInvariants(ctx.db);
  });

  it('credits free tickets once under 20 parallel claims', async () => {
    const { id, token } = await newMember(ctx, { cash: 30_000_00 });
    await placeBet(ctx, id, 20_000_00);
    await vipPoints(KE).catchUp(ctx.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(token, 9)));
    expect(codeCounts(answers)).toEqual({ 0: 1, [ERRORS.VIP_BENEFIT_CLAIMED.code]: 19 });
    expect((await getBalances(ctx.db, id)).tickets).toBe(1);
    const claims = await ctx.db
      .selectFrom('vip_benefit_claim')
      .select('transaction_id')
      .where('member_id', '=', id)
      .where('benefit_id', '=', 9)
      .execute();
    expect(claims).toHaveLength(1);
    expect(claims[0]?.transaction_id).not.toBeNull();
    await expectLedgerInvariants(ctx.db);
  });

  it('gives a self-excluded member nothing and records no claim', async () => {
    const { id, token } = await newMember(ctx, { cash: 30_000_00 });
    await placeBet(ctx, id, 20_000_00);
    await vipPoints(KE).catchUp(ctx.db);
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token,
    });
    expect(excluded.code).toBe(0);
    const row = await ctx.db
      .selectFrom('member')
      .select(['id', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await expect(claimBenefit(ctx.db, KE, row, 1)).rejects.toMatchObject({ key: 'PROMOTION_MEMBER_BLOCKED' });
    await expect(claimBenefit(ctx.db, KE, row, 9)).rejects.toMatchObject({ key: 'PROMOTION_MEMBER_BLOCKED' });
    expect((await getBalances(ctx.db, id)).coins).toBe(0);
    expect((await getBalances(ctx.db, id)).tickets).toBe(0);
    expect(await countRows(ctx, 'vip_benefit_claim', { member_id: id })).toBe(0);
  });
});

describe('levels for other programmes', () => {
  it('answers many members at once as one by one, and weekly cash back pays at the member’s level', async () => {
    const battler = await newMember(ctx, { cash: 1_500_00 });
    const novice = await newMember(ctx, { cash: 100_00 });
    await placeBet(ctx, battler.id, 1_200_00);
    await placeBet(ctx, novice.id, 50_00);
    await vipPoints(KE).catchUp(ctx.db);

    const now = new Date();
    const levels = await getMemberVipLevels(ctx.db, [battler.id, novice.id], now, KE);
    expect(levels.get(battler.id)).toBe((await getMemberVipLevel(ctx.db, battler.id, now, KE)).level);
    expect(levels.get(battler.id)).toBe(2);
    expect(levels.get(novice.id)).toBe(1);

    // The composition wires cash back's rate to these levels (app.ts): the summary names the member's own.
    for (const [who, level] of [
      [battler, 2],
      [novice, 1],
    ] as const) {
      const summary = await callApi(ctx, CASH_BACK_PATHS.summary, { method: 'GET', token: who.token });
      expect(summary.code, summary.msg).toBe(0);
      expect(summary.data.current.level).toBe(level);
      expect(summary.data.current.rate).toBe(summary.data.rates[level - 1]);
    }
  });
});
