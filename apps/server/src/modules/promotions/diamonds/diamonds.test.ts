import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS, DIAMOND_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { countRows, newMember, payDeposit, placeBet, rollBackBet } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { playDice } from '../../../../test/dice-session.ts';
import { ACCOUNT, creditMember, getBalances } from '../../platform/wallet/wallet.service.ts';
import {
  diamondTaskProgress,
  collect as collectTask,
  DIAMOND_TASK,
  getTasks,
  secondsUntilReset,
} from './diamond-task.service.ts';

const ctx = useTestApp();
const KE = COUNTRY_PROFILES.KE;

let keys = 0;

const tasksOf = async (token: string) => {
  const answer = await callApi(ctx, DIAMOND_PATHS.tasks, { method: 'GET', token });
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as {
    enable: boolean;
    tasks: { id: number; type: number; current: number; status: number }[];
    countdown: number;
    resetIn: number;
  };
};
const collect = (token: string, id: number) =>
  callApi(ctx, DIAMOND_PATHS.taskCollect, { form: { id: String(id) }, token });
const diamondsOf = async (memberId: number) => (await getBalances(ctx.db, memberId)).diamonds;

describe('diamond tasks', () => {
  it('counts the stakes of an in-house game from the money facts and pays a reached task once', async () => {
    const { id, token } = await newMember(ctx, { cash: 1_000_00 });
    await playDice(ctx, id, 3, 20_00);
    const before = await tasksOf(token);
    expect(before.tasks.find((task) => task.id === 1)).toMatchObject({ current: 0, status: 0 });
    expect((await collect(token, 1)).code).toBe(ERRORS.TASK_NOT_REACHED.code);

    await diamondTaskProgress(KE).catchUp(ctx.db);
    const after = await tasksOf(token);
    expect(after.tasks.find((task) => task.id === 1)).toMatchObject({ current: 60_00, status: 1 });
    expect(after.tasks.find((task) => task.id === 2)).toMatchObject({ current: 60_00, status: 0 });

    const paid = await collect(token, 1);
    expect(paid.code, paid.msg).toBe(0);
    expect(paid.data).toEqual({ id: 1, bonus: 10, diamond: 10 });
    expect((await collect(token, 1)).code).toBe(ERRORS.TASK_COLLECTED.code);
    expect(await diamondsOf(id)).toBe(10);
    const collected = (await tasksOf(token)).tasks.find((task) => task.id === 1);
    expect(collected).toMatchObject({ status: 4, collect: expect.any(String) });

    const records = await callApi(ctx, DIAMOND_PATHS.taskRecords, {
      method: 'GET',
      token,
      query: '?page=1&size=10',
    });
    expect(records.data).toMatchObject({ total: 1, list: [{ taskId: 1, bonus: 10, type: 1 }] });
    await expectLedgerInvariants(ctx.db);
  });

  it('counts a deposit for the deposit task, and a replayed bet once', async () => {
    const { id, token } = await newMember(ctx);
    await payDeposit(ctx, id, 500_00);
    const key = `test-bet:${(keys += 1)}`;
    await placeBet(ctx, id, 30_00, key);
    await placeBet(ctx, id, 30_00, key);
    await diamondTaskProgress(KE).catchUp(ctx.db);
    const { tasks } = await tasksOf(token);
    expect(tasks.find((task) => task.type === 2)).toMatchObject({ id: 3, current: 500_00, status: 1 });
    expect(tasks.find((task) => task.id === 1)).toMatchObject({ current: 30_00 });
    expect((await collect(token, 3)).data).toMatchObject({ bonus: 100, diamond: 100 });
  });

  it('takes a rolled-back stake off the day', async () => {
    const { id, token } = await newMember(ctx, { cash: 100_00 });
    const key = `test-bet:${(keys += 1)}`;
    await placeBet(ctx, id, 60_00, key);
    await rollBackBet(ctx, id, 60_00, { ref: key });
    await diamondTaskProgress(KE).catchUp(ctx.db);
    expect((await tasksOf(token)).tasks.find((task) => task.id === 1)).toMatchObject({
      current: 0,
      status: 0,
    });
  });

  it('has no deposit task where deposit-linked rewards are forbidden (Brazil)', async () => {
    const { id } = await newMember(ctx);
    const brazil = await getTasks(ctx.db, COUNTRY_PROFILES.BR, id);
    expect(brazil.tasks.map((task) => task.type)).not.toContain(2);
    expect(brazil.tasks.map((task) => task.index)).toEqual(brazil.tasks.map((_, index) => index));
    const kenya = await getTasks(ctx.db, KE, id);
    expect(kenya.tasks.map((task) => task.type)).toContain(2);
  });

  it('counts down to the next site day: from the reset hour, in the market time zone', () => {
    const market = (resetHour: number) => ({ ...KE, promotions: { ...KE.promotions, resetHour } });
    // Nairobi is UTC+3: 20:59:30 UTC is 23:59:30 there, 30 s before midnight.
    expect(secondsUntilReset(new Date('2026-11-26T20:59:30Z'), market(0))).toBe(30);
    // Midnight itself belongs to the new day: a whole day is left.
    expect(secondsUntilReset(new Date('2026-11-26T21:00:00Z'), market(0))).toBe(86_400);
    // A 06:00 reset: at 05:00 in Nairobi an hour is left, at 07:00 twenty-three.
    expect(secondsUntilReset(new Date('2026-11-27T02:00:00Z'), market(6))).toBe(3_600);
    expect(secondsUntilReset(new Date('2026-11-27T04:00:00Z'), market(6))).toBe(23 * 3_600);
    // A part of a second left counts as a second (the display never shows 00:00:00 before the reset).
    expect(secondsUntilReset(new Date('2026-11-26T20:59:59.200Z'), market(0))).toBe(1);
  });

  it('answers the countdown setting and the seconds to the reset; an operator sets the countdown', async () => {
    const { token } = await newMember(ctx);
    const before = Date.now();
    const answer = await tasksOf(token);
    const expected = secondsUntilReset(new Date(before), KE);
    expect(answer.countdown).toBe(86_400);
    expect(answer.resetIn).toBeGreaterThanOrEqual(expected - 5);
    expect(answer.resetIn).toBeLessThanOrEqual(expected);

    const { headers } = await staffSession(ctx, ['admin']);
    const path = `/api${ADMIN_PATHS.promotionProgramme.replace(':code', 'diamond-task')}`;
    const put = (countdown: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: path,
        headers,
        payload: { enabled: true, settings: { ...DIAMOND_TASK.defaults.settings, countdown } },
      });
    expect((await put(3_600)).json().code).toBe(0);
    expect((await tasksOf(token)).countdown).toBe(3_600);
    expect((await put(86_401)).json().code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    expect((await put(-1)).json().code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    expect((await put(DIAMOND_TASK.defaults.settings.countdown)).json().code).toBe(0);
  });

  it('pays one of 20 parallel collects', async () => {
    const { id, token } = await newMember(ctx, { cash: 100_00 });
    await placeBet(ctx, id, 50_00);
    await diamondTaskProgress(KE).catchUp(ctx.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => collect(token, 1)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.code !== 0)) {
      expect(answer.code).toBe(ERRORS.TASK_COLLECTED.code);
    }
    expect(await diamondsOf(id)).toBe(10);
    await expectLedgerInvariants(ctx.db);
  });

  it('counts each fact once when two consumers run at the same time', async () => {
    const { id, token } = await newMember(ctx, { cash: 1_000_00 });
    for (let bet = 0; bet < 10; bet += 1) await placeBet(ctx, id, 10_00);
    await Promise.all([
      diamondTaskProgress(KE).consume(ctx.db, { limit: 3 }),
      diamondTaskProgress(KE).consume(ctx.db, { limit: 3 }),
      diamondTaskProgress(KE).catchUp(ctx.db),
      diamondTaskProgress(KE).catchUp(ctx.db),
    ]);
    expect((await tasksOf(token)).tasks.find((task) => task.id === 1)).toMatchObject({ current: 100_00 });
  });

  it('follows the operator: new tasks through PUT /api/admin/promotions/diamond-task, off when switched off', async () => {
    const { id, token } = await newMember(ctx, { cash: 100_00 });
    await placeBet(ctx, id, 20_00);
    await diamondTaskProgress(KE).catchUp(ctx.db);
    const { headers } = await staffSession(ctx, ['admin']);
    const settings = {
      ...DIAMOND_TASK.defaults.settings,
      tasks: [{ id: 9, type: 1, target: 20_00, bonus: 7, originalBonus: 0, enable: true }],
    };
    const path = `/api${ADMIN_PATHS.promotionProgramme.replace(':code', 'diamond-task')}`;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: path,
      headers,
      payload: { enabled: true, settings },
    });
    expect(put.json().code, put.body).toBe(0);
    expect((await tasksOf(token)).tasks).toEqual([
      expect.objectContaining({ id: 9, current: 20_00, status: 1 }),
    ]);
    expect((await collect(token, 1)).code).toBe(ERRORS.TASK_NOT_FOUND.code);
    expect((await collect(token, 9)).data).toMatchObject({ bonus: 7, diamond: 7 });

    const off = await ctx.app.inject({
      method: 'PUT',
      url: path,
      headers,
      payload: { enabled: false, settings },
    });
    expect(off.json().code).toBe(0);
    expect((await tasksOf(token)).enable).toBe(false);
    expect((await collect(token, 9)).code).toBe(ERRORS.ACTIVITY_INVALID.code);
    // Play while it is off counts for nothing: switched back on, the day's progress is what it was.
    await placeBet(ctx, id, 30_00);
    await diamondTaskProgress(KE).catchUp(ctx.db);
    const duplicate = await ctx.app.inject({
      method: 'PUT',
      url: path,
      headers,
      payload: { enabled: true, settings: { ...settings, tasks: [...settings.tasks, ...settings.tasks] } },
    });
    expect(duplicate.json().code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    await ctx.app.inject({
      method: 'PUT',
      url: path,
      headers,
      payload: { enabled: true, settings: DIAMOND_TASK.defaults.settings },
    });
    expect((await tasksOf(token)).tasks.find((task) => task.id === 1)).toMatchObject({ current: 20_00 });
  });

  it('pays a self-excluded member nothing, and the task stays to collect', async () => {
    const { id } = await newMember(ctx, { cash: 100_00 });
    await placeBet(ctx, id, 50_00);
    await diamondTaskProgress(KE).catchUp(ctx.db);
    await ctx.db.updateTable('member').set({ status: 'excluded' }).where('id', '=', id).execute();
    await expect(collectTask(ctx.db, KE, id, 1)).rejects.toMatchObject({ key: 'PROMOTION_MEMBER_BLOCKED' });
    expect(await diamondsOf(id)).toBe(0);
    expect(await countRows(ctx, 'diamond_task_claim', { member_id: id })).toBe(0);
  });
});

describe('diamond account', () => {
  it('answers the balance and the diamond movements, newest first, paged by excludeMaxId', async () => {
    const { id, token } = await newMember(ctx, { cash: 100_00 });
    for (let gift = 1; gift <= 3; gift += 1) {
      await creditMember(ctx.db, {
        memberId: id,
        from: ACCOUNT.promotionBonus,
        key: `test-diamonds:${(keys += 1)}`,
        kind: 'bonus',
        diamonds: gift * 10,
      });
    }
    await placeBet(ctx, id, 10_00);
    const balance = await callApi(ctx, DIAMOND_PATHS.balance, { method: 'GET', token });
    expect(balance.data).toEqual({ diamond: 60 });
    const first = await callApi(ctx, DIAMOND_PATHS.records, { method: 'GET', token, query: '?limit=2' });
    expect(first.data.map((row: { diamond: number }) => row.diamond)).toEqual([30, 20]);
    const next = await callApi(ctx, DIAMOND_PATHS.records, {
      method: 'GET',
      token,
      query: `?limit=2&excludeMaxId=${first.data[1].id}`,
    });
    expect(next.data).toEqual([expect.objectContaining({ diamond: 10, type: 'bonus' })]);
    const bets = await callApi(ctx, DIAMOND_PATHS.records, { method: 'GET', token, query: '?type=bet' });
    expect(bets.data).toEqual([]);
    const visitor = await callApi(ctx, DIAMOND_PATHS.balance, { method: 'GET' });
    expect(visitor.status).toBe(401);
  });
});
