import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ADMIN_PATHS, BONUS_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi, newMobile, registerMember } from '../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../test/ledger-invariants.ts';
import { staffSession } from '../../../test/staff-session.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { INHOUSE_PATHS } from '@app/contracts/paths';
import { openGameSession } from '../games/game-session.service.ts';
import { listGrants } from '../wallet/bonus-pocket.ts';
import { creditDeposit, getBalances } from '../wallet/wallet.service.ts';
import {
  catchUpFirstDeposits,
  firstDepositBonusOf,
  firstDepositBonusOpen,
  firstDepositBonusProgramme,
} from './first-deposit-bonus.ts';
import { grantWelcomeBonus, welcomeBonusProgramme } from './welcome-bonus.ts';

/**
 * The welcome and first-deposit bonus programmes (issue 14 §2): granted once per member whatever runs in
 * parallel or is replayed, on the operator's settings, never to a blocked member, never in Brazil. The
 * races run on PostgreSQL in CI's PG pass (DATABASE_URL) and on PGlite alike.
 */
const KE = COUNTRY_PROFILES.KE;
const BR = COUNTRY_PROFILES.BR;
let ctx: TestApp;
let members = 0;
let keys = 0;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function newMember(number = newMobile()) {
  const member = await registerMember(ctx, number, { ip: `10.48.${++members}.1` });
  return { id: member.data.memberInfo.id as number, token: member.token as string };
}

async function configure(code: string, settings: Record<string, unknown>, enabled = true) {
  const { headers } = await staffSession(ctx, ['admin']);
  const answer = await ctx.app.inject({
    method: 'PUT',
    url: `/api${ADMIN_PATHS.promotionProgramme.replace(':code', code)}`,
    headers,
    payload: { enabled, settings },
  });
  expect(answer.json()).toMatchObject({ code: 0 });
}

const welcome = welcomeBonusProgramme.defaults.settings;
const firstDeposit = firstDepositBonusProgramme.defaults.settings;

async function deposit(memberId: number, cash: number, key = `test-deposit:${(keys += 1)}`) {
  await creditDeposit(ctx.db, { memberId, key, cash, coins: 0, excise: 0 });
  return key;
}

async function selfExclude(token: string) {
  const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, { form: { content: 'Pause2026' }, token });
  expect(excluded.code).toBe(0);
}

describe('the welcome bonus', () => {
  it('is off by default: a registration grants nothing', async () => {
    const member = await newMember();
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
  });

  it('is granted at registration once switched on, as the operator’s settings say', async () => {
    await configure('welcome-bonus', welcome);
    const member = await newMember();
    const [grant, ...others] = await listGrants(ctx.db, member.id);
    expect(others).toEqual([]);
    expect(grant).toMatchObject({
      source: 'welcome-bonus',
      sourceRef: 'welcome',
      status: 'active',
      amount: 100_00,
      wageringRequired: 1_000_00,
      maxStake: 50_00,
      maxConversion: 100_00,
    });
    expect(grant!.expiresAt.getTime() - grant!.createdAt.getTime()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 100_00, withdrawable: 0 });

    await configure('welcome-bonus', { ...welcome, amount: 25_00, wageringMultiple: 5 });
    const next = await newMember();
    expect(await listGrants(ctx.db, next.id)).toMatchObject([{ amount: 25_00, wageringRequired: 125_00 }]);
    await configure('welcome-bonus', welcome);
    await expectLedgerInvariants(ctx.db);
  });

  it('is granted once per member under parallel registrations of one mobile and parallel grants', async () => {
    await configure('welcome-bonus', welcome);
    const number = newMobile();
    const ip = `10.48.${++members}.1`;
    const sent = await callApi(ctx, MEMBER_PATHS.sendSms, {
      form: { mobile: number.mobile, type: 'register' },
      ip,
    });
    expect(sent.code).toBe(0);
    const smsCode = await ctx.sms.latestCode(number.e164);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        callApi(ctx, MEMBER_PATHS.register, {
          form: { mobile: number.mobile, password: 'secret12', confirmPassword: 'secret12', smsCode },
          ip,
        }),
      ),
    );
    const registered = answers.filter((answer) => answer.code === 0);
    expect(registered).toHaveLength(1);
    const memberId = registered[0]!.data.memberInfo.id as number;
    // The registration's hook again, in parallel (a retried request, a second process).
    await Promise.all(Array.from({ length: 8 }, () => grantWelcomeBonus(ctx.db, KE, memberId)));
    expect(await listGrants(ctx.db, memberId)).toHaveLength(1);
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 100_00, withdrawable: 0 });
    await expectLedgerInvariants(ctx.db);
  });

  it('is not granted to a mobile already registered (the registration is refused first)', async () => {
    await configure('welcome-bonus', welcome);
    const number = newMobile();
    const member = await newMember(number);
    const again = await callApi(ctx, MEMBER_PATHS.register, {
      form: { mobile: number.mobile, password: 'secret12', confirmPassword: 'secret12', smsCode: '123456' },
      ip: `10.48.${++members}.1`,
    });
    expect(again.code).not.toBe(0);
    expect(await listGrants(ctx.db, member.id)).toHaveLength(1);
  });

  it('is never granted to a self-excluded member', async () => {
    await configure('welcome-bonus', welcome, false);
    const member = await newMember();
    await selfExclude(member.token);
    await configure('welcome-bonus', welcome);
    expect(await grantWelcomeBonus(ctx.db, KE, member.id)).toBeUndefined();
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 0 });
  });

  it('is off in Brazil whatever the operator sets', async () => {
    await configure('welcome-bonus', welcome, false);
    const member = await newMember();
    await configure('welcome-bonus', welcome);
    expect(await grantWelcomeBonus(ctx.db, BR, member.id)).toBeUndefined();
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    await configure('welcome-bonus', welcome, false);
  });
});

describe('the first-deposit bonus', () => {
  it('is a percentage of the deposit up to the cap, from the minimum deposit', () => {
    expect(firstDepositBonusOf(firstDeposit, 300_00)).toBe(300_00);
    expect(firstDepositBonusOf(firstDeposit, 2_000_00)).toBe(500_00);
    expect(firstDepositBonusOf({ ...firstDeposit, percent: 50 }, 101)).toBe(50);
    expect(firstDepositBonusOf({ ...firstDeposit, minDeposit: 100_00 }, 99_99)).toBe(0);
    expect(firstDepositBonusOpen({ enabled: true }, KE)).toBe(true);
    expect(firstDepositBonusOpen({ enabled: true }, BR)).toBe(false);
    expect(firstDepositBonusOpen({ enabled: false }, KE)).toBe(false);
  });

  it('is granted once on the first paid deposit, however often it is replayed or counted', async () => {
    await configure('first-deposit-bonus', firstDeposit);
    const member = await newMember();
    const key = await deposit(member.id, 300_00);
    // The callback replayed and the order reconciled again, in parallel: one credit, one fact.
    await Promise.all([deposit(member.id, 300_00, key), deposit(member.id, 300_00, key)]);
    await Promise.all([catchUpFirstDeposits(ctx.db, KE), catchUpFirstDeposits(ctx.db, KE)]);
    await deposit(member.id, 1_000_00);
    await catchUpFirstDeposits(ctx.db, KE);
    expect(await listGrants(ctx.db, member.id)).toMatchObject([
      { source: 'first-deposit-bonus', status: 'active', amount: 300_00, wageringRequired: 3_000_00 },
    ]);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({
      cash: 300_00 + 300_00 + 1_000_00,
      withdrawable: 300_00 + 1_000_00,
    });
    await expectLedgerInvariants(ctx.db);
  });

  it('follows the operator’s settings, and a later first deposit still gets it when on again', async () => {
    await configure('first-deposit-bonus', { ...firstDeposit, percent: 50, cap: 200_00 });
    const member = await newMember();
    await deposit(member.id, 1_000_00);
    await catchUpFirstDeposits(ctx.db, KE);
    expect(await listGrants(ctx.db, member.id)).toMatchObject([{ amount: 200_00 }]);
    await configure('first-deposit-bonus', firstDeposit, false);
    const other = await newMember();
    await deposit(other.id, 100_00);
    await catchUpFirstDeposits(ctx.db, KE);
    expect(await listGrants(ctx.db, other.id)).toEqual([]);
  });

  it('grants nothing to a self-excluded member, and the others of the batch still get theirs', async () => {
    await configure('first-deposit-bonus', firstDeposit);
    const blocked = await newMember();
    const fine = await newMember();
    await deposit(blocked.id, 100_00);
    await selfExclude(blocked.token);
    await deposit(fine.id, 100_00);
    await catchUpFirstDeposits(ctx.db, KE);
    expect(await listGrants(ctx.db, blocked.id)).toEqual([]);
    expect(await listGrants(ctx.db, fine.id)).toMatchObject([{ amount: 100_00 }]);
  });

  it('is off in Brazil (no reward conditioned on a deposit)', async () => {
    await configure('first-deposit-bonus', firstDeposit);
    const member = await newMember();
    await deposit(member.id, 100_00);
    await catchUpFirstDeposits(ctx.db, BR);
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    await configure('first-deposit-bonus', firstDeposit, false);
  });
});

describe('the member’s bonuses', () => {
  it('lists the caller’s own bonuses with their terms and wagering, members only', async () => {
    await configure('welcome-bonus', welcome);
    const member = await newMember();
    const other = await newMember();
    await configure('welcome-bonus', welcome, false);
    const mine = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(mine.code).toBe(0);
    expect(mine.data).toMatchObject({
      active: {
        source: 'welcome-bonus',
        status: 'active',
        amount: 100_00,
        wageringRequired: 1_000_00,
        wageringProgress: 0,
        wageringMultiple: 10,
        maxStake: 50_00,
        maxConversion: 100_00,
        contribution: { inhouse: 100, crash: 100, provider: 100 },
      },
      pending: [],
      history: [],
      firstDepositOffer: false,
    });
    // Another member's bonus never shows, nor can it be forfeited by someone else.
    const theirs = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: other.token });
    expect(theirs.data.active.id).not.toBe(mine.data.active.id);
    const stolen = await callApi(ctx, BONUS_PATHS.forfeit, {
      form: { id: String(mine.data.active.id) },
      token: other.token,
    });
    expect(stolen).toMatchObject({ code: 4091 });
    expect(await listGrants(ctx.db, member.id)).toMatchObject([{ status: 'active' }]);
    expect(await listGrants(ctx.db, other.id)).toMatchObject([{ status: 'active' }]);
    const visitor = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET' });
    expect(visitor.status).toBe(401);
  });

  it('offers the first-deposit bonus until the first deposit, never in Brazil', async () => {
    await configure('first-deposit-bonus', firstDeposit);
    const member = await newMember();
    const before = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(before.data.firstDepositOffer).toBe(true);
    await deposit(member.id, 100_00);
    const after = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(after.data.firstDepositOffer).toBe(false);
    await configure('first-deposit-bonus', firstDeposit, false);
  });

  it('forfeits the active bonus: the bonus cash goes back, the next pending one becomes active', async () => {
    await configure('welcome-bonus', welcome);
    await configure('first-deposit-bonus', { ...firstDeposit, percent: 50 });
    const member = await newMember();
    await deposit(member.id, 200_00);
    await catchUpFirstDeposits(ctx.db, KE);
    await configure('welcome-bonus', welcome, false);
    await configure('first-deposit-bonus', firstDeposit, false);
    const listed = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(listed.data.active).toMatchObject({ source: 'welcome-bonus', amount: 100_00 });
    expect(listed.data.pending).toMatchObject([{ source: 'first-deposit-bonus', amount: 100_00 }]);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 300_00, withdrawable: 200_00 });

    const forfeited = await callApi(ctx, BONUS_PATHS.forfeit, {
      form: { id: String(listed.data.active.id) },
      token: member.token,
    });
    expect(forfeited.code).toBe(0);
    expect(forfeited.data).toMatchObject({
      forfeited: { id: listed.data.active.id, status: 'forfeited' },
      // The welcome bonus went back; the first-deposit bonus is now the active one's cash.
      money: 300_00,
      withdrawMoney: 200_00,
    });
    // A second tap names the ended grant: refused, the now active one untouched.
    const again = await callApi(ctx, BONUS_PATHS.forfeit, {
      form: { id: String(listed.data.active.id) },
      token: member.token,
    });
    expect(again).toMatchObject({ code: 4091 });
    const now = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(now.data.active).toMatchObject({ source: 'first-deposit-bonus', status: 'active' });
    expect(now.data.history).toMatchObject([{ source: 'welcome-bonus', status: 'forfeited' }]);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 300_00, withdrawable: 200_00 });

    const last = await callApi(ctx, BONUS_PATHS.forfeit, {
      form: { id: String(now.data.active.id) },
      token: member.token,
    });
    expect(last.data).toMatchObject({ money: 200_00, withdrawMoney: 200_00 });
    await expectLedgerInvariants(ctx.db);
  });
});

describe('a new member’s journey', () => {
  it('registers, gets the welcome bonus, plays an in-house game on it and sees the wagering move', async () => {
    await configure('welcome-bonus', welcome);
    const member = await newMember();
    await configure('welcome-bonus', welcome, false);
    const game = await ctx.db
      .selectFrom('game')
      .select('id')
      .where('code', '=', 'dice')
      .executeTakeFirstOrThrow();
    const row = await ctx.db
      .selectFrom('member')
      .select('betting_session_id')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const { token: session } = await openGameSession(ctx.db, {
      memberId: member.id,
      memberSessionId: row.betting_session_id,
      gameId: game.id,
      mode: 'launch',
      currency: 'KES',
    });
    const bet = (stake: number) =>
      callApi(ctx, INHOUSE_PATHS.bet, {
        headers: { [GAME_SESSION_HEADER]: session },
        json: { stake, options: { target: 5000, direction: 'under' } },
      });
    // Above the bonus's maximum stake: refused, nothing wagered.
    expect((await bet(60_00)).code).toBe(4090);
    const played = await bet(20_00);
    expect(played.code, played.msg).toBe(0);
    const mine = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(mine.data.active).toMatchObject({ source: 'welcome-bonus', wageringProgress: 20_00 });
    await expectLedgerInvariants(ctx.db);
  });
});
