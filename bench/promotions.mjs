// npm run bench:promotions — a cash-rain storm on PostgreSQL (issue 14 §7): 2,000 members claim their
// packet within one 15 s slot, beside the ledger's transfers/s (bench:wallet's measure) in the same run.
// Two shapes: claims spread over the 15 s (players finishing at different moments) and a burst (all at
// once, as if every player had started the rain at the same second). Checked after each: the budget never
// exceeded, no packet paid twice, nobody paid twice, the budget account equal to what the members got.
// Needs PostgreSQL (DATABASE_URL, default the machine's).
import os from 'node:os';
import pg from 'pg';
import { performance } from 'node:perf_hooks';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const SLOT_MS = 15_000;
const P99_LIMIT_MS = 200;
const database = `bench_promotions_${process.pid}`;

const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
const wallet = await import('../apps/server/src/modules/wallet/wallet.service.ts');
const { configureProgramme } = await import('../apps/server/src/modules/promotions/programmes.ts');
const cashRain = await import('../apps/server/src/modules/cash-rain/cash-rain.service.ts');
const { COUNTRY_PROFILES } = await import('../packages/contracts/src/country.ts');
const mall = await import('../apps/server/src/modules/mall/mall.service.ts');
const mallAdmin = await import('../apps/server/src/modules/mall/mall-admin.service.ts');

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${database}`);
const url = new URL(baseUrl);
url.pathname = `/${database}`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kenya = COUNTRY_PROFILES.KE;
const actor = { staffId: null, login: 'bench', requestId: null };
let failed = false;

// Issue 15 (b): a mall flash sale. MALL_BUYERS members each try to buy one of an item with MALL_STOCK in
// stock (limit one per member, KES 10, 5 diamonds) through the checkout's one transaction. Two shapes like
// the cash rain: taps spread over the first MALL_SPREAD_MS of the sale, and a burst (all at once). Checked
// after each: exactly MALL_STOCK sold, stock 0, every buyer charged exactly when they have an order.
const MALL_BUYERS = Number(process.env.BENCH_MALL_BUYERS ?? 1000);
const MALL_STOCK = 100;
const MALL_PRICE = 10_00;
const MALL_SPREAD_MS = 5_000;
async function mallFlashSale(db, members) {
  const buyers = members.slice(0, MALL_BUYERS);
  for (const id of buyers) {
    await wallet.creditMember(db, {
      memberId: id,
      from: 'world',
      key: `mall-seed:${id}`,
      kind: 'deposit',
      cash: 100_00,
      withdrawable: 100_00,
    });
  }
  const deps = { db, country: kenya, theme: 'winslots' };
  const rows = [];
  for (const shape of ['spread', 'burst']) {
    const goods = await mallAdmin.createGoods(db, actor, {
      slug: `bench-flash-${shape}`,
      type: 1,
      name: `Flash sale (${shape})`,
      description: '',
      image: '',
      translations: {},
      currency: 'cash',
      price: MALL_PRICE,
      originalPrice: 0,
      stock: MALL_STOCK,
      limit: 1,
      couponType: 1,
      deliverable: { kind: 'diamonds', amount: 5 },
      enabled: true,
      sort: 0,
    });
    const cashBefore = new Map(
      await Promise.all(buyers.map(async (id) => [id, (await wallet.getBalances(db, id)).cash])),
    );
    const latencies = [];
    const answers = new Map();
    const started = performance.now();
    await Promise.all(
      buyers.map(async (memberId, order) => {
        if (shape === 'spread') await sleep((order * MALL_SPREAD_MS) / buyers.length);
        const begun = performance.now();
        try {
          answers.set(
            memberId,
            await mall.checkout(
              deps,
              memberId,
              {
                requestId: `bench-${shape}-${memberId}`,
                goods: [{ id: goods.id, unitPrice: MALL_PRICE, count: 1, couponType: 1 }],
              },
              { platform: 3 },
            ),
          );
        } catch (error) {
          answers.set(memberId, error);
        }
        latencies.push(performance.now() - begun);
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const sold = [...answers.values()].filter((answer) => answer && typeof answer.id === 'number');
    const refusals = [...answers.values()].filter((answer) => !(answer && typeof answer.id === 'number'));
    const soldOut = refusals.filter((error) => error?.key === 'MALL_SOLD_OUT').length;
    const after = await db
      .selectFrom('mall_goods')
      .select(['stock', 'sold'])
      .where('id', '=', goods.id)
      .executeTakeFirstOrThrow();
    const orders = await db
      .selectFrom('mall_order_line')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('goods_id', '=', goods.id)
      .executeTakeFirstOrThrow();
    let chargedRight = true;
    for (const id of buyers) {
      const paid = cashBefore.get(id) - (await wallet.getBalances(db, id)).cash;
      const answer = answers.get(id);
      if (paid !== (answer && typeof answer.id === 'number' ? MALL_PRICE : 0)) chargedRight = false;
    }
    const exact =
      sold.length === MALL_STOCK &&
      Number(orders.n) === MALL_STOCK &&
      after.stock === 0 &&
      after.sold === MALL_STOCK;
    const p99 = percentile(latencies, 99);
    rows.push({ shape, p99 });
    console.log(
      `mall ${shape.padEnd(6)}: ${buyers.length} buyers of ${MALL_STOCK} in ${elapsed.toFixed(1)} s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (limit ${P99_LIMIT_MS}); ${sold.length} sold (${exact ? 'exactly the stock' : 'NOT THE STOCK'}), ${soldOut} sold out, ${refusals.length - soldOut} other refusals; ${chargedRight ? 'every buyer charged exactly when they have an order' : 'A BUYER CHARGED WRONGLY'}`,
    );
    if (!exact || !chargedRight || refusals.length !== soldOut) failed = true;
    if (shape === 'spread' && p99 > P99_LIMIT_MS) failed = true;
  }
  console.log(
    `mall machine: ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  return rows;
}

try {
  const poolSize = process.env.DATABASE_POOL_SIZE ? Number(process.env.DATABASE_POOL_SIZE) : undefined;
  const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize });
  const db = handle.db;
  await migrateToLatest(db);
  for (let first = 0; first < MEMBERS; first += 1000) {
    await db
      .insertInto('member')
      .values(
        Array.from({ length: Math.min(1000, MEMBERS - first) }, (_, offset) => ({
          mobile: `07${String(first + offset).padStart(8, '0')}`,
          password_hash: 'x',
          guid: `bench-${first + offset}`,
          invite_code: `BENCH${first + offset}`,
        })),
      )
      .execute();
  }
  const members = (await db.selectFrom('member').select('id').execute()).map((row) => row.id);
  for (const id of members) await wallet.openPlayerAccount(db, id);

  // The reference: ledger transfers/s at 8 clients for 5 s (bench:wallet's measure, same database).
  for (const id of members.slice(0, 500)) {
    await wallet.creditMember(db, {
      memberId: id,
      from: 'world',
      key: `seed:${id}`,
      kind: 'deposit',
      cash: 1e9,
      withdrawable: 1e9,
    });
  }
  let transfers = 0;
  const referenceDeadline = performance.now() + 5000;
  const referenceStarted = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async (_, lane) => {
      while (performance.now() < referenceDeadline) {
        transfers += 1;
        const memberId = members[(transfers * 7 + lane) % 500];
        await wallet.debitMemberCash(db, {
          memberId,
          to: wallet.ACCOUNT.houseFor(memberId),
          key: `ref:${lane}:${transfers}`,
          kind: 'bet',
          amount: 1,
          fact: { kind: 'bet', ref: `ref:${lane}:${transfers}` },
        });
      }
    }),
  );
  const referenceTps = transfers / ((performance.now() - referenceStarted) / 1000);

  const deps = { db, country: kenya };
  const rows = [];
  for (const [index, shape] of ['spread', 'burst'].entries()) {
    const slotId = index + 1;
    // 1,500 packets for 2,000 members: KES 10,000 in 1,000 cash packets, 300 coin, 200 "try again";
    // the last 500 claimers find none left.
    await configureProgramme(db, actor, cashRain.cashRainProgramme, kenya, {
      enabled: true,
      settings: {
        ...cashRain.cashRainProgramme.defaults.settings,
        depositFirst: false,
        slots: [
          {
            id: slotId,
            begin: '00:00',
            end: '24:00',
            budget: 1_000_000,
            cashPackets: 1000,
            minPacket: 100,
            tryAgainPackets: 200,
            coinPackets: 300,
            coinAmount: 50,
            diamondPackets: 0,
            diamondAmount: 0,
          },
        ],
      },
    });
    const openStarted = performance.now();
    await cashRain.openDueSlots(deps);
    const openMs = performance.now() - openStarted;
    const latencies = [];
    const gifts = [];
    const started = performance.now();
    await Promise.all(
      members.map(async (memberId, order) => {
        if (shape === 'spread') await sleep((order * SLOT_MS) / members.length);
        const begun = performance.now();
        gifts.push(await cashRain.claimGift(deps, memberId, { id: slotId, count: 7 }));
        latencies.push(performance.now() - begun);
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);

    const slot = await db
      .selectFrom('cash_rain_slot')
      .select(['id', 'budget'])
      .where('slot_id', '=', slotId)
      .executeTakeFirstOrThrow();
    const cashPaid = gifts
      .filter((gift) => gift.giftType === 1)
      .reduce((sum, gift) => sum + gift.giftAmount, 0);
    const packetsTwice = await db
      .selectFrom('cash_rain_claim')
      .select((eb) => eb.fn.count('packet_id').as('n'))
      .where('slot_id', '=', slot.id)
      .groupBy('packet_id')
      .having((eb) => eb.fn.count('packet_id'), '>', 1)
      .execute();
    const claims = await db
      .selectFrom('cash_rain_claim')
      .select('member_id')
      .where('slot_id', '=', slot.id)
      .execute();
    const payouts = await db
      .selectFrom('journal_transaction')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('idempotency_key', 'like', `promo:cash-rain:%:${slotId}:%`)
      .executeTakeFirstOrThrow();
    const budgetOk = cashPaid <= slot.budget;
    const nobodyTwice =
      claims.length === members.length &&
      new Set(claims.map((row) => row.member_id)).size === claims.length &&
      packetsTwice.length === 0;
    const p99 = percentile(latencies, 99);
    rows.push({ shape, p99 });
    console.log(
      `${shape.padEnd(6)}: ${members.length} claims in ${elapsed.toFixed(1)} s (${(members.length / elapsed).toFixed(0)}/s), p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (limit ${P99_LIMIT_MS}); packets made in ${openMs.toFixed(0)} ms; cash paid ${cashPaid} of budget ${slot.budget} (${budgetOk ? 'not exceeded' : 'EXCEEDED'}); ${gifts.filter((gift) => gift.giftType !== 0).length} packets won, ${gifts.filter((gift) => gift.giftType === 0).length} try again; ${nobodyTwice ? 'nobody paid twice, no packet twice' : 'PAID TWICE'}; ${payouts.n} payouts in the ledger`,
    );
    if (!budgetOk || !nobodyTwice) failed = true;
    if (shape === 'spread' && p99 > P99_LIMIT_MS) failed = true;
  }
  // The budget account paid exactly what the members received.
  const budget = await db
    .selectFrom('ledger_account')
    .select(['cash', 'coins'])
    .where('code', '=', wallet.ACCOUNT.promotionBudget('cash-rain'))
    .executeTakeFirstOrThrow();
  const sums = await db
    .selectFrom('ledger_account')
    .select((eb) => [eb.fn.sum('cash').as('cash'), eb.fn.sum('coins').as('coins')])
    .executeTakeFirstOrThrow();
  console.log(
    `reference: ledger ${referenceTps.toFixed(0)} transfers/s at 8 clients (bench:wallet's measure, this run); budget account cash ${budget.cash}, coins ${budget.coins}; conservation cash ${sums.cash}, coins ${sums.coins} (both must be 0)`,
  );
  console.log(
    `machine: ${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, ${members.length} members, pool ${poolSize ?? 'default (10)'}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  if (Number(sums.cash) !== 0 || Number(sums.coins) !== 0) failed = true;
  // Issue 15 (b): the mall's flash sale, in the same database, after the rain.
  await mallFlashSale(db, members);
  await handle.close();
} finally {
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
if (failed) {
  console.error('bench:promotions: a limit or an invariant failed');
  process.exitCode = 1;
}
