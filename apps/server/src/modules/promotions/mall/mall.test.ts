import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import type { CouponInput, GoodsCreate } from '@app/contracts/mall';
import { ADMIN_PATHS, API_BASE, MALL_PATHS } from '@app/contracts/paths';
import { callApi, type Answer } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { useStaffSessions } from '../../../../test/back-office.ts';
import { configureProgramme, newMember, transactionsOf } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { listGrants } from '../../platform/wallet/bonus-pocket.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { listGoods } from './mall.service.ts';

/**
 * The mall (issue 15 §4) through the app: goods and coupons set up by an operator through the audited
 * API, bought by members through the checkout; what must happen once is raced with parallel requests
 * (on PostgreSQL in CI's PG pass: PGlite runs one statement at a time).
 */
const ctx = useTestApp();
const [admin] = useStaffSessions(ctx, 'admin');
let slugs = 0;

async function operator(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers = admin.headers,
) {
  const response = await ctx.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  const json = response.json();
  return { status: response.statusCode, code: json.code as number, msg: json.msg as string, data: json.data };
}

async function goods(input: Partial<GoodsCreate> = {}) {
  const created = await operator('POST', MALL_PATHS.adminGoods, {
    slug: `test-goods-${(slugs += 1)}`,
    type: 4,
    name: 'Diamond pack',
    currency: 'coins',
    price: 5_00,
    stock: null,
    deliverable: { kind: 'diamonds', amount: 10 },
    ...input,
  });
  expect(created.code, JSON.stringify(created)).toBe(0);
  return created.data as { id: number; price: number; couponType: number };
}

async function coupon(input: Partial<CouponInput> = {}) {
  const created = await operator('POST', MALL_PATHS.adminCoupons, {
    slug: `test-coupon-${(slugs += 1)}`,
    name: 'KES 5 off',
    currency: 'cash',
    discountKind: 'amount',
    discount: 5_00,
    validFrom: new Date(Date.now() - 86_400_000).toISOString(),
    validTo: new Date(Date.now() + 86_400_000).toISOString(),
    ...input,
  });
  expect(created.code, JSON.stringify(created)).toBe(0);
  return created.data as { id: number };
}

const line = (item: { id: number; price: number; couponType: number }, count = 1) => ({
  id: item.id,
  unitPrice: item.price,
  count,
  couponType: item.couponType,
});

let requests = 0;
const requestId = () => `req-${process.pid}-${(requests += 1)}`;

function checkout(
  token: string,
  body: { goods: unknown[]; couponId?: number; requestId?: string },
  headers: Record<string, string> = {},
): Promise<Answer> {
  return callApi(ctx, MALL_PATHS.checkout, {
    json: { requestId: body.requestId ?? requestId(), ...body },
    token,
    headers,
  });
}

async function grantCoupon(couponId: number, mobile: string) {
  const granted = await operator('POST', MALL_PATHS.adminCouponGrant.replace(':id', String(couponId)), {
    mobile,
  });
  expect(granted.code, JSON.stringify(granted)).toBe(0);
}

async function myCoupons(token: string) {
  return (await callApi(ctx, MALL_PATHS.coupons, { method: 'GET', token })).data as {
    mine: { id: number; couponId: number; status: string }[];
    claimable: { couponId: number; left: number; taken: boolean }[];
  };
}

describe('goods', () => {
  it('shows visitors the goods on sale by type, in their language; a switched-off item is not on sale', async () => {
    const item = await goods({ type: 2, translations: { fr: { name: 'Pack de diamants' } } });
    const hidden = await goods({ type: 2, enabled: false });
    const list = await callApi(ctx, MALL_PATHS.goods, {
      method: 'GET',
      query: '?type=2',
      headers: { 'accept-language': 'fr' },
    });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.enable).toBe(true);
    const ids = list.data.goods.map((each: { id: number }) => each.id);
    expect(ids).toContain(item.id);
    expect(ids).not.toContain(hidden.id);
    expect(list.data.goods.find((each: { id: number }) => each.id === item.id)).toMatchObject({
      name: 'Pack de diamants',
      type: 2,
      bought: 0,
      deliverable: { kind: 'diamonds', amount: 10 },
    });
    const detail = await callApi(ctx, MALL_PATHS.goodsItem.replace(':id', String(item.id)), {
      method: 'GET',
    });
    expect(detail.data).toMatchObject({ id: item.id, name: 'Diamond pack' });
    const absent = await callApi(ctx, MALL_PATHS.goodsItem.replace(':id', String(hidden.id)), {
      method: 'GET',
    });
    expect(absent.code).toBe(ERRORS.MALL_GOODS_NOT_FOUND.code);
    expect((await callApi(ctx, MALL_PATHS.goods, { method: 'GET', query: '?type=9' })).code).toBe(1000);
  });

  it('does not sell bonus cash where nothing may be conditioned on a deposit (Brazil)', async () => {
    const bonus = await goods({
      type: 1,
      currency: 'coins',
      deliverable: { kind: 'bonus', amount: 10_00, wageringMultiple: 5, expiryDays: 7, maxConversion: 10_00 },
    });
    const deps = { db: ctx.db, theme: 'winslots' };
    const kenya = await listGoods({ ...deps, country: COUNTRY_PROFILES.KE }, { type: 1, language: 'en' });
    const brazil = await listGoods({ ...deps, country: COUNTRY_PROFILES.BR }, { type: 1, language: 'en' });
    expect(kenya.goods.map((each) => each.id)).toContain(bonus.id);
    expect(brazil.goods.map((each) => each.id)).not.toContain(bonus.id);
  });
});

describe('checkout', () => {
  it('charges the server price once per request id and delivers what the item says', async () => {
    const buyer = await newMember(ctx, { coins: 20_00 });
    const item = await goods({ stock: 5, limit: 3 });
    const id = requestId();
    const bought = await checkout(buyer.token, { goods: [line(item, 2)], requestId: id });
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data).toMatchObject({
      status: 'completed',
      coins: 10_00,
      cash: 0,
      bonusMoney: 10_00,
      diamond: 20,
      lines: [{ goodsId: item.id, count: 2, unitPrice: 5_00, currency: 'coins' }],
    });
    // The same request again (a double tap, a retry) is the same order: nothing charged twice.
    const again = await checkout(buyer.token, { goods: [line(item, 2)], requestId: id });
    expect(again.data.id).toBe(bought.data.id);
    expect(await getBalances(ctx.db, buyer.id)).toMatchObject({ coins: 10_00, diamonds: 20 });
    const conflicting = await checkout(buyer.token, { goods: [line(item, 1)], requestId: id });
    expect(conflicting.code).toBe(ERRORS.IDEMPOTENCY_CONFLICT.code);

    const detail = await callApi(ctx, MALL_PATHS.goodsItem.replace(':id', String(item.id)), {
      method: 'GET',
      token: buyer.token,
    });
    expect(detail.data).toMatchObject({ stock: 3, sold: 2, bought: 2, limit: 3 });
    // The limit of 3 per member: one more is fine, two more are not.
    expect((await checkout(buyer.token, { goods: [line(item, 2)] })).code).toBe(
      ERRORS.MALL_LIMIT_REACHED.code,
    );

    const orders = await callApi(ctx, MALL_PATHS.orders, { method: 'GET', token: buyer.token });
    expect(orders.data).toMatchObject({ total: 1, list: [{ id: bought.data.id }] });
    const other = await newMember(ctx);
    const theirs = await callApi(ctx, MALL_PATHS.order.replace(':id', String(bought.data.id)), {
      method: 'GET',
      token: other.token,
    });
    expect(theirs.code).toBe(ERRORS.MALL_ORDER_NOT_FOUND.code);
    await expectLedgerInvariants(ctx.db);
  });

  it('refuses a stale cart (price or coupon type changed) and charges nothing', async () => {
    const buyer = await newMember(ctx, { coins: 100_00 });
    const item = await goods({ stock: 5 });
    const stale = await checkout(buyer.token, { goods: [{ ...line(item), unitPrice: 1 }] });
    expect(stale.code).toBe(ERRORS.MALL_PRICE_CHANGED.code);
    const couponType = await checkout(buyer.token, { goods: [{ ...line(item), couponType: 0 }] });
    expect(couponType.code).toBe(ERRORS.MALL_PRICE_CHANGED.code);
    const unknown = await checkout(buyer.token, { goods: [{ ...line(item), id: 999_999 }] });
    expect(unknown.code).toBe(ERRORS.MALL_GOODS_NOT_FOUND.code);
    expect((await getBalances(ctx.db, buyer.id)).coins).toBe(100_00);
  });

  it('takes nothing when the funds are short: no order, stock and coupon left as they were', async () => {
    const buyer = await newMember(ctx, { cash: 3_00 });
    const item = await goods({
      currency: 'cash',
      price: 10_00,
      stock: 4,
      deliverable: { kind: 'coins', amount: 10_00 },
    });
    const held = await coupon({ discount: 2_00 });
    await grantCoupon(held.id, buyer.mobile);
    const [mine] = (await myCoupons(buyer.token)).mine;
    const refused = await checkout(buyer.token, { goods: [line(item)], couponId: mine!.id });
    expect(refused.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    const after = await callApi(ctx, MALL_PATHS.goodsItem.replace(':id', String(item.id)), { method: 'GET' });
    expect(after.data).toMatchObject({ stock: 4, sold: 0 });
    expect((await myCoupons(buyer.token)).mine[0]).toMatchObject({ status: 'available' });
    expect((await callApi(ctx, MALL_PATHS.orders, { method: 'GET', token: buyer.token })).data.total).toBe(0);
    expect(await getBalances(ctx.db, buyer.id)).toMatchObject({ cash: 3_00, coins: 0 });
  });

  it('spends real money first when paying in cash, and delivers in the same journal transaction', async () => {
    // KES 20 of bonus cash on top of KES 10 of withdrawable money.
    const buyer = await newMember(ctx, { cash: 10_00, bonus: 20_00 });
    const item = await goods({
      currency: 'cash',
      price: 15_00,
      deliverable: { kind: 'diamonds', amount: 7 },
    });
    const bought = await checkout(buyer.token, { goods: [line(item)] });
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data).toMatchObject({ money: 15_00, withdrawMoney: 0, diamond: 7 });
    const history = await transactionsOf(ctx, buyer.id, 'purchase');
    expect(history).toHaveLength(1);
    await expectLedgerInvariants(ctx.db);
  });

  it('grants bonus cash with the item’s terms', async () => {
    const buyer = await newMember(ctx, { coins: 10_00 });
    const item = await goods({
      type: 1,
      deliverable: { kind: 'bonus', amount: 50_00, wageringMultiple: 5, expiryDays: 7, maxConversion: 20_00 },
    });
    const bought = await checkout(buyer.token, { goods: [line(item)] });
    expect(bought.code, bought.msg).toBe(0);
    expect(bought.data.money).toBe(50_00);
    const grants = await ctx.db.transaction().execute((trx) => listGrants(trx, buyer.id));
    expect(grants).toMatchObject([
      { source: 'mall', amount: 50_00, wageringRequired: 250_00, status: 'active' },
    ]);
    // Bonus cash is not withdrawable.
    expect((await getBalances(ctx.db, buyer.id)).withdrawable).toBe(0);
  });

  it('refuses a self-excluded member and charges nothing', async () => {
    const buyer = await newMember(ctx, { coins: 10_00 });
    const item = await goods();
    await ctx.db.updateTable('member').set({ status: 'excluded' }).where('id', '=', buyer.id).execute();
    const answer = await checkout(buyer.token, { goods: [line(item)] });
    expect(answer.code).not.toBe(0);
    expect((await getBalances(ctx.db, buyer.id)).coins).toBe(10_00);
  });

  it('refuses hostile carts with a catalogue code, never a 500', async () => {
    const buyer = await newMember(ctx);
    const item = await goods();
    for (const body of [
      { goods: [] },
      { goods: [line(item), line(item)] },
      { goods: [{ ...line(item), count: 0 }] },
      { goods: [{ ...line(item), count: 1000 }] },
      { goods: 'not json' },
    ]) {
      const answer = await checkout(buyer.token, body as { goods: unknown[] });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.code).toBe(1000);
    }
    // Form-encoded, as the app sends it: the lines as JSON text.
    const form = await callApi(ctx, MALL_PATHS.checkout, {
      form: { requestId: requestId(), goods: JSON.stringify([{ ...line(item), unitPrice: 1 }]) },
      token: buyer.token,
    });
    expect(form.code).toBe(ERRORS.MALL_PRICE_CHANGED.code);
    const visitor = await callApi(ctx, MALL_PATHS.checkout, {
      json: { requestId: requestId(), goods: [line(item)] },
    });
    expect(visitor.status).toBe(401);
  });
});

describe('coupons', () => {
  it('discounts a matching cart once; refuses another platform or theme (4002), a coupon out of its dates (4003), and another’s coupon', async () => {
    const buyer = await newMember(ctx, { cash: 100_00 });
    const item = await goods({
      type: 3,
      currency: 'cash',
      price: 20_00,
      deliverable: { kind: 'coins', amount: 20_00 },
    });
    const plain = await coupon({ goodsTypes: [3] });
    const otherTheme = await coupon({ themes: ['luckywin'] });
    const appOnly = await coupon({ platforms: [1] });
    const later = await coupon({
      validFrom: new Date(Date.now() + 86_400_000).toISOString(),
      validTo: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const wrongGoods = await coupon({ goodsTypes: [4] });
    for (const each of [plain, otherTheme, appOnly, later, wrongGoods])
      await grantCoupon(each.id, buyer.mobile);
    const mine = new Map((await myCoupons(buyer.token)).mine.map((held) => [held.couponId, held.id]));

    const tryWith = (couponId: number) => checkout(buyer.token, { goods: [line(item)], couponId });
    expect((await tryWith(mine.get(otherTheme.id)!)).code).toBe(ERRORS.COUPON_MISMATCH.code);
    expect((await tryWith(mine.get(appOnly.id)!)).code).toBe(ERRORS.COUPON_MISMATCH.code);
    expect((await tryWith(mine.get(wrongGoods.id)!)).code).toBe(ERRORS.COUPON_MISMATCH.code);
    expect((await tryWith(mine.get(later.id)!)).code).toBe(ERRORS.NOT_TIME_TO_USE.code);
    expect((await tryWith(mine.get(later.id)!)).msg).toBe("It's not time to use");
    // The app's own platform header: a coupon for platform 1 matches a caller on platform 1.
    const onApp = await checkout(
      buyer.token,
      { goods: [line(item)], couponId: mine.get(appOnly.id)! },
      { platform: '1' },
    );
    expect(onApp.code, onApp.msg).toBe(0);
    expect(onApp.data).toMatchObject({ cash: 15_00, discount: 5_00, discountCurrency: 'cash' });

    const used = await tryWith(mine.get(plain.id)!);
    expect(used.code, used.msg).toBe(0);
    expect(used.data).toMatchObject({ cash: 15_00, discount: 5_00, money: 100_00 - 30_00 });
    expect((await tryWith(mine.get(plain.id)!)).code).toBe(ERRORS.MALL_COUPON_UNAVAILABLE.code);
    const statuses = new Map((await myCoupons(buyer.token)).mine.map((held) => [held.couponId, held.status]));
    expect(statuses.get(plain.id)).toBe('used');

    const other = await newMember(ctx, { cash: 100_00 });
    const stolen = await checkout(other.token, { goods: [line(item)], couponId: mine.get(later.id)! });
    expect(stolen.code).toBe(ERRORS.MALL_COUPON_UNAVAILABLE.code);
    expect((await getBalances(ctx.db, other.id)).cash).toBe(100_00);
  });

  it('gives each member one claimable code while codes are left, under parallel claims', async () => {
    const claimable = await coupon({ claimable: true });
    const issued = await operator('POST', MALL_PATHS.adminCouponIssue.replace(':id', String(claimable.id)), {
      count: 5,
    });
    expect(issued.data).toMatchObject({ issued: 5, held: 0 });
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember(ctx)));
    const claim = (token: string) =>
      callApi(ctx, MALL_PATHS.claimCoupon, { json: { couponId: claimable.id }, token });
    // One member tapping six times gets one.
    const same = await Promise.all(Array.from({ length: 6 }, () => claim(members[0]!.token)));
    expect(same.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(
      same.filter((answer) => answer.code !== 0).every((a) => a.code === ERRORS.MALL_COUPON_TAKEN.code),
    ).toBe(true);
    const answers = await Promise.all(members.slice(1).map((each) => claim(each.token)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(4);
    expect(
      answers.filter((answer) => answer.code !== 0).every((a) => a.code === ERRORS.MALL_COUPONS_GONE.code),
    ).toBe(true);
    const codes = new Set(
      [...same, ...answers].filter((answer) => answer.code === 0).map((answer) => answer.data.code as string),
    );
    expect(codes.size).toBe(5);
    expect(
      (await myCoupons(members[0]!.token)).claimable.find((each) => each.couponId === claimable.id),
    ).toMatchObject({
      left: 0,
      taken: true,
    });
  });
});

describe('races', () => {
  it('a flash sale: 60 parallel buyers of 10 in stock buy exactly 10; nobody is charged without an order', async () => {
    const item = await goods({
      type: 1,
      currency: 'cash',
      price: 10_00,
      stock: 10,
      limit: 1,
      deliverable: { kind: 'diamonds', amount: 5 },
    });
    const buyers = await Promise.all(Array.from({ length: 60 }, () => newMember(ctx, { cash: 50_00 })));
    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer.token, { goods: [line(item)] })));
    const sold = answers.filter((answer) => answer.code === 0);
    expect(sold).toHaveLength(10);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === ERRORS.MALL_SOLD_OUT.code)).toBe(true);
    const detail = await callApi(ctx, MALL_PATHS.goodsItem.replace(':id', String(item.id)), {
      method: 'GET',
    });
    expect(detail.data).toMatchObject({ stock: 0, sold: 10 });
    for (const [index, buyer] of buyers.entries()) {
      const balances = await getBalances(ctx.db, buyer.id);
      const hasOrder = answers[index]!.code === 0;
      expect(balances.cash).toBe(hasOrder ? 40_00 : 50_00);
      expect(balances.diamonds).toBe(hasOrder ? 5 : 0);
    }
    await expectLedgerInvariants(ctx.db);
  });

  it('holds the per-member limit and a coupon’s single use under one member’s parallel checkouts', async () => {
    const buyer = await newMember(ctx, { cash: 1_000_00 });
    const item = await goods({
      currency: 'cash',
      price: 10_00,
      limit: 2,
      deliverable: { kind: 'coins', amount: 1_00 },
    });
    const limited = await Promise.all(
      Array.from({ length: 12 }, () => checkout(buyer.token, { goods: [line(item)] })),
    );
    expect(limited.filter((answer) => answer.code === 0)).toHaveLength(2);
    expect(limited.filter((a) => a.code !== 0).every((a) => a.code === ERRORS.MALL_LIMIT_REACHED.code)).toBe(
      true,
    );
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(1_000_00 - 20_00);

    const open = await goods({
      currency: 'cash',
      price: 10_00,
      deliverable: { kind: 'coins', amount: 1_00 },
    });
    const once = await coupon({ discount: 3_00 });
    await grantCoupon(once.id, buyer.mobile);
    const held = (await myCoupons(buyer.token)).mine.find((each) => each.couponId === once.id)!;
    const withCoupon = await Promise.all(
      Array.from({ length: 10 }, () => checkout(buyer.token, { goods: [line(open)], couponId: held.id })),
    );
    expect(withCoupon.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(
      withCoupon.filter((a) => a.code !== 0).every((a) => a.code === ERRORS.MALL_COUPON_UNAVAILABLE.code),
    ).toBe(true);
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(1_000_00 - 20_00 - 7_00);

    // The same request id sent ten times at once: one order, charged once.
    const id = requestId();
    const replays = await Promise.all(
      Array.from({ length: 10 }, () => checkout(buyer.token, { goods: [line(open)], requestId: id })),
    );
    expect(replays.every((answer) => answer.code === 0)).toBe(true);
    expect(new Set(replays.map((answer) => answer.data.id)).size).toBe(1);
    expect((await getBalances(ctx.db, buyer.id)).cash).toBe(1_000_00 - 20_00 - 7_00 - 10_00);
    await expectLedgerInvariants(ctx.db);
  });
});

describe('operators', () => {
  it('fulfil an item’s order once, with a note the player reads; every write is audited', async () => {
    const buyer = await newMember(ctx, { diamonds: 100 });
    const item = await goods({ type: 2, currency: 'diamonds', price: 40, deliverable: { kind: 'item' } });
    const bought = await checkout(buyer.token, { goods: [line(item)] });
    expect(bought.data).toMatchObject({ status: 'pending', diamonds: 40, diamond: 60 });
    const pending = await operator('GET', `${MALL_PATHS.adminOrders}?status=pending`);
    expect(pending.data.list.map((order: { id: number }) => order.id)).toContain(bought.data.id);
    const fulfil = (headers = admin.headers) =>
      operator(
        'POST',
        MALL_PATHS.adminOrderFulfil.replace(':id', String(bought.data.id)),
        { note: 'Voucher AB12-CD34' },
        headers,
      );
    const viewer = await staffSession(ctx, ['viewer']);
    expect((await fulfil(viewer.headers)).status).toBe(403);
    expect((await fulfil()).data).toMatchObject({ status: 'fulfilled', note: 'Voucher AB12-CD34' });
    expect((await fulfil()).code).toBe(ERRORS.MALL_ORDER_NOT_PENDING.code);
    const seen = await callApi(ctx, MALL_PATHS.order.replace(':id', String(bought.data.id)), {
      method: 'GET',
      token: buyer.token,
    });
    expect(seen.data).toMatchObject({ status: 'fulfilled', note: 'Voucher AB12-CD34' });

    // The mall's cost is its budget account: the cost report shows what it took and gave, per asset.
    // Market days around today's (whatever the market's offset from UTC), so every movement is counted.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await operator('GET', `${ADMIN_PATHS.promotionCosts}?from=${day(-1)}&to=${day(1)}`);
    const budget = await ctx.db
      .selectFrom('ledger_account')
      .select(['cash', 'diamonds'])
      .where('code', '=', 'promo:mall:budget')
      .executeTakeFirstOrThrow();
    const rows = (report.data as { programme: string; cash: number; diamonds: number }[]).filter(
      (row) => row.programme === 'mall',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.reduce((sum, row) => sum + row.diamonds, 0)).toBe(0 - Number(budget.diamonds));
    expect(rows.reduce((sum, row) => sum + row.cash, 0)).toBe(0 - Number(budget.cash));

    const stock = await operator('POST', MALL_PATHS.adminGoodsStock.replace(':id', String(item.id)), {
      add: 7,
    });
    expect(stock.data.stock).toBe(7);
    expect(
      (await operator('POST', MALL_PATHS.adminGoodsStock.replace(':id', String(item.id)), { add: -8 })).code,
    ).toBe(ERRORS.MALL_SOLD_OUT.code);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'mall-%')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['mall-goods.create', 'mall-order.fulfil', 'mall-goods.stock']),
    );
    expect((await operator('GET', MALL_PATHS.adminGoods, undefined, {} as never)).status).toBe(401);
    const duplicate = await operator('POST', MALL_PATHS.adminGoods, {
      slug: 'test-goods-1',
      type: 1,
      name: 'x',
      currency: 'cash',
      price: 1,
      stock: null,
      deliverable: { kind: 'item' },
    });
    expect(duplicate.code).toBe(ERRORS.MALL_EXISTS.code);
  });

  it('cancel an order of items they cannot send: everything it took comes back, once', async () => {
    const buyer = await newMember(ctx, { cash: 50_00 });
    const item = await goods({
      type: 3,
      currency: 'cash',
      price: 30_00,
      stock: 2,
      limit: 1,
      deliverable: { kind: 'item' },
    });
    const held = await coupon({ discount: 4_00 });
    await grantCoupon(held.id, buyer.mobile);
    const couponId = (await myCoupons(buyer.token)).mine.find((each) => each.couponId === held.id)!.id;
    const bought = await checkout(buyer.token, { goods: [line(item)], couponId });
    expect(bought.data).toMatchObject({ status: 'pending', cash: 26_00, money: 24_00, withdrawMoney: 24_00 });
    const path = MALL_PATHS.adminOrderCancel.replace(':id', String(bought.data.id));
    const cancelled = await operator('POST', path, { note: 'Out of sizes, sorry' });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', note: 'Out of sizes, sorry' });
    expect((await operator('POST', path, { note: 'again' })).code).toBe(ERRORS.MALL_ORDER_NOT_PENDING.code);
    // The cash as it was, withdrawable part included; the stock, the limit and the coupon as they were.
    expect(await getBalances(ctx.db, buyer.id)).toMatchObject({ cash: 50_00, withdrawable: 50_00 });
    const detail = await callApi(ctx, MALL_PATHS.goodsItem.replace(':id', String(item.id)), {
      method: 'GET',
      token: buyer.token,
    });
    expect(detail.data).toMatchObject({ stock: 2, sold: 0, bought: 0 });
    expect((await myCoupons(buyer.token)).mine.find((each) => each.id === couponId)).toMatchObject({
      status: 'available',
    });
    const seen = await callApi(ctx, MALL_PATHS.order.replace(':id', String(bought.data.id)), {
      method: 'GET',
      token: buyer.token,
    });
    expect(seen.data).toMatchObject({ status: 'cancelled', note: 'Out of sizes, sorry' });
    // Bought again, with the same coupon.
    expect((await checkout(buyer.token, { goods: [line(item)], couponId })).code).toBe(0);

    // An order whose other goods were delivered is not cancelled (nothing changes).
    const diamonds = await goods({
      currency: 'cash',
      price: 1_00,
      deliverable: { kind: 'diamonds', amount: 1 },
    });
    const other = await newMember(ctx, { cash: 50_00 });
    const mixed = await checkout(other.token, { goods: [line(item), line(diamonds)] });
    expect(mixed.data.status).toBe('pending');
    const refused = await operator(
      'POST',
      MALL_PATHS.adminOrderCancel.replace(':id', String(mixed.data.id)),
      {
        note: 'no',
      },
    );
    expect(refused.code).toBe(ERRORS.MALL_ORDER_MIXED.code);
    expect((await getBalances(ctx.db, other.id)).cash).toBe(50_00 - 31_00);
    await expectLedgerInvariants(ctx.db);
  });

  it('switch the mall off (nothing sold, 4001) and write the line its home shows', async () => {
    const buyer = await newMember(ctx, { coins: 10_00 });
    const item = await goods();
    await configureProgramme(ctx, 'mall', { notice: 'New goods every Friday' });
    expect((await callApi(ctx, MALL_PATHS.goods, { method: 'GET' })).data).toMatchObject({
      enable: true,
      notice: 'New goods every Friday',
    });
    await configureProgramme(ctx, 'mall', { notice: '' }, { enabled: false });
    expect((await callApi(ctx, MALL_PATHS.goods, { method: 'GET' })).data.enable).toBe(false);
    expect((await checkout(buyer.token, { goods: [line(item)] })).code).toBe(ERRORS.ACTIVITY_INVALID.code);
    expect((await getBalances(ctx.db, buyer.id)).coins).toBe(10_00);
    await configureProgramme(ctx, 'mall', { notice: '' });
  });
});
