import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { CASH_DRAW_PATHS, DRAW_PATHS } from '@app/contracts/paths';
import { splitCashDraw } from '@app/fair/cash-draw';
import { drawWinningTickets } from '@app/fair/draw';
import { merkleRoot } from '@app/fair/ticket-list';
import { callApi } from '../../../../test/api-client.ts';
import { newMember } from '../../../../test/factory.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { AppError } from '../../../http/app-error.ts';
import { closeDraw, findDraw, type DrawDeps, type DrawRecord } from '../draws/draws.service.ts';
import { ACCOUNT, getAccountBalances, getBalances } from '../../platform/wallet/wallet.service.ts';
import { cashDrawProduct, getCashDrawCurrent } from './cash-draw.service.ts';
import { CASH_DRAW } from './lottery.programme.ts';
import { cashDrawTermsOf } from './lottery.rules.ts';
import { openTestDraw, closeDrawNow, settleClosedDraw, testDrawDeps } from '../../../../test/draws.ts';

/**
 * The cash draw with player seeds through the app: an entry's seed validated by the shared schema and
 * committed in the list as `CODE:seed`, the winners drawn from the beacon's randomness over that list (so
 * the seeds are in them), each rank paid its share once, the rollover carried, Brazil off.
 */
const ctx = useTestApp();
const KE = COUNTRY_PROFILES.KE;
const SETTINGS = CASH_DRAW.defaults.settings;
const PRICE = SETTINGS.price;

const drawDeps = (): DrawDeps => testDrawDeps(ctx, KE, cashDrawProduct(KE));

let refs = 0;
const openDraw = () =>
  openTestDraw(ctx, {
    product: 'cash-draw',
    ref: `cash:test-${(refs += 1)}`,
    price: PRICE,
    settings: cashDrawTermsOf(SETTINGS),
  });

async function closeAndSettle(drawId: number): Promise<DrawRecord> {
  await closeDrawNow(ctx, drawId);
  return settleClosedDraw(ctx, drawDeps(), drawId);
}

const enter = (token: string, body: Record<string, unknown>) =>
  callApi(ctx, CASH_DRAW_PATHS.enter, { method: 'POST', json: body, token });

describe('entering the cash draw', () => {
  it('commits the player’s seed in the list as CODE:seed, and an entry without one as CODE:', async () => {
    const draw = await openDraw();
    const member = await newMember(ctx, { cash: 100_000 });
    const seeded = await enter(member.token, { drawId: draw.id, seed: 'Lucky7' });
    expect(seeded.code, seeded.msg).toBe(0);
    expect(seeded.data).toMatchObject({ drawId: draw.id, ticketNo: 1, seed: 'Lucky7', paid: PRICE });
    expect(seeded.data.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(seeded.data.entry).toBe(`${seeded.data.code}:Lucky7`);
    const plain = await enter(member.token, { drawId: draw.id, seed: '' });
    expect(plain.code).toBe(0);
    expect(plain.data.entry).toBe(`${plain.data.code}:`);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 100_000 - 2 * PRICE });

    await sql`update draw set sales_close_at = clock_timestamp() where id = ${draw.id}`.execute(ctx.db);
    await closeDraw(ctx.db, draw.id);
    const list = await callApi(
      ctx,
      `${DRAW_PATHS.tickets.replace(':id', String(draw.id))}?after=0&limit=10`,
      {
        method: 'GET',
      },
    );
    expect(list.data.lines).toEqual([`1|${seeded.data.entry}`, `2|${plain.data.entry}`]);
    expect((await findDraw(ctx.db, draw.id))!.ticketRoot).toBe(merkleRoot(list.data.lines));

    const mine = await callApi(ctx, CASH_DRAW_PATHS.myEntries, { method: 'GET', token: member.token });
    expect(mine.data.list.map((entry: { seed: string | null }) => entry.seed)).toEqual([null, 'Lucky7']);
  });

  it('refuses a seed that is not 5 to 10 letters and digits with the clear message, and charges nothing', async () => {
    const draw = await openDraw();
    const member = await newMember(ctx, { cash: 100_000 });
    for (const seed of ['abcd', 'abcdefghijk', 'abc de', 'ab-cd', 'abcdé', 'ab:cde', 12345, '１２３４５']) {
      const answer = await enter(member.token, { drawId: draw.id, seed });
      expect(answer.status, String(seed)).toBe(400);
      expect(answer.code).toBe(ERRORS.BAD_REQUEST.code);
      if (typeof seed === 'string') expect(answer.msg).toContain('5 to 10 letters and digits');
    }
    expect((await enter(member.token, { drawId: 'nope' })).code).toBe(ERRORS.BAD_REQUEST.code);
    expect(
      (await callApi(ctx, CASH_DRAW_PATHS.enter, { method: 'POST', json: { drawId: draw.id } })).code,
    ).toBe(ERRORS.UNAUTHORIZED.code);
    expect(await getBalances(ctx.db, member.id)).toMatchObject({ cash: 100_000 });
    expect((await findDraw(ctx.db, draw.id))!.ticketCount).toBe(0);
  });

  it('keeps to the entries one member may hold in a draw', async () => {
    const draw = await openDraw();
    const member = await newMember(ctx, { cash: 100_000 });
    for (let entry = 0; entry < SETTINGS.maxEntriesPerDraw; entry += 1) {
      expect((await enter(member.token, { drawId: draw.id })).code).toBe(0);
    }
    expect((await enter(member.token, { drawId: draw.id })).code).toBe(ERRORS.LOTTERY_TICKET_LIMIT.code);
  });
});

describe('the cash draw’s winners', () => {
  it('are the first tickets the beacon draws over the committed list, each rank paid its share once', async () => {
    const draw = await openDraw();
    const players = await Promise.all(Array.from({ length: 4 }, () => newMember(ctx, { cash: 100_000 })));
    for (const [index, player] of players.entries()) {
      for (let entry = 0; entry < 3; entry += 1) {
        expect((await enter(player.token, { drawId: draw.id, seed: `seed${index}x${entry}` })).code).toBe(0);
      }
    }
    const reserve = (await getAccountBalances(ctx.db, ACCOUNT.drawRollover('cash-draw'))).cash;
    const before = await Promise.all(players.map((player) => getBalances(ctx.db, player.id)));
    const settled = await closeAndSettle(draw.id);
    expect(settled.randomness).not.toBeNull();

    // The verifier's recomputation: the first five tickets of the beacon's stream over the root.
    const expected = drawWinningTickets(settled.randomness!, draw.id, settled.ticketRoot!, 12, 5);
    const result = await callApi(ctx, `${CASH_DRAW_PATHS.results}?drawId=${draw.id}`, { method: 'GET' });
    expect(result.code).toBe(0);
    expect(result.data.draw.winners).toEqual(expected);
    // The public record carries them as the verifier reads a raffle's outcome.
    const record = await callApi(ctx, DRAW_PATHS.draw.replace(':id', String(draw.id)), { method: 'GET' });
    expect(record.data.outcome).toEqual({ winners: expected });
    const split = splitCashDraw({
      sales: 12 * PRICE,
      reserve,
      rules: cashDrawTermsOf(SETTINGS).rules,
      winners: 5,
    });
    expect(result.data.winners.map((winner: { prize: number }) => winner.prize)).toEqual(split.prizes);
    expect(result.data.winners[0].entry).toMatch(/^[A-Z0-9]{8}:seed\dx\d$/);
    expect(result.data.money).toMatchObject({
      sales: 12 * PRICE,
      houseShare: split.houseShare,
      paid: split.paid,
    });

    const owners = await ctx.db
      .selectFrom('draw_ticket')
      .select(['ticket_no', 'member_id'])
      .where('draw_id', '=', draw.id)
      .execute();
    const ownerOf = new Map(owners.map((row) => [row.ticket_no, Number(row.member_id)]));
    for (const [index, player] of players.entries()) {
      const won = expected.reduce(
        (sum, ticketNo, rank) => sum + (ownerOf.get(ticketNo) === player.id ? split.prizes[rank]! : 0),
        0,
      );
      expect((await getBalances(ctx.db, player.id)).cash).toBe(before[index]!.cash + won);
    }
    const mine = await callApi(ctx, CASH_DRAW_PATHS.myEntries, { method: 'GET', token: players[0]!.token });
    for (const entry of mine.data.list) {
      const rank = expected.indexOf(entry.ticketNo);
      expect(entry.rank).toBe(rank < 0 ? null : rank + 1);
      expect(entry.prize).toBe(rank < 0 ? 0 : split.prizes[rank]);
    }
    await expectLedgerInvariants(ctx.db);
  });

  it('carries the prizes nobody holds to the rollover, which the next draw’s pool takes', async () => {
    const lonely = await openDraw();
    const member = await newMember(ctx, { cash: 100_000 });
    expect((await enter(member.token, { drawId: lonely.id, seed: 'alone1' })).code).toBe(0);
    const before = (await getBalances(ctx.db, member.id)).cash;
    const reserve = (await getAccountBalances(ctx.db, ACCOUNT.drawRollover('cash-draw'))).cash;
    await closeAndSettle(lonely.id);
    const split = splitCashDraw({
      sales: PRICE,
      reserve,
      rules: cashDrawTermsOf(SETTINGS).rules,
      winners: 1,
    });
    expect((await getBalances(ctx.db, member.id)).cash).toBe(before + split.prizes[0]!);
    const carried = (await getAccountBalances(ctx.db, ACCOUNT.drawRollover('cash-draw'))).cash;
    expect(carried).toBe(split.rolloverOut);
    expect(carried).toBeGreaterThan(0);

    const next = await openDraw();
    const current = await callApi(ctx, CASH_DRAW_PATHS.current, { method: 'GET' });
    expect(current.code).toBe(0);
    expect(current.data.current).toMatchObject({ onSale: true, pool: carried, shares: SETTINGS.shares });
    expect((await enter(member.token, { drawId: next.id })).code).toBe(0);
    await closeAndSettle(next.id);
    const result = await callApi(ctx, `${CASH_DRAW_PATHS.results}?drawId=${next.id}`, { method: 'GET' });
    expect(result.data.money.rolloverIn).toBe(carried);
  });

  it('is not available in Brazil', async () => {
    await expect(getCashDrawCurrent({ db: ctx.db, country: COUNTRY_PROFILES.BR })).rejects.toSatisfy(
      (error) => error instanceof AppError && error.key === 'ACTIVITY_INVALID',
    );
  });
});
