import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import {
  LUCKY_REFUND_CODE,
  LUCKY_REFUND_UNREAD_MARKER,
  ROUND_STATUS,
  type RoundTerms,
} from '@app/contracts/lucky-refund';
import { API_BASE, LUCKY_REFUND_PATHS, MALL_PATHS } from '@app/contracts/paths';
import { SIMULATOR_CHAIN, roundAt } from '@app/fair/beacon';
import { drawWinningTickets } from '@app/fair/draw';
import { callApi, type Answer } from '../../../../test/api-client.ts';
import { configureProgramme, newMember } from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { useStaffSessions } from '../../../../test/back-office.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { advanceDraws, findDraw, scheduleDraws, type DrawDeps } from '../draws/draws.service.ts';
import { ACCOUNT, getAccountBalances, getBalances } from '../../platform/wallet/wallet.service.ts';
import { luckyRefundProduct, settleDraw } from './lucky-refund.service.ts';

/**
 * Lucky refund (issue 16 §2) through the app on a real database, with the draw engine's own steps (its jobs'
 * passes called by hand) and a beacon that answers every round: rounds planned by the programme's
 * schedule, codes bought with cash (and a mall coupon), coins and diamonds, the round closed by moving its
 * close to the database's now, drawn and paid once; the Saturday raffle paying the jackpot; the prize fund
 * back to where it was. Races (purchases at the close, the same request twice, two settlements) run on
 * PostgreSQL with DATABASE_URL.
 */
const ctx = useTestApp();
const [admin] = useStaffSessions(ctx, 'admin');
const KE = COUNTRY_PROFILES.KE;
const MINUTE = 60_000;
const FUND = ACCOUNT.drawFund('lucky-refund');
const ROLLOVER = ACCOUNT.drawRollover('lucky-refund');
const BUDGET = ACCOUNT.promotionBudget('lucky-refund');

const randomnessOf = (round: number) => createHash('sha256').update(`beacon:${round}`).digest('hex');

function drawDeps(overrides: Partial<DrawDeps> = {}): DrawDeps {
  return {
    db: ctx.db,
    country: KE,
    products: [luckyRefundProduct({ db: ctx.db, country: KE })],
    beacon: {
      chain: SIMULATOR_CHAIN,
      fetchRound: async (round) => ({
        status: 'ok',
        round,
        signature: 'ab'.repeat(48),
        randomness: randomnessOf(round),
      }),
    },
    ...overrides,
  };
}

let keys = 0;
async function operator(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Answer> {
  const response = await ctx.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: admin.headers,
    payload: body as Record<string, unknown>,
  });
  const json = response.json();
  return { status: response.statusCode, code: json.code, msg: json.msg, data: json.data };
}

const TERMS: Omit<RoundTerms, 'raffle'> = {
  kind: 'round',
  price: 20_00,
  coinsPrice: 50_00,
  diamondsPrice: 20,
  winners: 3,
  refundPercent: 50,
  housePercent: 10,
  jackpotPercent: 5,
  maxPerPurchase: 50,
  maxPerMember: 60,
};

let refs = 0;
/**
 * A round of the test's own on sale now (closing in 30 minutes) and its raffle, as the plan makes them:
 * a test that closes it moves its close to the database's now.
 */
async function openRound(terms: Partial<RoundTerms> = {}): Promise<{ roundId: number; raffleId: number }> {
  refs += 1;
  const now = Date.now();
  const insert = async (ref: string, settings: unknown, closesIn: number) => {
    const drawAt = new Date(now + closesIn + MINUTE);
    const row = await ctx.db
      .insertInto('draw')
      .values({
        product: 'lucky-refund',
        ref,
        price: 20_00,
        sales_open_at: new Date(now - MINUTE),
        sales_close_at: new Date(now + closesIn),
        draw_at: drawAt,
        beacon_round: roundAt(SIMULATOR_CHAIN, drawAt.getTime()),
        settings: JSON.stringify(settings),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const raffleRef = `raffle:test-${refs}`;
  const raffleId = await insert(raffleRef, { kind: 'raffle', winners: 1 }, 120 * MINUTE);
  const roundId = await insert(`round:test-${refs}`, { ...TERMS, raffle: raffleRef, ...terms }, 30 * MINUTE);
  return { roundId, raffleId };
}

/** The draw's close (and draw time) moved to the database's now, then the engine's pass: closed, drawn, paid. */
async function drawNow(drawId: number): Promise<void> {
  await sql`update draw set sales_close_at = clock_timestamp(), draw_at = clock_timestamp() + interval '1 millisecond'
    where id = ${drawId}`.execute(ctx.db);
  for (let pass = 0; pass < 5 && (await findDraw(ctx.db, drawId))?.status !== 'settled'; pass += 1) {
    await advanceDraws(drawDeps());
  }
  expect((await findDraw(ctx.db, drawId))?.status).toBe('settled');
}

const balanceOf = (code: string) => getAccountBalances(ctx.db, code);

let requests = 0;
const requestId = () => `lr-test-${process.pid}-${(requests += 1)}`;

function buy(
  token: string,
  body: Record<string, unknown>,
  path: string = LUCKY_REFUND_PATHS.buy,
): Promise<Answer> {
  return callApi(ctx, path, { json: { requestId: requestId(), ...body }, token });
}

const get = (path: string, query = '', token?: string) =>
  callApi(ctx, path, { method: 'GET', query, ...(token ? { token } : {}) });

describe('the round on sale', () => {
  it('plans the round in progress, the next ones and the week’s raffle; answers them to visitors', async () => {
    await configureProgramme(ctx, 'lucky-refund', { roundMinutes: 30 });
    expect(await scheduleDraws(drawDeps())).toBeGreaterThan(2);
    expect(await scheduleDraws(drawDeps())).toBe(0);
    const active = await get(LUCKY_REFUND_PATHS.active);
    expect(active.code, active.msg).toBe(0);
    const { data } = active;
    expect(data.enable).toBe(true);
    expect(data.round.status === ROUND_STATUS.open || data.round.status === ROUND_STATUS.countdown).toBe(
      true,
    );
    expect(data.current).toEqual({ id: data.round.id, finishTime: data.round.finishTime });
    const left = Date.parse(data.round.finishTime) - Date.now();
    expect(data.remainingMillis).toBeGreaterThan(left - 5_000);
    expect(data.remainingMillis).toBeLessThanOrEqual(30 * MINUTE);
    expect(data.oncountdown).toBe(data.round.status === ROUND_STATUS.countdown);
    expect(data.round).toMatchObject({
      codes: [],
      members: 0,
      sold: 0,
      price: 20_00,
      winners: 3,
      refundPercent: 50,
    });
    expect(data.raffle).toMatchObject({ status: ROUND_STATUS.open, entries: 0 });
    expect(new Date(data.raffle.finishTime).getUTCDay()).toBe(6);
    expect(data.currency).toBe('KES');
    const jackpot = await get(LUCKY_REFUND_PATHS.jackpot);
    expect(jackpot.data).toEqual({ jackpot: data.jackpot, currency: 'KES' });
    // Back to back: each planned round opens where the one before closes.
    const rounds = await ctx.db
      .selectFrom('draw')
      .select(['sales_open_at', 'sales_close_at'])
      .where('product', '=', 'lucky-refund')
      .where('ref', 'like', 'round:2%')
      .orderBy('sales_open_at')
      .execute();
    expect(rounds.length).toBeGreaterThan(90);
    for (let index = 1; index < rounds.length; index += 1) {
      expect(rounds[index]!.sales_open_at).toEqual(rounds[index - 1]!.sales_close_at);
    }
  });

  it('is off in Brazil: nothing planned, nothing sold', async () => {
    expect(await scheduleDraws(drawDeps({ country: COUNTRY_PROFILES.BR }))).toBe(0);
    const plan = await luckyRefundProduct({ db: ctx.db, country: COUNTRY_PROFILES.BR }).plan(ctx.db, {
      from: new Date(),
      to: new Date(Date.now() + 86_400_000),
      timeZone: COUNTRY_PROFILES.BR.timeZone,
    });
    expect(plan).toEqual([]);
  });
});

describe('buying', () => {
  it('sells codes for cash into the prize fund, as tickets of the round and of the week’s raffle', async () => {
    const { roundId, raffleId } = await openRound();
    const buyer = await newMember(ctx, { cash: 1_000_00 });
    const fundBefore = (await balanceOf(FUND)).cash;
    const bought = await buy(buyer.token, { refundId: roundId, quantity: 5 });
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data.codes).toHaveLength(5);
    for (const code of bought.data.codes) expect(code).toMatch(LUCKY_REFUND_CODE);
    expect(new Set(bought.data.codes).size).toBe(5);
    expect(bought.data).toMatchObject({
      refundId: roundId,
      pay: 'cash',
      paid: 100_00,
      discount: 0,
      money: 900_00,
    });
    expect(bought.data.unread).toMatchObject({
      image: LUCKY_REFUND_UNREAD_MARKER,
      content: bought.data.codes.join(','),
    });
    expect((await balanceOf(FUND)).cash - fundBefore).toBe(100_00);
    expect((await balanceOf(FUND)).withdrawable).toBe(0);
    for (const drawId of [roundId, raffleId]) {
      const tickets = await ctx.db
        .selectFrom('draw_ticket')
        .select(['ticket_no', 'entry', 'member_id', 'pay'])
        .where('draw_id', '=', drawId)
        .orderBy('ticket_no')
        .execute();
      expect(tickets.map((ticket) => ticket.entry)).toEqual(bought.data.codes);
      expect(tickets.every((ticket) => ticket.member_id === buyer.id && ticket.pay === 'cash')).toBe(true);
    }

    // The codes popup's advert once (the codes are then read), the codes with their state every time.
    const codes = await get(LUCKY_REFUND_PATHS.personalCodes, `?refundId=${roundId}`, buyer.token);
    expect(codes.code, codes.msg).toBe(0);
    expect(codes.data.unread).toMatchObject({
      img: LUCKY_REFUND_UNREAD_MARKER,
      content: bought.data.codes.join(','),
    });
    expect(codes.data.codes.map((code: { code: string; state: string }) => [code.code, code.state])).toEqual(
      bought.data.codes.map((code: string) => [code, 'pending']),
    );
    const again = await get(LUCKY_REFUND_PATHS.personalCodes, `?refundId=${roundId}`, buyer.token);
    expect(again.data.unread).toBeNull();
    expect(again.data.codes).toHaveLength(5);
    const round = await get(LUCKY_REFUND_PATHS.prevResultsV2, `?actId=${roundId}`);
    expect(round.data.refund).toMatchObject({ id: roundId, sold: 5, members: 1, status: ROUND_STATUS.open });
  });

  it('sells codes for coins and diamonds; the budget puts each code’s cash price into the fund', async () => {
    const { roundId } = await openRound();
    const buyer = await newMember(ctx, { coins: 200_00, diamonds: 100 });
    const fundBefore = (await balanceOf(FUND)).cash;
    const withCoins = await buy(
      buyer.token,
      { refundId: roundId, quantity: 3 },
      LUCKY_REFUND_PATHS.buyWithCoins,
    );
    expect(withCoins.code, withCoins.msg).toBe(0);
    expect(withCoins.data).toMatchObject({ pay: 'coins', paid: 150_00, bonusMoney: 50_00 });
    const withDiamonds = await buy(
      buyer.token,
      { refundId: roundId, quantity: 4 },
      LUCKY_REFUND_PATHS.buyWithDiamonds,
    );
    expect(withDiamonds.code, withDiamonds.msg).toBe(0);
    expect(withDiamonds.data).toMatchObject({ pay: 'diamonds', paid: 80, diamond: 20 });
    expect((await balanceOf(FUND)).cash - fundBefore).toBe(7 * 20_00);
    const notEnoughCoins = await buy(
      buyer.token,
      { refundId: roundId, quantity: 2 },
      LUCKY_REFUND_PATHS.buyWithCoins,
    );
    expect(notEnoughCoins.code).toBe(ERRORS.LUCKY_REFUND_COINS_INSUFFICIENT.code);
    const notEnoughDiamonds = await buy(
      buyer.token,
      { refundId: roundId, quantity: 2 },
      LUCKY_REFUND_PATHS.buyWithDiamonds,
    );
    expect(notEnoughDiamonds.code).toBe(ERRORS.DIAMONDS_INSUFFICIENT.code);
  });

  it('refuses what the round does not sell, above the limits, without money, and for a visitor', async () => {
    const { roundId, raffleId } = await openRound({ coinsPrice: 0 });
    const buyer = await newMember(ctx, { cash: 30_00, coins: 500_00 });
    const expectCode = async (answer: Promise<Answer>, code: number) => {
      const { code: got, status } = await answer;
      expect(got).toBe(code);
      expect(status).toBeLessThan(500);
    };
    await expectCode(
      buy(buyer.token, { refundId: roundId, quantity: 1 }, LUCKY_REFUND_PATHS.buyWithCoins),
      ERRORS.LUCKY_REFUND_NOT_SOLD_FOR.code,
    );
    await expectCode(
      buy(buyer.token, { refundId: roundId, quantity: 51 }),
      ERRORS.LUCKY_REFUND_TOO_MANY.code,
    );
    await expectCode(buy(buyer.token, { refundId: roundId, quantity: 2 }), ERRORS.INSUFFICIENT_BALANCE.code);
    await expectCode(
      buy(buyer.token, { refundId: raffleId, quantity: 1 }),
      ERRORS.LUCKY_REFUND_ROUND_NOT_FOUND.code,
    );
    await expectCode(
      buy(buyer.token, { refundId: 987_654_321, quantity: 1 }),
      ERRORS.LUCKY_REFUND_ROUND_NOT_FOUND.code,
    );
    await expectCode(buy(buyer.token, { refundId: roundId, quantity: 0 }), ERRORS.BAD_REQUEST.code);
    await expectCode(buy(buyer.token, { refundId: 'x;drop', quantity: 1 }), ERRORS.BAD_REQUEST.code);
    await expectCode(
      buy(buyer.token, { refundId: roundId, quantity: 1, requestId: 'bad key!' }),
      ERRORS.BAD_REQUEST.code,
    );
    await expectCode(
      callApi(ctx, LUCKY_REFUND_PATHS.buy, { json: { refundId: roundId, quantity: 1 } }),
      ERRORS.UNAUTHORIZED.code,
    );
    // Nothing was charged by any refusal.
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(30_00);

    const rich = await newMember(ctx, { cash: 10_000_00 });
    expect((await buy(rich.token, { refundId: roundId, quantity: 50 })).code).toBe(0);
    await expectCode(
      buy(rich.token, { refundId: roundId, quantity: 11 }),
      ERRORS.LUCKY_REFUND_MEMBER_LIMIT.code,
    );
    expect((await buy(rich.token, { refundId: roundId, quantity: 10 })).code).toBe(0);
  });

  it('buys once per request key; the same key with another order is refused', async () => {
    const { roundId } = await openRound();
    const buyer = await newMember(ctx, { cash: 500_00 });
    const key = requestId();
    const first = await buy(buyer.token, { refundId: roundId, quantity: 2, requestId: key });
    const second = await buy(buyer.token, { refundId: roundId, quantity: 2, requestId: key });
    expect(second.code).toBe(0);
    expect(second.data.codes).toEqual(first.data.codes);
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(460_00);
    const changed = await buy(buyer.token, { refundId: roundId, quantity: 3, requestId: key });
    expect(changed.code).toBe(ERRORS.IDEMPOTENCY_CONFLICT.code);
  });

  it('refuses a round whose sales have not opened or have closed (by the database clock)', async () => {
    const { roundId } = await openRound();
    const buyer = await newMember(ctx, { cash: 500_00 });
    await sql`update draw set sales_open_at = clock_timestamp() + interval '1 minute' where id = ${roundId}`.execute(
      ctx.db,
    );
    expect((await buy(buyer.token, { refundId: roundId, quantity: 1 })).code).toBe(ERRORS.DRAW_NOT_OPEN.code);
    await sql`update draw set sales_open_at = clock_timestamp() - interval '1 minute', sales_close_at = clock_timestamp()
      where id = ${roundId}`.execute(ctx.db);
    expect((await buy(buyer.token, { refundId: roundId, quantity: 1 })).code).toBe(
      ERRORS.DRAW_SALES_CLOSED.code,
    );
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(500_00);
  });
});

describe('a mall coupon on codes bought with cash', () => {
  async function couponFor(mobile: string, token: string, terms: Record<string, unknown> = {}) {
    const created = await operator('POST', MALL_PATHS.adminCoupons, {
      slug: `lr-coupon-${(keys += 1)}`,
      name: 'KES 15 off',
      currency: 'cash',
      discountKind: 'amount',
      discount: 15_00,
      validFrom: new Date(Date.now() - 86_400_000).toISOString(),
      validTo: new Date(Date.now() + 86_400_000).toISOString(),
      ...terms,
    });
    expect(created.code, created.msg).toBe(0);
    const granted = await operator(
      'POST',
      MALL_PATHS.adminCouponGrant.replace(':id', String(created.data.id)),
      {
        mobile,
      },
    );
    expect(granted.code, granted.msg).toBe(0);
    const mine = await get(MALL_PATHS.coupons, '', token);
    return (mine.data.mine as { id: number; couponId: number }[]).find(
      (each) => each.couponId === created.data.id,
    )!.id;
  }

  it('takes the discount off, once; the budget pays it into the fund', async () => {
    const { roundId } = await openRound();
    const buyer = await newMember(ctx, { cash: 100_00 });
    const couponId = await couponFor(buyer.mobile, buyer.token);
    const fundBefore = (await balanceOf(FUND)).cash;
    const budgetBefore = (await balanceOf(BUDGET)).cash;
    const bought = await buy(buyer.token, { refundId: roundId, quantity: 2, couponId });
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data).toMatchObject({ paid: 25_00, discount: 15_00, money: 75_00 });
    expect((await balanceOf(FUND)).cash - fundBefore).toBe(40_00);
    expect((await balanceOf(BUDGET)).cash - budgetBefore).toBe(-15_00);
    const again = await buy(buyer.token, { refundId: roundId, quantity: 1, couponId });
    expect(again.code).toBe(ERRORS.MALL_COUPON_UNAVAILABLE.code);
    const mine = await get(MALL_PATHS.coupons, '', buyer.token);
    expect(mine.data.mine.find((each: { id: number }) => each.id === couponId)).toMatchObject({
      status: 'used',
      orderId: null,
    });
  });

  it("refuses a coupon for given goods, out of its dates, another member's, or on coins", async () => {
    const { roundId } = await openRound();
    const buyer = await newMember(ctx, { cash: 100_00, coins: 500_00 });
    const other = await newMember(ctx);
    const forGoods = await couponFor(buyer.mobile, buyer.token, { goodsTypes: [2] });
    expect((await buy(buyer.token, { refundId: roundId, quantity: 1, couponId: forGoods })).code).toBe(
      ERRORS.COUPON_MISMATCH.code,
    );
    const inCoins = await couponFor(buyer.mobile, buyer.token, { currency: 'coins' });
    expect((await buy(buyer.token, { refundId: roundId, quantity: 1, couponId: inCoins })).code).toBe(
      ERRORS.COUPON_MISMATCH.code,
    );
    const later = await couponFor(buyer.mobile, buyer.token, {
      validFrom: new Date(Date.now() + 86_400_000).toISOString(),
      validTo: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect((await buy(buyer.token, { refundId: roundId, quantity: 1, couponId: later })).code).toBe(
      ERRORS.NOT_TIME_TO_USE.code,
    );
    const theirs = await couponFor(other.mobile, other.token);
    expect((await buy(buyer.token, { refundId: roundId, quantity: 1, couponId: theirs })).code).toBe(
      ERRORS.MALL_COUPON_UNAVAILABLE.code,
    );
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(100_00);
  });
});

describe('the draw and its payment', () => {
  it('draws the round from the beacon, pays prizes and refunds once, and the fund ends where it began', async () => {
    const { roundId } = await openRound();
    const fundBefore = await balanceOf(FUND);
    const rolloverBefore = (await balanceOf(ROLLOVER)).cash;
    const budgetBefore = await balanceOf(BUDGET);
    const cashBuyer = await newMember(ctx, { cash: 1_000_00 });
    const coinBuyer = await newMember(ctx, { coins: 1_000_00 });
    const diamondBuyer = await newMember(ctx, { diamonds: 100 });
    expect((await buy(cashBuyer.token, { refundId: roundId, quantity: 4 })).code).toBe(0);
    expect(
      (await buy(coinBuyer.token, { refundId: roundId, quantity: 3 }, LUCKY_REFUND_PATHS.buyWithCoins)).code,
    ).toBe(0);
    expect(
      (await buy(diamondBuyer.token, { refundId: roundId, quantity: 3 }, LUCKY_REFUND_PATHS.buyWithDiamonds))
        .code,
    ).toBe(0);
    const paidBefore = {
      cash: await getBalances(ctx.db, cashBuyer.id),
      coins: await getBalances(ctx.db, coinBuyer.id),
      diamonds: await getBalances(ctx.db, diamondBuyer.id),
    };

    await drawNow(roundId);
    const draw = (await findDraw(ctx.db, roundId))!;
    // The winners are the beacon's: the first 2 tickets the randomness draws from the committed root.
    const winners = drawWinningTickets(randomnessOf(draw.beaconRound), roundId, draw.ticketRoot!, 10, 3);
    expect(draw.outcome).toEqual({ winners });

    // 10 codes × 20 = 200: house 20, jackpot share 10, 7 refunds of 10 = 70, 100 shared by 3 winners
    // (33.33 each, the cent left to the jackpot).
    const results = await get(LUCKY_REFUND_PATHS.prevResultsV2, `?actId=${roundId}`);
    expect(results.data.refund).toMatchObject({
      status: ROUND_STATUS.finished,
      prize: 33_33,
      refund: 10_00,
      sold: 10,
    });
    expect(results.data.results.map((winner: { ticketNo: number }) => winner.ticketNo)).toEqual(
      [...winners].sort((a, b) => a - b),
    );
    for (const winner of results.data.results) {
      expect(winner.amount).toBe(33_33);
      expect(winner.member).toMatch(/^07\d\d\*{4}\d\d$/);
    }

    expect((await get(LUCKY_REFUND_PATHS.latestResults)).data.refund).toMatchObject({
      id: roundId,
      sold: 10,
    });

    // Each ticket's cash out of the fund, in the engine's list.
    const tickets = await ctx.db
      .selectFrom('draw_ticket')
      .select(['ticket_no', 'prize', 'tier', 'pay'])
      .where('draw_id', '=', roundId)
      .orderBy('ticket_no')
      .execute();
    for (const ticket of tickets) {
      const won = winners.includes(ticket.ticket_no);
      expect([ticket.prize, ticket.tier]).toEqual(won ? [33_33, 1] : [10_00, 2]);
    }
    const after = {
      cash: await getBalances(ctx.db, cashBuyer.id),
      coins: await getBalances(ctx.db, coinBuyer.id),
      diamonds: await getBalances(ctx.db, diamondBuyer.id),
    };
    const won = (pay: string, from: number, to: number) =>
      tickets.filter(
        (ticket) =>
          ticket.pay === pay &&
          ticket.ticket_no >= from &&
          ticket.ticket_no <= to &&
          winners.includes(ticket.ticket_no),
      ).length;
    const cashWins = won('cash', 1, 4);
    expect(after.cash.cash - paidBefore.cash.cash).toBe(cashWins * 33_33 + (4 - cashWins) * 10_00);
    const coinWins = won('coins', 5, 7);
    expect(after.coins.cash - paidBefore.coins.cash).toBe(coinWins * 33_33);
    expect(after.coins.coins - paidBefore.coins.coins).toBe((3 - coinWins) * 25_00);
    const diamondWins = won('diamonds', 8, 10);
    expect(after.diamonds.cash - paidBefore.diamonds.cash).toBe(diamondWins * 33_33);
    expect(after.diamonds.diamonds - paidBefore.diamonds.diamonds).toBe((3 - diamondWins) * 10);

    // The fund holds cash only (a withdrawable part there would block paying out of it: the ledger keeps
    // it within 0..cash), and is back; the jackpot grew by its share and the rounding; the budget paid the coins' prices less their cash refunds.
    expect((await balanceOf(FUND)).cash).toBe(fundBefore.cash);
    expect((await balanceOf(FUND)).withdrawable).toBe(0);
    expect((await balanceOf(ROLLOVER)).cash - rolloverBefore).toBe(10_01);
    const refundedInKind = 6 - coinWins - diamondWins;
    expect((await balanceOf(BUDGET)).cash - budgetBefore.cash).toBe(-6 * 20_00 + refundedInKind * 10_00);
    // Every movement of the round's money: the purchases' and the settlement's keys on the fund sum to zero.
    const { rows } = await sql<{ total: string }>`
      select coalesce(sum(entry.amount), 0) as total
      from journal_entry entry
      join journal_transaction tx on tx.id = entry.transaction_id
      join ledger_account account on account.id = entry.account_id
      where account.code = ${FUND} and entry.asset = 'cash'
        and (tx.idempotency_key like ${`draw:${roundId}:%`}
          or tx.idempotency_key in (select 'lucky-refund:' || leg || ':' || member_id || ':' || request_key
            from lucky_refund_purchase, unnest(array['fund', 'price', 'coupon']) as leg
            where draw_id = ${roundId}))`.execute(ctx.db);
    expect(Number(rows[0]!.total)).toBe(0);

    // Paid once: another settlement (a job run twice) pays nothing.
    const ledgerRows = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from journal_transaction`.execute(ctx.db)).rows[0]!.n,
      );
    const before = await ledgerRows();
    await settleDraw({ db: ctx.db, country: KE }, (await findDraw(ctx.db, roundId))!);
    expect(await ledgerRows()).toBe(before);
    await expectLedgerInvariants(ctx.db);

    // The codes show what they got; the results are the member's to confirm (already credited).
    const codes = await get(LUCKY_REFUND_PATHS.personalCodes, `?refundId=${roundId}`, coinBuyer.token);
    for (const code of codes.data.codes) {
      expect(code.state).toBe(winners.includes(code.ticketNo) ? 'prize' : 'refund');
      expect(code.currency).toBe(winners.includes(code.ticketNo) ? 'cash' : 'coins');
    }
    const personal = await get(LUCKY_REFUND_PATHS.personalResults, '', cashBuyer.token);
    expect(personal.data.total).toBe(4);
    expect(personal.data.unredeemed).toBe(4);
    const first = personal.data.list[0];
    expect(first).toMatchObject({ refundId: roundId, credited: true, redeemed: false });
    const someoneElse = await callApi(ctx, LUCKY_REFUND_PATHS.redeem, {
      json: { resultId: first.resultId },
      token: coinBuyer.token,
    });
    expect(someoneElse.code).toBe(ERRORS.LUCKY_REFUND_RESULT_NOT_FOUND.code);
    const redeemed = await callApi(ctx, LUCKY_REFUND_PATHS.redeem, {
      json: { resultId: first.resultId },
      token: cashBuyer.token,
    });
    expect(redeemed.code, redeemed.msg).toBe(0);
    expect(redeemed.data).toMatchObject({ resultId: first.resultId, redeemed: true });
    const cashAfterRedeem = (await getBalances(ctx.db, cashBuyer.id)).cash;
    expect(cashAfterRedeem).toBe(after.cash.cash);
    expect((await get(LUCKY_REFUND_PATHS.personalResults, '', cashBuyer.token)).data.unredeemed).toBe(3);
  });

  it('answers the previous results of the next round the moment a round ends, before the engine closes it', async () => {
    const { roundId } = await openRound();
    const buyer = await newMember(ctx, { cash: 100_00 });
    expect((await buy(buyer.token, { refundId: roundId, quantity: 2 })).code).toBe(0);
    const ended = (await findDraw(ctx.db, roundId))!;
    const next = await ctx.db
      .insertInto('draw')
      .values({
        product: 'lucky-refund',
        ref: `round:test-next-${roundId}`,
        price: 20_00,
        sales_open_at: ended.salesCloseAt,
        sales_close_at: new Date(ended.salesCloseAt.getTime() + 30 * MINUTE),
        draw_at: new Date(ended.salesCloseAt.getTime() + 31 * MINUTE),
        beacon_round: roundAt(SIMULATOR_CHAIN, ended.salesCloseAt.getTime() + 31 * MINUTE),
        settings: JSON.stringify(ended.settings),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The engine has opened the ended round and not closed it yet.
    await sql`update draw set status = 'open' where id = ${roundId}`.execute(ctx.db);
    const previous = await get(LUCKY_REFUND_PATHS.prevResults, `?refundId=${next.id}`);
    expect(previous.code, previous.msg).toBe(0);
    expect(previous.data.refund).toMatchObject({ id: roundId, sold: 2 });
  });

  it('shares the jackpot among the Saturday raffle’s 3 drawn codes, from the jackpot account', async () => {
    const { roundId, raffleId } = await openRound();
    const players = [await newMember(ctx, { cash: 200_00 }), await newMember(ctx, { cash: 200_00 })];
    for (const player of players)
      expect((await buy(player.token, { refundId: roundId, quantity: 3 })).code).toBe(0);
    await drawNow(roundId);
    const jackpot = (await balanceOf(ROLLOVER)).cash;
    expect(jackpot).toBeGreaterThan(0);
    const special = await get(LUCKY_REFUND_PATHS.specialResults, `?refundId=${roundId}`);
    expect(special.data.raffle).toMatchObject({
      id: raffleId,
      status: ROUND_STATUS.open,
      entries: 6,
      winners: [],
    });
    expect(special.data.raffle.jackpot).toBeGreaterThanOrEqual(jackpot);

    const cashBefore = await Promise.all(
      players.map(async (player) => (await getBalances(ctx.db, player.id)).cash),
    );
    await drawNow(raffleId);
    // Three equal shares, rounded down: the rounding stays in the jackpot.
    const share = Math.floor(jackpot / 3);
    expect((await balanceOf(ROLLOVER)).cash).toBe(jackpot - 3 * share);
    const drawn = await get(LUCKY_REFUND_PATHS.specialResults, `?refundId=${roundId}`);
    expect(drawn.data.raffle).toMatchObject({ status: ROUND_STATUS.finished, jackpot: 3 * share });
    const raffle = (await findDraw(ctx.db, raffleId))!;
    const drawnTickets = drawWinningTickets(
      randomnessOf(raffle.beaconRound),
      raffleId,
      raffle.ticketRoot!,
      6,
      3,
    );
    expect(raffle.outcome).toEqual({ winners: drawnTickets });
    expect(drawn.data.raffle.winners.map((winner: { ticketNo: number }) => winner.ticketNo)).toEqual(
      [...drawnTickets].sort((a, b) => a - b),
    );
    for (const winner of drawn.data.raffle.winners) expect(winner.amount).toBe(share);
    const cashAfter = await Promise.all(
      players.map(async (player) => (await getBalances(ctx.db, player.id)).cash),
    );
    expect(cashAfter[0]! - cashBefore[0]! + cashAfter[1]! - cashBefore[1]!).toBe(3 * share);
    const list = await get(LUCKY_REFUND_PATHS.specialResultsV2);
    expect(list.data.raffles[0]).toMatchObject({ id: raffleId, jackpot: 3 * share });
    await expectLedgerInvariants(ctx.db);
  });
});

describe('races (on PostgreSQL with DATABASE_URL)', () => {
  it('sells no code after the close: each racing purchase is in the committed list or refused and unpaid', async () => {
    const { roundId } = await openRound();
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newMember(ctx, { cash: 500_00 })));
    const purchases = buyers.flatMap((buyer) =>
      Array.from({ length: 3 }, () => buy(buyer.token, { refundId: roundId, quantity: 2 })),
    );
    const closing = (async () => {
      await sql`update draw set sales_close_at = clock_timestamp() where id = ${roundId}`.execute(ctx.db);
      await advanceDraws(drawDeps());
    })();
    const answers = await Promise.all(purchases);
    await closing;
    await advanceDraws(drawDeps());
    const sold = answers.filter((answer) => answer.code === 0);
    for (const answer of answers) {
      if (answer.code !== 0) expect([ERRORS.DRAW_SALES_CLOSED.code]).toContain(answer.code);
    }
    const closed = (await findDraw(ctx.db, roundId))!;
    expect(['closed', 'drawn', 'settled']).toContain(closed.status);
    expect(closed.ticketCount).toBe(sold.length * 2);
    const entries = await ctx.db
      .selectFrom('draw_ticket')
      .select('entry')
      .where('draw_id', '=', roundId)
      .execute();
    expect(entries.map((row) => row.entry).sort()).toEqual(
      sold.flatMap((answer) => answer.data.codes).sort(),
    );
    const spent = await Promise.all(
      buyers.map(async (buyer) => 500_00 - (await getBalances(ctx.db, buyer.id)).cash),
    );
    const refunded = await ctx.db
      .selectFrom('lucky_refund_result')
      .select(['member_id', 'amount'])
      .where('draw_id', '=', roundId)
      .execute();
    const back = (id: number) =>
      refunded.filter((row) => row.member_id === id).reduce((sum, row) => sum + row.amount, 0);
    const paid = buyers.map((buyer, index) => spent[index]! + back(buyer.id));
    expect(paid.reduce((sum, each) => sum + each, 0)).toBe(sold.length * 40_00);
  });

  it('buys once for the same request sent twice at once, and settles a round once when two passes race', async () => {
    const { roundId } = await openRound();
    const buyer = await newMember(ctx, { cash: 500_00 });
    const key = requestId();
    const [first, second] = await Promise.all([
      buy(buyer.token, { refundId: roundId, quantity: 3, requestId: key }),
      buy(buyer.token, { refundId: roundId, quantity: 3, requestId: key }),
    ]);
    expect(first.code, first.msg).toBe(0);
    expect(second.code, second.msg).toBe(0);
    expect(second.data.codes).toEqual(first.data.codes);
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(440_00);

    await sql`update draw set sales_close_at = clock_timestamp(), draw_at = clock_timestamp() + interval '1 millisecond'
      where id = ${roundId}`.execute(ctx.db);
    await advanceDraws(
      drawDeps({
        products: [{ ...luckyRefundProduct({ db: ctx.db, country: KE }), settle: async () => {} }],
      }),
    );
    const drawn = (await findDraw(ctx.db, roundId))!;
    await Promise.all([
      settleDraw({ db: ctx.db, country: KE }, drawn),
      settleDraw({ db: ctx.db, country: KE }, drawn),
      settleDraw({ db: ctx.db, country: KE }, drawn),
    ]);
    const credits = await sql<{
      n: string;
    }>`select count(*) as n from journal_transaction where idempotency_key like ${`draw:${roundId}:pay:%`}`.execute(
      ctx.db,
    );
    expect(Number(credits.rows[0]!.n)).toBe(1);
    // 3 codes: every one wins (fewer than the winners): 60 − 6 house − 3 jackpot = 51, 17 each.
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(440_00 + 51_00);
    await expectLedgerInvariants(ctx.db);
  });
});
