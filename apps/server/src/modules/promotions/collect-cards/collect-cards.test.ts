import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CollectCardsSettings } from '@app/contracts/collect-cards';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS, COLLECT_CARDS_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { generateFloats, hashServerSeed } from '@app/fair/stream';
import { callApi, type Answer } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { useStaffSessions } from '../../../../test/back-office.ts';
import {
  budgetOf,
  configureProgramme,
  depositByMpesa,
  newMember,
  type TestMember,
} from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { ACCOUNT, creditMember, getBalances } from '../../platform/wallet/wallet.service.ts';
import { drawCard } from './collect-cards.rules.ts';
import {
  collectCardsDeposits,
  COLLECT_CARDS,
  draw,
  getConfig,
  getOrderChance,
} from './collect-cards.service.ts';

/**
 * Collect-cards (issue 16 §3) through the app: the activity for visitors, chances from the free chance of
 * the day, from coins and from the caller's OWN PAID deposit (once per order, through the M-Pesa simulator),
 * draws only with a chance, a full set paying its gift once under parallel draws (a real race on
 * PostgreSQL: DATABASE_URL), a finished or not yet started activity refusing, Brazil giving no deposit
 * chances, and the draws checkable from their revealed seeds.
 */
const ctx = useTestApp({}, { listen: true });
const [admin] = useStaffSessions(ctx, 'admin');
let activities = 100;
const KE = COUNTRY_PROFILES.KE;
const BR = COUNTRY_PROFILES.BR;
const DEFAULTS = COLLECT_CARDS.defaults.settings;

/** The operator sets the programme (audited), a new activity each time unless `id` is given. */
async function configure(change: Partial<CollectCardsSettings> = {}, enabled = true) {
  activities += 1;
  const settings = { id: activities, ...change };
  await configureProgramme(ctx, 'collect-cards', settings, { enabled });
  return { ...DEFAULTS, ...settings };
}

const get = (path: string, token?: string, query = '') =>
  callApi(ctx, path, { method: 'GET', ...(token ? { token } : {}), query });
const post = (path: string, token: string, json: Record<string, unknown> = {}) =>
  callApi(ctx, path, { token, json });
const drawFor = (who: TestMember, requestId: string = randomUUID()) =>
  post(COLLECT_CARDS_PATHS.draw, who.token, { requestId });
const codeOf = (answer: Answer) => answer.code;

async function memberOf(who: TestMember) {
  const answer = await get(COLLECT_CARDS_PATHS.member, who.token);
  expect(answer.code, answer.msg).toBe(0);
  return answer.data as {
    cardSet: string;
    chances: number;
    sets: number;
    free: boolean;
    bonusMoney: number;
    fairness: { serverSeedHash: string };
  };
}

async function giftRows(who: TestMember) {
  return ctx.db.selectFrom('collect_cards_gift').selectAll().where('member_id', '=', who.id).execute();
}

describe('collect-cards: the activity', () => {
  it('shows visitors the activity: odds, gift, prices and the chances a set takes on average', async () => {
    await configure();
    const answer = await get(COLLECT_CARDS_PATHS.config);
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({
      enable: true,
      status: 1,
      giftAmount: 50_00,
      costChance: 50_00,
      depositChance: 1,
      freeChance: true,
      expectedChances: 14.42,
      // 14.42… chances × 50 coins.
      expectedCost: 721_05,
      currency: 'KES',
      notices: true,
    });
    expect(answer.data.cards.map((card: { chance: number }) => card.chance)).toEqual([30, 25, 20, 15, 10]);
    expect((await get(COLLECT_CARDS_PATHS.notices)).code).toBe(0);
  });

  it('asks a visitor to log in for everything about cards and chances', async () => {
    for (const path of [COLLECT_CARDS_PATHS.member, COLLECT_CARDS_PATHS.free, COLLECT_CARDS_PATHS.gifts]) {
      expect((await get(path)).status).toBe(401);
    }
    const draw = await callApi(ctx, COLLECT_CARDS_PATHS.draw, { json: { requestId: randomUUID() } });
    expect(draw.status).toBe(401);
  });

  it('refuses settings that would make a set impossible or a window backwards', async () => {
    for (const settings of [
      { ...DEFAULTS, cards: [{ weight: 0 }, { weight: 1 }] },
      { ...DEFAULTS, cards: Array.from({ length: 6 }, () => ({ weight: 1 })) },
      { ...DEFAULTS, startAt: '2026-12-31T00:00:00Z', endAt: '2026-12-01T00:00:00Z' },
    ]) {
      const answer = await ctx.app.inject({
        method: 'PUT',
        url: `/api${ADMIN_PATHS.promotionProgramme.replace(':code', 'collect-cards')}`,
        headers: admin.headers,
        payload: { enabled: true, settings },
      });
      expect(answer.json().code).toBe(ERRORS.PROGRAMME_SETTINGS_INVALID.code);
    }
  });
});

describe('collect-cards: chances', () => {
  it('refuses a draw without a chance, and changes nothing', async () => {
    await configure();
    const who = await newMember(ctx);
    expect(codeOf(await drawFor(who))).toBe(ERRORS.COLLECT_CARDS_NO_CHANCE.code);
    expect(await memberOf(who)).toMatchObject({ chances: 0, cardSet: '', sets: 0 });
  });

  it('gives one free chance per site day, however many taps arrive together', async () => {
    await configure();
    const who = await newMember(ctx);
    expect((await get(COLLECT_CARDS_PATHS.free, who.token)).data.available).toBe(true);
    const taps = await Promise.all(
      Array.from({ length: 12 }, () => post(COLLECT_CARDS_PATHS.free, who.token)),
    );
    expect(taps.filter((tap) => tap.code === 0)).toHaveLength(1);
    expect(taps.filter((tap) => tap.code === ERRORS.COLLECT_CARDS_FREE_TAKEN.code)).toHaveLength(11);
    expect(await memberOf(who)).toMatchObject({ chances: 1, free: false });
    expect((await get(COLLECT_CARDS_PATHS.free, who.token)).data.available).toBe(false);
  });

  it('sells a chance for coins into the budget; not enough coins buys nothing; a request id buys once', async () => {
    await configure();
    const poor = await newMember(ctx, { coins: 49_00 });
    const refused = await post(COLLECT_CARDS_PATHS.buy, poor.token, { requestId: randomUUID() });
    expect(refused.code).toBe(ERRORS.COLLECT_CARDS_COINS_INSUFFICIENT.code);
    expect(await memberOf(poor)).toMatchObject({ chances: 0, bonusMoney: 49_00 });

    const buyer = await newMember(ctx, { coins: 120_00 });
    const requestId = randomUUID();
    const again = await Promise.all(
      Array.from({ length: 8 }, () => post(COLLECT_CARDS_PATHS.buy, buyer.token, { requestId })),
    );
    expect(again.every((answer) => answer.code === 0)).toBe(true);
    expect(await memberOf(buyer)).toMatchObject({ chances: 1, bonusMoney: 70_00 });
    // Ten different purchases at once with coins for one more: one goes through.
    const many = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(COLLECT_CARDS_PATHS.buy, buyer.token, { requestId: randomUUID() }),
      ),
    );
    expect(many.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(
      many.filter((answer) => answer.code === ERRORS.COLLECT_CARDS_COINS_INSUFFICIENT.code),
    ).toHaveLength(9);
    expect(await memberOf(buyer)).toMatchObject({ chances: 2, bonusMoney: 20_00 });
    await expectLedgerInvariants(ctx.db);
  });

  it('does not sell chances when the operator prices them at 0', async () => {
    await configure({ costChance: 0 });
    const buyer = await newMember(ctx, { coins: 100_00 });
    const answer = await post(COLLECT_CARDS_PATHS.buy, buyer.token, { requestId: randomUUID() });
    expect(answer.code).toBe(ERRORS.COLLECT_CARDS_NOT_FOR_SALE.code);
  });

  it('gives every paid deposit its chances on the server, without the result page, once', async () => {
    await configure({ depositChance: 2 });
    const depositor = await newMember(ctx);
    const other = await newMember(ctx);
    // Three deposits paid and no result page visited: the server counts each from its money fact.
    const orders: string[] = [];
    for (let paid = 0; paid < 3; paid += 1) orders.push(await depositByMpesa(ctx, depositor, 100_00));
    const unpaid = await depositByMpesa(ctx, other, 100_00, { until: 'prompted' });
    await collectCardsDeposits(KE).catchUp(ctx.db);
    expect(await memberOf(depositor)).toMatchObject({ chances: 6 });
    expect(await memberOf(other)).toMatchObject({ chances: 0 });
    for (const orderNo of orders) {
      expect((await get(COLLECT_CARDS_PATHS.chances, depositor.token, `?orderNo=${orderNo}`)).data).toEqual({
        orderNo,
        state: 'granted',
        chances: 2,
      });
    }
    // Another member's order, an unpaid one, an unknown one: nothing to say; a malformed one: refused.
    expect((await get(COLLECT_CARDS_PATHS.chances, other.token, `?orderNo=${orders[0]}`)).data.state).toBe(
      'none',
    );
    expect((await get(COLLECT_CARDS_PATHS.chances, other.token, `?orderNo=${unpaid}`)).data.state).toBe(
      'none',
    );
    expect((await get(COLLECT_CARDS_PATHS.chances, other.token, '?orderNo=DNOSUCHORDER')).data.state).toBe(
      'none',
    );
    expect((await post(COLLECT_CARDS_PATHS.chances, other.token, { orderNo: "x' or 1=1" })).status).toBe(400);

    // The spec's POST is read only now: touched from several tabs at once, it adds nothing.
    const touches = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(COLLECT_CARDS_PATHS.chances, depositor.token, { orderNo: orders[0] }),
      ),
    );
    expect(touches.map((touch) => touch.data)).toEqual(
      Array.from({ length: 5 }, () => ({ orderNo: orders[0], state: 'granted', chances: 2 })),
    );
    // Replays: the consumer run again, and its cursor taken back to the start, give nothing twice.
    await collectCardsDeposits(KE).catchUp(ctx.db);
    await ctx.db.deleteFrom('fact_cursor').where('consumer', '=', 'collect-cards-deposits').execute();
    await collectCardsDeposits(KE).catchUp(ctx.db);
    expect(await memberOf(depositor)).toMatchObject({ chances: 6 });
    // A new activity does not give the same orders' chances again.
    await configure({ depositChance: 2 });
    await ctx.db.deleteFrom('fact_cursor').where('consumer', '=', 'collect-cards-deposits').execute();
    await collectCardsDeposits(KE).catchUp(ctx.db);
    expect(await memberOf(depositor)).toMatchObject({ chances: 0 });
  });

  it('gives a deposit its chances once when consumers run in parallel (a race on PostgreSQL)', async () => {
    await configure({ depositChance: 1 });
    const depositor = await newMember(ctx);
    const orderNo = await depositByMpesa(ctx, depositor, 100_00);
    await ctx.db.deleteFrom('fact_cursor').where('consumer', '=', 'collect-cards-deposits').execute();
    await Promise.all(Array.from({ length: 6 }, () => collectCardsDeposits(KE).consume(ctx.db)));
    await collectCardsDeposits(KE).catchUp(ctx.db);
    expect(await memberOf(depositor)).toMatchObject({ chances: 1 });
    const grants = await ctx.db
      .selectFrom('collect_cards_chance')
      .select('chances')
      .where('member_id', '=', depositor.id)
      .where('source', '=', 'deposit')
      .execute();
    expect(grants).toEqual([{ chances: 1 }]);
    expect((await get(COLLECT_CARDS_PATHS.chances, depositor.token, `?orderNo=${orderNo}`)).data.state).toBe(
      'granted',
    );
  });

  it('gives no chance for a deposit made before the activity started', async () => {
    await collectCardsDeposits(KE).catchUp(ctx.db);
    const depositor = await newMember(ctx);
    const orderNo = await depositByMpesa(ctx, depositor, 100_00);
    const order = await ctx.db
      .selectFrom('deposit_order')
      .select('created_at')
      .where('trans_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    // The activity starts a millisecond after the order was made (and before now).
    await configure({ startAt: new Date(order.created_at.getTime() + 1).toISOString() });
    expect((await get(COLLECT_CARDS_PATHS.config)).data.status).toBe(1);
    await collectCardsDeposits(KE).catchUp(ctx.db);
    expect(await memberOf(depositor)).toMatchObject({ chances: 0 });
    expect((await get(COLLECT_CARDS_PATHS.chances, depositor.token, `?orderNo=${orderNo}`)).data.state).toBe(
      'none',
    );
  });

  it('Brazil: deposits give no chances (Law 14.790 art. 42), whatever the operator set', async () => {
    await collectCardsDeposits(KE).catchUp(ctx.db);
    await configure({ depositChance: 3 });
    const depositor = await newMember(ctx);
    const orderNo = await depositByMpesa(ctx, depositor, 100_00);
    const brazil = { db: ctx.db, country: BR };
    expect((await getConfig(brazil)).depositChance).toBe(0);
    await collectCardsDeposits(BR).catchUp(ctx.db);
    expect(await memberOf(depositor)).toMatchObject({ chances: 0 });
    expect((await getOrderChance(brazil, depositor.id, orderNo)).state).toBe('none');
    // The same fact counted by a Kenyan server: its chances.
    await ctx.db.deleteFrom('fact_cursor').where('consumer', '=', 'collect-cards-deposits').execute();
    await collectCardsDeposits(KE).catchUp(ctx.db);
    expect(await memberOf(depositor)).toMatchObject({ chances: 3 });
  });
});

describe('collect-cards: draws and the set', () => {
  it('draws cards from the committed seed until the set is complete, pays the gift and starts again', async () => {
    await configure({ cards: [{ weight: 1 }, { weight: 1 }], giftAmount: 25_00 });
    const who = await newMember(ctx);
    await post(COLLECT_CARDS_PATHS.free, who.token);
    const orderNo = await depositByMpesa(ctx, who, 100_00);
    // A chance a deposit (the default depositChance is 1), given by the server from the deposit's money fact;
    // enough chances to be all but sure of a set.
    await collectCardsDeposits(KE).catchUp(ctx.db);
    expect((await get(COLLECT_CARDS_PATHS.chances, who.token, `?orderNo=${orderNo}`)).data.state).toBe(
      'granted',
    );
    await creditMember(ctx.db, {
      memberId: who.id,
      from: ACCOUNT.world,
      key: `collect-cards-test-coins:${who.id}`,
      kind: 'deposit',
      coins: 1_500_00,
    });
    for (let bought = 0; bought < 28; bought += 1) {
      expect((await post(COLLECT_CARDS_PATHS.buy, who.token, { requestId: randomUUID() })).code).toBe(0);
    }
    expect((await memberOf(who)).chances).toBe(30);
    const cashBefore = (await getBalances(ctx.db, who.id)).cash;

    let held = new Set<number>();
    let completed = 0;
    for (let draw = 0; draw < 30 && completed === 0; draw += 1) {
      const committed = (await memberOf(who)).fairness.serverSeedHash;
      const answer = await drawFor(who);
      expect(answer.code, answer.msg).toBe(0);
      const { card, duplicate, fairness } = answer.data;
      // The seed revealed is the one committed before the draw, and it draws this card.
      expect(fairness.serverSeedHash).toBe(committed);
      expect(hashServerSeed(fairness.serverSeed)).toBe(committed);
      const [float] = generateFloats(
        { serverSeed: fairness.serverSeed, clientSeed: fairness.clientSeed, nonce: fairness.nonce },
        1,
      );
      expect(drawCard(float!, fairness.weights)).toBe(card);
      expect(duplicate).toBe(held.has(card));
      held.add(card);
      if (held.size === 2) {
        expect(answer.data).toMatchObject({ completed: true, gift: 25_00 });
        expect(answer.data.member).toMatchObject({ cardSet: '', sets: 1 });
        expect(answer.data.money).toBe(cashBefore + 25_00);
        completed += 1;
        held = new Set();
      } else {
        expect(answer.data).toMatchObject({ completed: false, gift: 0 });
        expect(answer.data.member.cardSet).toBe([...held].sort().join(','));
      }
    }
    expect(completed).toBe(1);
    const gifts = await get(COLLECT_CARDS_PATHS.gifts, who.token);
    expect(gifts.data).toEqual([expect.objectContaining({ setNo: 1, amount: 25_00 })]);
    const notices = await get(COLLECT_CARDS_PATHS.notices);
    expect(notices.data[0]).toMatchObject({
      mobile: `${who.mobile.slice(0, 4)}****${who.mobile.slice(-2)}`,
      amount: 25_00,
    });
    expect(JSON.stringify(notices.data)).not.toContain(who.mobile);
    const draws = await get(COLLECT_CARDS_PATHS.draws, who.token);
    expect(draws.data.length).toBeGreaterThanOrEqual(2);
    await expectLedgerInvariants(ctx.db);
  });

  it('pays a completed set once: twenty parallel draws with one chance left', async () => {
    // One card: every draw completes a set, so only the number of chances limits the gifts.
    await configure({ cards: [{ weight: 1 }], giftAmount: 10_00 });
    const who = await newMember(ctx);
    await post(COLLECT_CARDS_PATHS.free, who.token);
    const before = await getBalances(ctx.db, who.id);
    const draws = await Promise.all(Array.from({ length: 20 }, () => drawFor(who)));
    expect(draws.filter((draw) => draw.code === 0)).toHaveLength(1);
    expect(draws.filter((draw) => draw.code === ERRORS.COLLECT_CARDS_NO_CHANCE.code)).toHaveLength(19);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(before.cash + 10_00);
    expect((await getBalances(ctx.db, who.id)).withdrawable).toBe(before.withdrawable + 10_00);
    expect(await giftRows(who)).toHaveLength(1);
    expect(await memberOf(who)).toMatchObject({ chances: 0, sets: 1 });
  });

  it('one request sent twenty times at once is one draw and one gift', async () => {
    await configure({ cards: [{ weight: 1 }], giftAmount: 10_00 });
    const who = await newMember(ctx, { coins: 500_00 });
    for (let bought = 0; bought < 3; bought += 1) {
      await post(COLLECT_CARDS_PATHS.buy, who.token, { requestId: randomUUID() });
    }
    const before = await getBalances(ctx.db, who.id);
    const requestId = randomUUID();
    const same = await Promise.all(Array.from({ length: 20 }, () => drawFor(who, requestId)));
    expect(same.every((draw) => draw.code === 0)).toBe(true);
    expect(new Set(same.map((draw) => draw.data.id)).size).toBe(1);
    expect(await memberOf(who)).toMatchObject({ chances: 2, sets: 1 });
    // Then twenty different draws with two chances left: two more sets, two more gifts.
    const different = await Promise.all(Array.from({ length: 20 }, () => drawFor(who)));
    expect(different.filter((draw) => draw.code === 0)).toHaveLength(2);
    expect((await getBalances(ctx.db, who.id)).cash).toBe(before.cash + 3 * 10_00);
    expect((await giftRows(who)).map((row) => row.set_no).sort()).toEqual([1, 2, 3]);
    await expectLedgerInvariants(ctx.db);
  });

  it('pays the gift from the programme’s budget account', async () => {
    await configure({ cards: [{ weight: 1 }], giftAmount: 7_00 });
    const who = await newMember(ctx);
    await post(COLLECT_CARDS_PATHS.free, who.token);
    const budget = () => budgetOf(ctx, 'collect-cards');
    const before = (await budget()).cash;
    expect((await drawFor(who)).data.gift).toBe(7_00);
    expect((await budget()).cash).toBe(before - 7_00);
  });

  it('pays nothing to a self-excluded member, and uses no chance', async () => {
    await configure({ cards: [{ weight: 1 }] });
    const who = await newMember(ctx);
    await post(COLLECT_CARDS_PATHS.free, who.token);
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: who.token,
    });
    expect(excluded.code).toBe(0);
    await expect(
      draw({ db: ctx.db, country: KE }, who.id, { requestId: randomUUID() }),
    ).rejects.toMatchObject({
      key: 'PROMOTION_MEMBER_BLOCKED',
    });
    expect(await giftRows(who)).toHaveLength(0);
    const row = await ctx.db
      .selectFrom('collect_cards_member')
      .select('chances')
      .where('member_id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(row.chances).toBe(1);
  });

  it('keeps winners hidden where the operator switches the feed off', async () => {
    const settings = await configure({ cards: [{ weight: 1 }], notices: false });
    const who = await newMember(ctx);
    await post(COLLECT_CARDS_PATHS.free, who.token);
    expect((await drawFor(who)).data.completed).toBe(true);
    expect((await get(COLLECT_CARDS_PATHS.notices)).data).toEqual([]);
    await configure({ ...settings, notices: true });
    expect((await get(COLLECT_CARDS_PATHS.notices)).data).toHaveLength(1);
  });
});

describe('collect-cards: a finished, not started or switched-off activity', () => {
  it('refuses every action once finished, and says so', async () => {
    await configure({ startAt: '2025-12-01T00:00:00Z', endAt: new Date(Date.now() - 1_000).toISOString() });
    const who = await newMember(ctx, { coins: 100_00 });
    expect((await get(COLLECT_CARDS_PATHS.config)).data.status).toBe(-1);
    const finished = ERRORS.COLLECT_CARDS_FINISHED.code;
    expect(codeOf(await post(COLLECT_CARDS_PATHS.free, who.token))).toBe(finished);
    expect(codeOf(await post(COLLECT_CARDS_PATHS.buy, who.token, { requestId: randomUUID() }))).toBe(
      finished,
    );
    expect(codeOf(await drawFor(who))).toBe(finished);
    expect((await post(COLLECT_CARDS_PATHS.chances, who.token, { orderNo: 'DABCDEFGH123' })).data.state).toBe(
      'none',
    );
    expect(await memberOf(who)).toMatchObject({ free: false, chances: 0, bonusMoney: 100_00 });
  });

  it('refuses before the start', async () => {
    await configure({ startAt: new Date(Date.now() + 86_400_000).toISOString(), endAt: null });
    const who = await newMember(ctx);
    expect((await get(COLLECT_CARDS_PATHS.config)).data.status).toBe(0);
    expect(codeOf(await post(COLLECT_CARDS_PATHS.free, who.token))).toBe(
      ERRORS.COLLECT_CARDS_NOT_STARTED.code,
    );
  });

  it('answers "The activity is invalid" while the operator has it off', async () => {
    await configure({}, false);
    const who = await newMember(ctx);
    expect((await get(COLLECT_CARDS_PATHS.config)).data.enable).toBe(false);
    expect(codeOf(await post(COLLECT_CARDS_PATHS.free, who.token))).toBe(ERRORS.ACTIVITY_INVALID.code);
    expect(codeOf(await drawFor(who))).toBe(ERRORS.ACTIVITY_INVALID.code);
  });
});
