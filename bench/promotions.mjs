// npm run bench:promotions — a cash-rain storm on PostgreSQL (issue 14 §7): 2,000 members claim their
// packet within one 15 s slot, beside the ledger's transfers/s (bench:wallet's measure) in the same run.
// Two shapes: claims spread over the 15 s (players finishing at different moments) and a burst (all at
// once, as if every player had started the rain at the same second). Checked after each: the budget never
// exceeded, no packet paid twice, nobody paid twice, the budget account equal to what the members got.
// Step (a) of issue 15 (after the storm, `BENCH_STEPS=cash-back` for it alone): the weekly cash-back job
// for 100,000 members (`BENCH_CASH_BACK_MEMBERS`) with a week of bets, run twice at once, ≤ 60 s, each
// member's cash back written exactly once; then 2,000 of them claim at once and are paid once.
// Step (b) of issue 15 (`mall`): a flash sale, 1,000 members buying an item with 100 in stock.
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
const wallet = await import('../apps/server/src/modules/platform/wallet/wallet.service.ts');
const { configureProgramme } = await import('../apps/server/src/modules/promotions/kit/programmes.ts');
const cashRain = await import('../apps/server/src/modules/promotions/cash-rain/cash-rain.service.ts');
const { COUNTRY_PROFILES } = await import('../packages/contracts/src/country.ts');
const mall = await import('../apps/server/src/modules/promotions/mall/mall.service.ts');
const mallAdmin = await import('../apps/server/src/modules/promotions/mall/mall-admin.service.ts');
const cashBack = await import('../apps/server/src/modules/promotions/cash-back/cash-back.service.ts');
const vip = await import('../apps/server/src/modules/promotions/vip/vip.service.ts');
const cashBackRules = await import('../apps/server/src/modules/promotions/cash-back/cash-back.rules.ts');
const { sql } = await import('kysely');
const STEPS = (process.env.BENCH_STEPS ?? 'cash-rain,cash-back,mall').split(',');
const CASH_BACK_MEMBERS = Number(process.env.BENCH_CASH_BACK_MEMBERS ?? 100_000);
const CASH_BACK_LIMIT_MS = 60_000;
const CASH_BACK_CLAIMS = 2000;

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
let handle;

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
  handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize });
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
  for (const [index, shape] of (STEPS.includes('cash-rain') ? ['spread', 'burst'] : []).entries()) {
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
  if (STEPS.includes('cash-back')) await benchCashBack(db);
  // The budget account paid exactly what the members received.
  const budget = (await db
    .selectFrom('ledger_account')
    .select(['cash', 'coins'])
    .where('code', '=', wallet.ACCOUNT.promotionBudget('cash-rain'))
    .executeTakeFirst()) ?? { cash: 0, coins: 0 };
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
  // Issue 15 (b): the mall's flash sale, in the same database, after the rain (`BENCH_STEPS=mall` alone).
  if (STEPS.includes('mall')) await mallFlashSale(db, members);
  await handle.close();
} catch (error) {
  // Said before the scratch database is dropped (its drop ends the pool's connections).
  console.error(error);
  failed = true;
  await handle?.close();
} finally {
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
if (failed) {
  console.error('bench:promotions: a limit or an invariant failed');
  process.exitCode = 1;
}

/**
 * Step (a): the weekly cash back. Setup (not timed as the job): CASH_BACK_MEMBERS members with an account,
 * a deposit and a week of play made by the wallet's own ledger functions (`ledger_credit`,
 * `ledger_debit`, the ones every game path calls, so the facts and the own-money entries are the real
 * ones), a few thousand members per statement; the consumer counts the week's facts (timed, reported).
 * Then the job is run twice at once with its clock past the week's end (timed: ≤ 60 s), and checked: one
 * run settled, one entitlement per member with a loss, the amounts the rule's. Then 2,000 members claim
 * at once, twice over: each paid once.
 */
async function benchCashBack(db) {
  const setupStarted = performance.now();
  const { rows: range } = await sql`
    with made as (
      insert into member (mobile, password_hash, guid, invite_code)
      select '08' || lpad(g::text, 8, '0'), 'x', 'cash-back-' || g, 'CB' || g
      from generate_series(1, ${CASH_BACK_MEMBERS}) as g
      returning id
    ) select min(id) as first, max(id) as last from made`.execute(db);
  const first = Number(range[0].first);
  const last = Number(range[0].last);
  await sql`
    insert into ledger_account (code, kind, member_id)
    select 'player:' || id, 'player', id from member where id between ${first} and ${last}`.execute(db);
  // Per member: a deposit of 1,000.00; 2 stakes of 50.00 to 250.00 (own money); a win on one of them
  // that leaves about a quarter of the members ahead (no cash back). Two lanes (the machine's 2 cores), one
  // for even and one for odd members: their house shards (id % 256) differ, so the lanes never deadlock.
  const STEP = 2500;
  const batches = [];
  for (let from = first; from <= last; from += STEP) batches.push([from, Math.min(last, from + STEP - 1)]);
  const playBatch = async ([from, to], lane) => {
    await sql`
      select ledger_credit('cb-deposit:' || id, 'bench', 'deposit', id, 'bench deposit', 'world',
        'player:' || id, 100000, 100000, 'deposit', null, 'cb-deposit:' || id)
      from member where id between ${from} and ${to} and id % 2 = ${lane}`.execute(db);
    await sql`
      select ledger_debit('cb-bet:' || id || ':' || n, 'bench', 'bet', id, 'bench bet', 'player:' || id,
        'house:' || (id % 256), 5000 + ((id * 7919 + n * 104729) % 20001), 'bet', null, 'cb-bet:' || id || ':' || n)
      from member, generate_series(1, 2) as n where id between ${from} and ${to} and id % 2 = ${lane}`.execute(
      db,
    );
    await sql`
      select ledger_credit('cb-win:' || id, 'bench', 'win', id, 'bench win', 'house:' || (id % 256),
        'player:' || id, 1000 + ((id * 31337) % 40000), 1000 + ((id * 31337) % 40000), 'win', null, 'cb-win:' || id)
      from member where id between ${from} and ${to} and id % 2 = ${lane}`.execute(db);
  };
  await Promise.all(
    [0, 1].map(async (lane) => {
      for (const batch of batches) await playBatch(batch, lane);
    }),
  );
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const country = kenya;
  const consumerStarted = performance.now();
  const facts = await cashBack.cashBackLosses(country).catchUp(db);
  const consumerSeconds = (performance.now() - consumerStarted) / 1000;

  const week = cashBackRules.weekOf(new Date(), country.timeZone);
  const after = new Date(cashBackRules.weekRange(week, country.timeZone).to.getTime() + 10 * 60_000);
  // Levels as app.ts wires them: the VIP module's batch lookup (one read for the week's members).
  const deps = {
    db,
    country,
    levelOf: async (database, memberId, at) =>
      (await vip.getMemberVipLevel(database, memberId, at, country)).level,
    levelsOf: (database, memberIds, at) => vip.getMemberVipLevels(database, memberIds, at, country),
    now: () => after,
  };
  const jobStarted = performance.now();
  const runs = await Promise.all([cashBack.settleWeek(deps, week), cashBack.settleWeek(deps, week)]);
  const jobMs = performance.now() - jobStarted;

  // The bench's members (the storm's reference bets lost a little too: their members are settled as well).
  const { rows: counted } = await sql`
    select count(*) as members, coalesce(sum(amount), 0) as total, count(distinct member_id) as distinct_members,
      count(*) filter (where amount <> least(cap, floor(loss * rate / 100))) as wrong
    from cash_back_entitlement where week = ${week} and member_id between ${first} and ${last}`.execute(db);
  const { rows: all } = await sql`
    select count(*) as members, coalesce(sum(amount), 0) as total from cash_back_entitlement
    where week = ${week}`.execute(db);
  // Every member of the bench whose loss earns at least a minor unit at level 1's rate.
  const rate = cashBack.CASH_BACK.defaults.settings.rates[0];
  const { rows: losers } = await sql`
    select count(*) as n from cash_back_loss
    where week = ${week} and member_id between ${first} and ${last}
      and floor((staked - won) * ${rate}::numeric / 100) > 0`.execute(db);
  const { rows: weekRow } = await sql`select members, total from cash_back_week where week = ${week}`.execute(
    db,
  );
  const settledOnce = runs.filter((run) => run.settled).length === 1;
  const exactlyOnce =
    Number(counted[0].members) === Number(counted[0].distinct_members) &&
    Number(counted[0].members) === Number(losers[0].n) &&
    Number(weekRow[0]?.members) === Number(all[0].members) &&
    Number(weekRow[0]?.total) === Number(all[0].total) &&
    Number(counted[0].wrong) === 0;
  console.log(
    `cash back (a): ${CASH_BACK_MEMBERS} members, ${facts} facts counted by the consumer in ${consumerSeconds.toFixed(1)} s (${(facts / consumerSeconds).toFixed(0)}/s; setup ${setupSeconds.toFixed(0)} s); the job twice at once: ${(jobMs / 1000).toFixed(1)} s (limit ${CASH_BACK_LIMIT_MS / 1000} s), ${runs.filter((run) => run.settled).length} run settled, ${counted[0].members} entitlements for ${losers[0].n} members with a loss, total ${counted[0].total}; ${settledOnce && exactlyOnce ? 'each exactly once, amounts as the rule' : 'NOT EXACTLY ONCE'}`,
  );
  if (!settledOnce || !exactlyOnce || jobMs > CASH_BACK_LIMIT_MS) failed = true;

  // Claims: 2,000 members with a cash back claim at once, in the window; then all of them again.
  const { rows: claimers } = await sql`
    select member_id, amount from cash_back_entitlement where week = ${week} order by member_id
    limit ${CASH_BACK_CLAIMS}`.execute(db);
  const inWindow = cashBackRules.claimWindow(
    week,
    country.timeZone,
    cashBack.CASH_BACK.defaults.settings,
  ).opensAt;
  const claimDeps = { ...deps, now: () => inWindow };
  const latencies = [];
  const claimStarted = performance.now();
  const results = await Promise.allSettled(
    claimers.map(async (row) => {
      const begun = performance.now();
      const paid = await cashBack.claim(claimDeps, Number(row.member_id), week);
      latencies.push(performance.now() - begun);
      return paid;
    }),
  );
  const claimSeconds = (performance.now() - claimStarted) / 1000;
  const again = await Promise.allSettled(
    claimers.map((row) => cashBack.claim(claimDeps, Number(row.member_id), week)),
  );
  latencies.sort((a, b) => a - b);
  const { rows: payouts } = await sql`
    select count(*) as n, coalesce(sum(e.amount), 0) as paid from journal_transaction t
    join journal_entry e on e.transaction_id = t.id and e.asset = 'cash' and e.amount > 0
    where t.idempotency_key like ${`promo:cash-back:${week}:%`}`.execute(db);
  const expected = claimers.reduce((sum, row) => sum + Number(row.amount), 0);
  const paidOnce =
    results.every((result) => result.status === 'fulfilled') &&
    again.every((result) => result.status === 'rejected' && result.reason?.key === 'CASH_BACK_CLAIMED') &&
    Number(payouts[0].n) === claimers.length &&
    Number(payouts[0].paid) === expected;
  console.log(
    `cash back claims: ${claimers.length} at once in ${claimSeconds.toFixed(1)} s (${(claimers.length / claimSeconds).toFixed(0)}/s), p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; the same again: ${again.filter((result) => result.status === 'rejected').length} refused as claimed; ${payouts[0].n} payouts of ${payouts[0].paid} (${paidOnce ? 'each paid once' : 'NOT PAID ONCE'})`,
  );
  if (!paidOnce) failed = true;
}
