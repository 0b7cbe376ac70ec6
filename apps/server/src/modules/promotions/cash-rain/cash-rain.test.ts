import { siteDayOf } from '@app/contracts/market-calendar';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CashRainSlotSettings } from '@app/contracts/cash-rain';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { CASH_RAIN_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { countRows, configureProgramme, newMember, payDeposit } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import type { AppError } from '../../../http/app-error.ts';
import { getBalances, openPlayerAccount } from '../../platform/wallet/wallet.service.ts';
import { cashRainClientSeed, splitCashRain } from '@app/fair/cash-rain';
import { hashServerSeed } from '@app/fair/stream';
import { PROCESS_CLOCK } from '../../../db/clock.ts';
import {
  claimGift,
  getConfig,
  getMemberRecords,
  getSlotFairness,
  openDueSlots,
  type CashRainDeps,
} from './cash-rain.service.ts';

/**
 * Cash rain (issue 14 §7, docs/promotions.md "Cash rain"): a slot's budget split into packets once, one
 * packet per member and slot taken in one statement, paid from the programme's budget; the deposit gate
 * where the market allows it; exactly once under parallel claims (run on PostgreSQL in CI's PG pass).
 */
const ctx = useTestApp();
let deps: CashRainDeps;
let quickMembers = 90_000_000;
const kenya = COUNTRY_PROFILES.KE;

const allDay = (overrides: Partial<CashRainSlotSettings> = {}): CashRainSlotSettings => ({
  id: 1,
  begin: '00:00',
  end: '24:00',
  budget: 10_000,
  cashPackets: 10,
  minPacket: 100,
  tryAgainPackets: 0,
  coinPackets: 0,
  coinAmount: 0,
  diamondPackets: 0,
  diamondAmount: 0,
  ...overrides,
});

/** A claim of a packet of slot `id` (the tap count is what the player's screen reports). */
const claimPacket = (token: string | undefined, id: number, count: number) =>
  callApi(ctx, CASH_RAIN_PATHS.gifts, { json: { id, count }, token });
/** Whether the member has joined slot `id`'s rain. */
const drawStatusOf = (token: string, id: number) =>
  callApi(ctx, CASH_RAIN_PATHS.drawStatus, { method: 'GET', query: `?id=${id}`, token });

/** A member made straight in the tables (the races need hundreds; registration is not under test). */
async function quickMember(): Promise<number> {
  const row = await ctx.db
    .insertInto('member')
    .values({
      mobile: `07${String(++quickMembers).padStart(8, '0')}`,
      password_hash: 'x',
      nick_name: '',
      guid: randomUUID(),
      invite_code: randomUUID().slice(0, 8),
      invited_by: null,
      guid_code: null,
    })
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new Error('mobile taken');
  await openPlayerAccount(ctx.db, row.id);
  return row.id;
}

beforeAll(async () => {
  deps = { db: ctx.db, country: kenya, clock: PROCESS_CLOCK };
});

describe('the cash rain routes', () => {
  it('show today’s slots to a visitor, open, upcoming and finished by the clock', async () => {
    const answer = await callApi(ctx, CASH_RAIN_PATHS.config, { method: 'GET' });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ enable: true, title: 'Cash Rain', memberStatus: 0 });
    expect(answer.data.durations).toHaveLength(4);
    expect(answer.data.durations.filter((slot: { status: number }) => slot.status === 1)).toHaveLength(1);
    const noon = new Date('2026-11-26T12:30:00+03:00');
    const config = await getConfig(deps, undefined, noon);
    expect(config.durations.map((slot) => slot.status)).toEqual([-1, -1, 1, 0]);
  });

  it('open and close the slots by the fleet’s one clock, not this process’s', async () => {
    const at = (instant: string): CashRainDeps => ({
      ...deps,
      clock: { now: () => Date.parse(instant), offsetMs: () => 0, stop: () => undefined },
    });
    const morning = await getConfig(at('2026-11-26T07:30:00+03:00'), undefined);
    const evening = await getConfig(at('2026-11-26T19:30:00+03:00'), undefined);
    expect(morning.durations.map((slot) => slot.status)).toEqual([-1, 1, 0, 0]);
    expect(evening.durations.map((slot) => slot.status)).toEqual([-1, -1, -1, 1]);
  });

  it('ask a member who never deposited to deposit first, and refuse the claim', async () => {
    await configureProgramme(ctx, 'cash-rain', { depositFirst: true, slots: [allDay()] });
    const player = await newMember(ctx);
    const config = await callApi(ctx, CASH_RAIN_PATHS.config, { method: 'GET', token: player.token });
    expect(config.data.memberStatus).toBe(1);
    const claim = await claimPacket(player.token, 1, 5);
    expect(claim.code).toBe(ERRORS.CASH_RAIN_DEPOSIT_FIRST.code);
    await payDeposit(ctx, player.id, 10_000);
    const after = await callApi(ctx, CASH_RAIN_PATHS.config, { method: 'GET', token: player.token });
    expect(after.data.memberStatus).toBe(0);
  });

  it('pay one packet once: the gift, the balance, draw-status, and a second claim refused', async () => {
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: false,
      slots: [allDay({ budget: 5_000, cashPackets: 5, minPacket: 1_000 })],
    });
    const player = await newMember(ctx);
    const before = await drawStatusOf(player.token, 1);
    expect(before.data).toBe(false);
    const claim = await claimPacket(player.token, 1, 12);
    expect(claim.code, claim.msg).toBe(0);
    expect(claim.data).toMatchObject({ giftType: 1, giftAmount: 1_000, duration: 1 });
    const balances = await getBalances(ctx.db, player.id);
    expect(balances).toMatchObject({ cash: 1_000, withdrawable: 1_000 });
    const status = await drawStatusOf(player.token, 1);
    expect(status.data).toBe(true);
    const again = await claimPacket(player.token, 1, 99);
    expect(again.code).toBe(ERRORS.CASH_RAIN_ALREADY_JOINED.code);
    expect((await getBalances(ctx.db, player.id)).cash).toBe(1_000);
  });

  it('refuse a slot that is not open, and need a login to claim', async () => {
    const player = await newMember(ctx);
    const closed = await claimPacket(player.token, 7, 1);
    expect(closed.code).toBe(ERRORS.CASH_RAIN_NOT_OPEN.code);
    const visitor = await claimPacket(undefined, 1, 1);
    expect(visitor.status).toBe(401);
  });

  it('follow the operator’s packet mix: coins, then nothing left is try again', async () => {
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: false,
      slots: [allDay({ id: 2, budget: 0, cashPackets: 0, coinPackets: 1, coinAmount: 70 })],
    });
    const first = await newMember(ctx);
    const second = await newMember(ctx);
    const gift = await claimPacket(first.token, 2, 3);
    expect(gift.data).toMatchObject({ giftType: 3, giftAmount: 70 });
    expect((await getBalances(ctx.db, first.id)).coins).toBe(70);
    const none = await claimPacket(second.token, 2, 3);
    expect(none.data).toMatchObject({ giftType: 0, giftAmount: 0 });
  });

  it('pay nothing to a self-excluded member, and leave the packet for others', async () => {
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: false,
      slots: [allDay({ id: 3, budget: 500, cashPackets: 1, minPacket: 500 })],
    });
    const player = await newMember(ctx);
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: player.token,
    });
    expect(excluded.code).toBe(0);
    const refusal = await claimGift(deps, player.id, { id: 3, count: 4 }).catch((error: unknown) => error);
    expect((refusal as AppError).code).toBe(ERRORS.PROMOTION_MEMBER_BLOCKED.code);
    expect((await getBalances(ctx.db, player.id)).cash).toBe(0);
    const other = await newMember(ctx);
    const gift = await claimPacket(other.token, 3, 1);
    expect(gift.data).toMatchObject({ giftType: 1, giftAmount: 500 });
  });

  it('make the slot’s packets once, whether by the job or by the first claim', async () => {
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: false,
      slots: [allDay({ id: 4, budget: 1_000, cashPackets: 4, minPacket: 100, tryAgainPackets: 3 })],
    });
    await Promise.all([openDueSlots(deps), openDueSlots(deps), openDueSlots(deps)]);
    const slots = await ctx.db.selectFrom('cash_rain_slot').selectAll().where('slot_id', '=', 4).execute();
    expect(slots).toHaveLength(1);
    const packets = await ctx.db
      .selectFrom('cash_rain_packet')
      .selectAll()
      .where('slot_id', '=', slots[0]!.id)
      .execute();
    expect(packets).toHaveLength(7);
    expect(packets.reduce((sum, packet) => sum + packet.amount, 0)).toBe(1_000);
  });
});

describe('verifying a slot', () => {
  it('publishes the seed hash before and while the slot runs, and reveals the seed only once it ended', async () => {
    // Slot 11 at 23:00 on 2026-01-10: the job makes the day's slots at 08:00, before it opens.
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: false,
      slots: [
        allDay({ id: 11, begin: '23:00', end: '24:00', budget: 3_000, cashPackets: 6, minPacket: 200 }),
      ],
    });
    const morning = new Date('2026-01-10T08:00:00+03:00');
    await openDueSlots(deps, morning);
    const config = await getConfig(deps, undefined, morning);
    const upcoming = config.durations.find((slot) => slot.id === 11);
    expect(upcoming).toMatchObject({ status: 0, seedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const query = { date: '2026-01-10', id: 11 };
    const before = await getSlotFairness(deps, query, morning);
    expect(before).toMatchObject({
      serverSeedHash: upcoming!.seedHash,
      serverSeed: null,
      clientSeed: 'cash-rain:2026-01-10:11',
      nonce: 0,
      split: { budget: 3_000, cashPackets: 6, minPacket: 200, tryAgainPackets: 0 },
      packets: 6,
    });
    // Still hidden a millisecond before the end; revealed at the end.
    expect((await getSlotFairness(deps, query, new Date(before.end - 1))).serverSeed).toBeNull();
    const after = await getSlotFairness(deps, query, new Date(before.end));
    expect(hashServerSeed(after.serverSeed!)).toBe(before.serverSeedHash);
  });

  it('lets a player recompute the slot’s packets from the revealed seed and find theirs by position', async () => {
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: false,
      slots: [
        allDay({ id: 12, budget: 7_000, cashPackets: 5, minPacket: 500, coinPackets: 2, coinAmount: 30 }),
      ],
    });
    const player = await newMember(ctx);
    const date = siteDayOf(new Date(), kenya);
    // Today's slot through the API: its hash is public, its seed hidden while it runs.
    const open = await callApi(ctx, CASH_RAIN_PATHS.slot, { method: 'GET', query: `?date=${date}&id=12` });
    expect(open.code, open.msg).toBe(0);
    expect(open.data).toMatchObject({ serverSeed: null, split: { budget: 7_000 }, packets: 7 });
    const config = await callApi(ctx, CASH_RAIN_PATHS.config, { method: 'GET' });
    expect(config.data.durations.find((slot: { id: number }) => slot.id === 12).seedHash).toBe(
      open.data.serverSeedHash,
    );

    const claim = await claimPacket(player.token, 12, 4);
    expect(claim.code, claim.msg).toBe(0);
    expect(claim.data.position).toEqual(expect.any(Number));
    const records = await callApi(ctx, CASH_RAIN_PATHS.records, { method: 'GET', token: player.token });
    expect(records.data).toEqual([{ ...claim.data, slot: open.data }]);
    expect((await callApi(ctx, CASH_RAIN_PATHS.records, { method: 'GET' })).status).toBe(401);

    // Once the slot has ended, the member's record reveals the seed: it matches the hash and makes the
    // stored packets, amounts and order, and the member's packet is the one at their position.
    const [record] = await getMemberRecords(deps, player.id, new Date(open.data.end));
    const { serverSeed, clientSeed, nonce, split } = record!.slot;
    expect(hashServerSeed(serverSeed!)).toBe(open.data.serverSeedHash);
    expect(clientSeed).toBe(cashRainClientSeed(date, 12));
    const recomputed = splitCashRain(split!, { serverSeed: serverSeed!, clientSeed, nonce });
    const stored = await ctx.db
      .selectFrom('cash_rain_packet')
      .innerJoin('cash_rain_slot', 'cash_rain_slot.id', 'cash_rain_packet.slot_id')
      .select(['cash_rain_packet.position', 'cash_rain_packet.gift_type', 'cash_rain_packet.amount'])
      .where('cash_rain_slot.site_day', '=', date)
      .where('cash_rain_slot.slot_id', '=', 12)
      .orderBy('cash_rain_packet.position')
      .execute();
    expect(recomputed).toEqual(
      stored.map((row) => ({ position: row.position, giftType: row.gift_type, amount: row.amount })),
    );
    expect(recomputed[record!.position!]).toMatchObject({
      giftType: claim.data.giftType,
      amount: claim.data.giftAmount,
    });
  });

  it('answers a slot that never took place as not found, and checks the query', async () => {
    const unknown = await callApi(ctx, CASH_RAIN_PATHS.slot, {
      method: 'GET',
      query: '?date=2001-01-01&id=1',
    });
    expect(unknown).toMatchObject({ status: 404, code: ERRORS.CASH_RAIN_SLOT_NOT_FOUND.code });
    const bad = await callApi(ctx, CASH_RAIN_PATHS.slot, { method: 'GET', query: '?date=tomorrow&id=1' });
    expect(bad.status).toBe(400);
  });
});

describe('exactly once under parallel claims', () => {
  it('one member’s 20 parallel claims take one packet', async () => {
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: false,
      slots: [allDay({ id: 5, budget: 2_000, cashPackets: 20, minPacket: 100 })],
    });
    const memberId = await quickMember();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => claimGift(deps, memberId, { id: 5, count: 3 })),
    );
    const paid = results.filter((result) => result.status === 'fulfilled');
    expect(paid).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected')
        expect((result.reason as AppError).key).toBe('CASH_RAIN_ALREADY_JOINED');
    }
    expect(await countRows(ctx, 'cash_rain_packet', { member_id: memberId })).toBe(1);
  });

  it('300 members racing for 100 packets: exactly 100 paid, the budget exact', async () => {
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: false,
      slots: [allDay({ id: 6, budget: 30_000, cashPackets: 100, minPacket: 100 })],
    });
    const ids: number[] = [];
    for (let index = 0; index < 300; index += 1) ids.push(await quickMember());
    const gifts = await Promise.all(ids.map((memberId) => claimGift(deps, memberId, { id: 6, count: 1 })));
    const winners = gifts.filter((gift) => gift.giftType === 1);
    expect(winners).toHaveLength(100);
    expect(winners.reduce((sum, gift) => sum + gift.giftAmount, 0)).toBe(30_000);
    const balances = await Promise.all(ids.map((memberId) => getBalances(ctx.db, memberId)));
    expect(balances.reduce((sum, balance) => sum + balance.cash, 0)).toBe(30_000);
    expect(balances.filter((balance) => balance.cash > 0)).toHaveLength(100);
  });
});

describe('in Brazil', () => {
  it('has no deposit gate: a member who never deposited plays', async () => {
    const brazil: CashRainDeps = { ...deps, country: COUNTRY_PROFILES.BR };
    await configureProgramme(ctx, 'cash-rain', {
      depositFirst: true,
      slots: [allDay({ id: 8, budget: 100, cashPackets: 1, minPacket: 100 })],
    });
    const memberId = await quickMember();
    const config = await getConfig(brazil, memberId);
    expect(config.memberStatus).toBe(0);
    expect(await getConfig(deps, memberId)).toMatchObject({ memberStatus: 1 });
    const gift = await claimGift(brazil, memberId, { id: 8, count: 2 });
    expect(gift).toMatchObject({ giftType: 1, giftAmount: 100 });
  });
});
