import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { BONUS_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi, newMobile } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import {
  configureProgramme,
  newMember,
  openMemberGameSession,
  payDeposit,
} from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { INHOUSE_PATHS } from '@app/contracts/paths';
import { listGrants } from '../../platform/wallet/bonus-pocket.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import {
  firstDeposits,
  firstDepositBonusOf,
  firstDepositBonusOpen,
  firstDepositBonusProgramme,
} from './first-deposit-bonus.ts';
import { acceptOffer, expireOffers } from './offers.ts';
import { offerWelcomeBonus } from './welcome-bonus.ts';

/**
 * The welcome and first-deposit bonus programmes (issue 14 §2, issue 22 §2): OFFERED once per member
 * whatever runs in parallel or is replayed, granted only when the member accepts (once, whatever taps arrive
 * together; an accept racing a decline ends one way), on the operator's settings, never to a blocked member,
 * never in Brazil. The races run on PostgreSQL in CI's PG pass (DATABASE_URL) and on PGlite alike.
 */
const KE = COUNTRY_PROFILES.KE;
const BR = COUNTRY_PROFILES.BR;
const ctx = useTestApp();
let members = 0;

const firstDeposit = firstDepositBonusProgramme.defaults.settings;

async function selfExclude(token: string) {
  const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, { form: { content: 'Pause2026' }, token });
  expect(excluded.code).toBe(0);
}

async function offersOf(token: string) {
  const mine = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token });
  expect(mine.code, mine.msg).toBe(0);
  return mine.data.offers as { id: number; source: string; amount: number; maxStake: number | null }[];
}

const decide = (path: string, token: string, id: number) =>
  callApi(ctx, path, { form: { id: String(id) }, token });
const accept = (token: string, id: number) => decide(BONUS_PATHS.acceptOffer, token, id);
const decline = (token: string, id: number) => decide(BONUS_PATHS.declineOffer, token, id);

/** Accepts every open offer of the member, oldest first. */
async function acceptAll(token: string) {
  for (const offer of await offersOf(token)) expect((await accept(token, offer.id)).code).toBe(0);
}

describe('the welcome bonus', () => {
  it('is off by default: a registration offers and grants nothing', async () => {
    const member = await newMember(ctx);
    expect(await offersOf(member.token)).toEqual([]);
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
  });

  it('is offered at registration once switched on, and granted as the settings say only when accepted', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
    const member = await newMember(ctx);
    // Offered, not granted: no bonus cash, no limit.
    const [offer, ...others] = await offersOf(member.token);
    expect(others).toEqual([]);
    expect(offer).toMatchObject({
      source: 'welcome-bonus',
      status: 'offered',
      amount: 100_00,
      wageringRequired: 1_000_00,
      expiryDays: 7,
      maxStake: 50_00,
      maxConversion: 100_00,
    });
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 0 });

    const accepted = await accept(member.token, offer!.id);
    expect(accepted.code, accepted.msg).toBe(0);
    expect(accepted.data).toMatchObject({
      offer: { id: offer!.id, status: 'accepted' },
      bonus: { source: 'welcome-bonus', status: 'active', amount: 100_00, maxStake: 50_00 },
      money: 100_00,
      withdrawMoney: 0,
    });
    const [grant] = await listGrants(ctx.db, member.id);
    expect(grant).toMatchObject({ sourceRef: 'welcome', status: 'active', wageringRequired: 1_000_00 });
    expect(grant!.expiresAt.getTime() - grant!.createdAt.getTime()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await offersOf(member.token)).toEqual([]);

    await configureProgramme(ctx, 'welcome-bonus', { amount: 25_00, wageringMultiple: 5 });
    const next = await newMember(ctx);
    expect(await offersOf(next.token)).toMatchObject([{ amount: 25_00, wageringRequired: 125_00 }]);
    await configureProgramme(ctx, 'welcome-bonus');
    await expectLedgerInvariants(ctx.db);
  });

  it('is offered once per member under parallel registrations, and granted once under parallel accepts', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
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
    const token = registered[0]!.data.token as string;
    // The registration's hook again, in parallel (a retried request, a second process): one offer.
    await Promise.all(Array.from({ length: 8 }, () => offerWelcomeBonus(ctx.db, KE, memberId)));
    const offers = await offersOf(token);
    expect(offers).toHaveLength(1);
    // Ten taps on Accept at once: one grant, and every answer names it.
    const accepts = await Promise.all(Array.from({ length: 10 }, () => accept(token, offers[0]!.id)));
    expect(accepts.map((answer) => answer.code)).toEqual(Array.from({ length: 10 }, () => 0));
    const grants = await listGrants(ctx.db, memberId);
    expect(grants).toHaveLength(1);
    expect(new Set(accepts.map((answer) => answer.data.bonus.id))).toEqual(new Set([grants[0]!.id]));
    expect(await getBalances(ctx.db, memberId)).toMatchObject({ cash: 100_00, withdrawable: 0 });
    // Declining an accepted bonus is refused (it is given up by forfeiting it).
    expect((await decline(token, offers[0]!.id)).code).toBe(4093);
    await expectLedgerInvariants(ctx.db);
  });

  it('ends one way when an accept races a decline: a grant and no decline, or a decline and no grant', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
    for (let round = 0; round < 4; round += 1) {
      const member = await newMember(ctx);
      const [offer] = await offersOf(member.token);
      const answers = await Promise.all([
        accept(member.token, offer!.id),
        decline(member.token, offer!.id),
        accept(member.token, offer!.id),
        decline(member.token, offer!.id),
      ]);
      const grants = await listGrants(ctx.db, member.id);
      const [row] = await ctx.db
        .selectFrom('bonus_offer')
        .select(['status', 'grant_id'])
        .where('id', '=', offer!.id)
        .execute();
      const acceptsOk = [answers[0]!, answers[2]!].filter((answer) => answer.code === 0).length;
      const declinesOk = [answers[1]!, answers[3]!].filter((answer) => answer.code === 0).length;
      if (row!.status === 'accepted') {
        expect(grants).toHaveLength(1);
        expect(Number(row!.grant_id)).toBe(grants[0]!.id);
        expect([acceptsOk, declinesOk]).toEqual([2, 0]);
        expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 100_00 });
      } else {
        expect(row!.status).toBe('declined');
        expect(grants).toEqual([]);
        expect([acceptsOk, declinesOk]).toEqual([0, 2]);
        expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 0 });
      }
      for (const answer of answers.filter((each) => each.code !== 0)) expect(answer.code).toBe(4093);
    }
    await expectLedgerInvariants(ctx.db);
  });

  it('declined, grants nothing and limits nothing; another member’s or a lapsed offer is refused', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
    const member = await newMember(ctx);
    const other = await newMember(ctx);
    const [offer] = await offersOf(member.token);
    expect((await accept(other.token, offer!.id)).code).toBe(4092);
    expect((await decline(other.token, offer!.id)).code).toBe(4092);
    for (const bad of ['0x2', '2.5', '-1', '']) {
      expect(
        (await callApi(ctx, BONUS_PATHS.acceptOffer, { form: { id: bad }, token: member.token })).status,
      ).toBe(400);
    }
    const declined = await decline(member.token, offer!.id);
    expect(declined.data).toMatchObject({ offer: { status: 'declined' }, bonus: null, money: 0 });
    expect((await decline(member.token, offer!.id)).code).toBe(0);
    expect((await accept(member.token, offer!.id)).code).toBe(4093);
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    expect(await offersOf(member.token)).toEqual([]);

    // A lapsed offer cannot be accepted, and the job records it.
    const [late] = await offersOf(other.token);
    await ctx.db
      .updateTable('bonus_offer')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('id', '=', late!.id)
      .execute();
    expect(await offersOf(other.token)).toEqual([]);
    expect((await accept(other.token, late!.id)).code).toBe(4093);
    expect(await expireOffers(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await listGrants(ctx.db, other.id)).toEqual([]);
  });

  it('is not offered to a mobile already registered (the registration is refused first)', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
    const member = await newMember(ctx);
    const again = await callApi(ctx, MEMBER_PATHS.register, {
      form: { mobile: member.mobile, password: 'secret12', confirmPassword: 'secret12', smsCode: '123456' },
      ip: `10.48.${++members}.1`,
    });
    expect(again.code).not.toBe(0);
    expect(await offersOf(member.token)).toHaveLength(1);
  });

  it('is never offered to, nor accepted by, a self-excluded member', async () => {
    await configureProgramme(ctx, 'welcome-bonus', {}, { enabled: false });
    const member = await newMember(ctx);
    await selfExclude(member.token);
    await configureProgramme(ctx, 'welcome-bonus');
    expect(await offerWelcomeBonus(ctx.db, KE, member.id)).toBeUndefined();
    expect(await ctx.db.selectFrom('bonus_offer').where('member_id', '=', member.id).execute()).toEqual([]);

    // Offered before, self-excluded since: the accept is refused and nothing is granted.
    const offered = await newMember(ctx);
    const [offer] = await offersOf(offered.token);
    await selfExclude(offered.token);
    await expect(acceptOffer(ctx.db, KE, offered.id, offer!.id)).rejects.toMatchObject({
      key: 'PROMOTION_MEMBER_BLOCKED',
    });
    expect(await listGrants(ctx.db, offered.id)).toEqual([]);
  });

  it('is off in Brazil whatever the operator sets', async () => {
    await configureProgramme(ctx, 'welcome-bonus', {}, { enabled: false });
    const member = await newMember(ctx);
    await configureProgramme(ctx, 'welcome-bonus');
    expect(await offerWelcomeBonus(ctx.db, BR, member.id)).toBeUndefined();
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    await configureProgramme(ctx, 'welcome-bonus', {}, { enabled: false });
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

  it('is offered once on the first paid deposit, however often it is replayed or counted; granted when accepted', async () => {
    await configureProgramme(ctx, 'first-deposit-bonus');
    const member = await newMember(ctx);
    const key = `test-deposit:${member.id}`;
    await payDeposit(ctx, member.id, 300_00, key);
    // The callback replayed and the order reconciled again, in parallel: one credit, one fact.
    await Promise.all([payDeposit(ctx, member.id, 300_00, key), payDeposit(ctx, member.id, 300_00, key)]);
    await Promise.all([firstDeposits(KE).catchUp(ctx.db), firstDeposits(KE).catchUp(ctx.db)]);
    await payDeposit(ctx, member.id, 1_000_00);
    await firstDeposits(KE).catchUp(ctx.db);
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    expect(await offersOf(member.token)).toMatchObject([
      { source: 'first-deposit-bonus', amount: 300_00, wageringRequired: 3_000_00, maxStake: 100_00 },
    ]);
    await acceptAll(member.token);
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
    await configureProgramme(ctx, 'first-deposit-bonus', { percent: 50, cap: 200_00 });
    const member = await newMember(ctx);
    await payDeposit(ctx, member.id, 1_000_00);
    await firstDeposits(KE).catchUp(ctx.db);
    expect(await offersOf(member.token)).toMatchObject([{ amount: 200_00 }]);
    await configureProgramme(ctx, 'first-deposit-bonus', {}, { enabled: false });
    const other = await newMember(ctx);
    await payDeposit(ctx, other.id, 100_00);
    await firstDeposits(KE).catchUp(ctx.db);
    expect(await offersOf(other.token)).toEqual([]);
  });

  it('offers nothing to a self-excluded member, and the others of the batch still get theirs', async () => {
    await configureProgramme(ctx, 'first-deposit-bonus');
    const blocked = await newMember(ctx);
    const fine = await newMember(ctx);
    await payDeposit(ctx, blocked.id, 100_00);
    await selfExclude(blocked.token);
    await payDeposit(ctx, fine.id, 100_00);
    await firstDeposits(KE).catchUp(ctx.db);
    expect(await ctx.db.selectFrom('bonus_offer').where('member_id', '=', blocked.id).execute()).toEqual([]);
    expect(await offersOf(fine.token)).toMatchObject([{ amount: 100_00 }]);
  });

  it('is off in Brazil (no reward conditioned on a deposit)', async () => {
    await configureProgramme(ctx, 'first-deposit-bonus');
    const member = await newMember(ctx);
    await payDeposit(ctx, member.id, 100_00);
    await firstDeposits(BR).catchUp(ctx.db);
    expect(await offersOf(member.token)).toEqual([]);
    // An offer made in Kenya (the same fact counted again by a Kenyan server) is not honoured in Brazil.
    await ctx.db.deleteFrom('fact_cursor').where('consumer', '=', 'first-deposit-bonus').execute();
    await firstDeposits(KE).catchUp(ctx.db);
    const [offer] = await offersOf(member.token);
    await expect(acceptOffer(ctx.db, BR, member.id, offer!.id)).rejects.toMatchObject({
      key: 'BONUS_OFFER_CLOSED',
    });
    expect(await listGrants(ctx.db, member.id)).toEqual([]);
    await configureProgramme(ctx, 'first-deposit-bonus', {}, { enabled: false });
  });
});

describe('the member’s bonuses', () => {
  it('lists the caller’s own bonuses with their terms and wagering, members only', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
    const member = await newMember(ctx);
    const other = await newMember(ctx);
    await configureProgramme(ctx, 'welcome-bonus', {}, { enabled: false });
    await acceptAll(member.token);
    await acceptAll(other.token);
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
      offers: [],
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
    await configureProgramme(ctx, 'first-deposit-bonus');
    const member = await newMember(ctx);
    const before = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(before.data.firstDepositOffer).toBe(true);
    await payDeposit(ctx, member.id, 100_00);
    const after = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(after.data.firstDepositOffer).toBe(false);
    await configureProgramme(ctx, 'first-deposit-bonus', {}, { enabled: false });
  });

  it('forfeits the active bonus: the bonus cash goes back, the next pending one becomes active', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
    await configureProgramme(ctx, 'first-deposit-bonus', { percent: 50 });
    const member = await newMember(ctx);
    await payDeposit(ctx, member.id, 200_00);
    await firstDeposits(KE).catchUp(ctx.db);
    await acceptAll(member.token);
    await configureProgramme(ctx, 'welcome-bonus', {}, { enabled: false });
    await configureProgramme(ctx, 'first-deposit-bonus', {}, { enabled: false });
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
  async function diceSession(memberId: number) {
    const game = await ctx.db
      .selectFrom('game')
      .select(['id', 'max_stake'])
      .where('code', '=', 'dice')
      .executeTakeFirstOrThrow();
    const { token } = await openMemberGameSession(ctx, memberId, game.id);
    const headers = { [GAME_SESSION_HEADER]: token };
    return {
      game,
      bet: (stake: number) =>
        callApi(ctx, INHOUSE_PATHS.bet, {
          headers,
          json: { stake, options: { target: 5000, direction: 'under' } },
        }),
      session: () => callApi(ctx, INHOUSE_PATHS.session, { method: 'GET', headers }),
      forfeit: (id: number) => callApi(ctx, INHOUSE_PATHS.forfeitBonus, { headers, json: { id } }),
    };
  }

  it('declines the welcome bonus and bets KES 100 of their own money: no bonus limit', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
    const member = await newMember(ctx);
    await configureProgramme(ctx, 'welcome-bonus', {}, { enabled: false });
    await payDeposit(ctx, member.id, 550_00);
    const [offer] = await offersOf(member.token);
    expect((await decline(member.token, offer!.id)).code).toBe(0);
    const dice = await diceSession(member.id);
    expect((await dice.session()).data.stakeLimit).toEqual({
      maxStake: dice.game.max_stake,
      gameMaxStake: dice.game.max_stake,
      bonus: null,
    });
    const played = await dice.bet(100_00);
    expect(played.code, played.msg).toBe(0);
  });

  it('accepts it: the game shows the limit, a bigger stake is refused naming it, forfeit from the game lifts it', async () => {
    await configureProgramme(ctx, 'welcome-bonus');
    const member = await newMember(ctx);
    await configureProgramme(ctx, 'welcome-bonus', {}, { enabled: false });
    await payDeposit(ctx, member.id, 550_00);
    await acceptAll(member.token);
    const dice = await diceSession(member.id);
    const limit = (await dice.session()).data.stakeLimit;
    expect(limit).toMatchObject({
      maxStake: 50_00,
      gameMaxStake: dice.game.max_stake,
      bonus: { maxStake: 50_00 },
    });
    const byApp = await callApi(ctx, BONUS_PATHS.stakeLimit, {
      method: 'GET',
      token: member.token,
      query: `?gameId=${dice.game.id}`,
    });
    expect(byApp.data).toEqual(limit);

    // Above the bonus's maximum stake (own money would cover it): refused, naming the limit and the way out.
    const refused = await dice.bet(100_00);
    expect(refused.code).toBe(4090);
    expect(refused.msg).toBe(
      'KES 50.00 is the most you can stake while your welcome bonus is active: forfeit the bonus to stake more',
    );
    // Within it: played, and the wagering moves (real money first, it counts while the bonus is active).
    const played = await dice.bet(20_00);
    expect(played.code, played.msg).toBe(0);
    const mine = await callApi(ctx, BONUS_PATHS.myBonuses, { method: 'GET', token: member.token });
    expect(mine.data.active).toMatchObject({ source: 'welcome-bonus', wageringProgress: 20_00 });

    // Forfeit from the game, naming the bonus seen; a visitor's or a stale id is refused.
    expect((await dice.forfeit(limit.bonus.id + 1_000_000)).code).toBe(4091);
    const forfeited = await dice.forfeit(limit.bonus.id);
    expect(forfeited.code, forfeited.msg).toBe(0);
    expect(forfeited.data.stakeLimit).toEqual({
      maxStake: dice.game.max_stake,
      gameMaxStake: dice.game.max_stake,
      bonus: null,
    });
    expect((await listGrants(ctx.db, member.id))[0]).toMatchObject({
      status: 'forfeited',
      forfeitReason: 'player',
    });
    const after = await dice.bet(100_00);
    expect(after.code, after.msg).toBe(0);
    await expectLedgerInvariants(ctx.db);
  });
});
