import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { DRAW_PATHS } from '@app/contracts/paths';
import { SIMULATOR_CHAIN, beaconRandomness, roundAt, roundTime, verifyBeacon } from '@app/fair/beacon';
import { merkleRoot, verifyMerkleProof } from '@app/fair/ticket-list';
import { createBeaconSimulator } from '@app/simulators/beacon/beacon-simulator';
import { callApi } from '../../../../test/api-client.ts';
import { newMember } from '../../../../test/factory.ts';
import { createBeaconClient } from '../../../adapters/beacon/beacon-client.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  addTickets,
  advanceDraws,
  closeDraw,
  findDraw,
  lockDrawForSale,
  scheduleDraws,
  type DrawDeps,
  type DrawProductDefinition,
  type DrawRecord,
} from './draws.service.ts';
import { ticketLinesOf, openTestDraw } from '../../../../test/draws.ts';

/**
 * The draw engine (issue 16, docs/draws.md) with a product of the test's own: draws made ahead once with
 * their beacon round, sales refused before the open and after the close by the database clock (racing
 * purchases on PostgreSQL: none committed after the list is read), the committed root and proofs equal to
 * what the verifier computes, a missing or forged beacon delaying the draw, the outcome from the beacon and
 * the settlement done once.
 */
const ctx = useTestApp();
const KE = COUNTRY_PROFILES.KE;
const MINUTE = 60_000;
let settledCalls: number[] = [];

/** The test's product: a draw whose outcome is the randomness's first 8 characters. */
const testProduct: DrawProductDefinition = {
  code: 'cash-draw',
  plan: async (_db, window) => [
    {
      ref: `test:${Math.floor(window.from.getTime() / 3_600_000)}`,
      price: 100,
      salesOpenAt: new Date(window.from.getTime() - MINUTE),
      salesCloseAt: new Date(window.from.getTime() + 10 * MINUTE),
      drawAt: new Date(window.from.getTime() + 11 * MINUTE),
    },
  ],
  outcome: (draw) => ({ pick: draw.randomness.slice(0, 8), tickets: draw.ticketCount }),
  settle: async (_db, draw) => {
    settledCalls.push(draw.id);
  },
};

function deps(overrides: Partial<DrawDeps> = {}): DrawDeps {
  return {
    db: ctx.db,
    country: KE,
    products: [testProduct],
    // The draws outside the beacon tests never reach their draw time: no beacon is asked.
    beacon: createBeaconClient({ url: 'http://127.0.0.1:9/beacon', chain: SIMULATOR_CHAIN }),
    ...overrides,
  };
}

/** A draw of the test product open now, closing far ahead (a test closes it by moving its close to now). */
const openDraw = (ref: string) => openTestDraw(ctx, { product: 'cash-draw', ref, price: 100, settings: {} });

async function buy(drawId: number, memberId: number, entries: string[]): Promise<number[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const draw = await lockDrawForSale(trx, drawId, 'cash-draw');
    return addTickets(trx, draw, { memberId, pay: 'cash', entries });
  });
}

/** The close moved to now (as its time coming would), and, when asked, the draw time too. */
async function closeNow(drawId: number, alsoDrawTime = false): Promise<void> {
  await sql`update draw set sales_close_at = clock_timestamp() where id = ${drawId}`.execute(ctx.db);
  if (alsoDrawTime) {
    await sql`update draw set draw_at = clock_timestamp() + interval '1 millisecond' where id = ${drawId}`.execute(
      ctx.db,
    );
  }
}

async function errorKeyOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
}

describe('scheduling', () => {
  it('makes a product’s planned draws once, each with the beacon round of its draw time, after its close', async () => {
    const made = await scheduleDraws(deps());
    expect(made).toBe(1);
    expect(await scheduleDraws(deps())).toBe(0);
    const rows = await ctx.db.selectFrom('draw').selectAll().where('ref', 'like', 'test:%').execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.beacon_round).toBe(roundAt(SIMULATOR_CHAIN, row!.draw_at.getTime()));
    expect(roundTime(SIMULATOR_CHAIN, row!.beacon_round)).toBeGreaterThan(row!.sales_close_at.getTime());
  });

  it('makes no draw of a product the market’s law turns off (Brazil)', async () => {
    const made = await scheduleDraws(
      deps({ country: COUNTRY_PROFILES.BR, now: () => new Date(Date.now() + 7_200_000) }),
    );
    expect(made).toBe(0);
  });
});

describe('sales', () => {
  it('numbers tickets in purchase order and refuses a sale before the open, after the close and for another product', async () => {
    const draw = await openDraw('sales-1');
    const member = (await newMember(ctx)).id;
    expect(await buy(draw.id, member, ['A:', 'B:seed1'])).toEqual([1, 2]);
    expect(await buy(draw.id, member, ['C:'])).toEqual([3]);

    const wrongProduct = ctx.db.transaction().execute((trx) => lockDrawForSale(trx, draw.id, 'lottery'));
    expect(await errorKeyOf(wrongProduct)).toBe('DRAW_NOT_FOUND');

    await sql`update draw set sales_open_at = clock_timestamp() + interval '5 minutes' where id = ${draw.id}`.execute(
      ctx.db,
    );
    expect(await errorKeyOf(buy(draw.id, member, ['D:']))).toBe('DRAW_NOT_OPEN');
    await sql`update draw set sales_open_at = clock_timestamp() - interval '1 hour' where id = ${draw.id}`.execute(
      ctx.db,
    );

    await closeNow(draw.id);
    expect(await errorKeyOf(buy(draw.id, member, ['E:']))).toBe('DRAW_SALES_CLOSED');
    expect(await closeDraw(ctx.db, draw.id)).toBe(true);
    expect(await errorKeyOf(buy(draw.id, member, ['F:']))).toBe('DRAW_SALES_CLOSED');
    const stored = await ctx.db
      .selectFrom('draw_ticket')
      .select('entry')
      .where('draw_id', '=', draw.id)
      .execute();
    expect(stored.map((row) => row.entry).sort()).toEqual(['A:', 'B:seed1', 'C:']);
  });

  it('commits no ticket after the list is read: racing purchases at the close are either in the root or refused', async () => {
    const draw = await openDraw('race-1');
    const buyers = await Promise.all(Array.from({ length: 6 }, async () => (await newMember(ctx)).id));
    const purchases = buyers.flatMap((member, index) =>
      Array.from({ length: 4 }, (_, round) => buy(draw.id, member, [`R${index}-${round}:`])),
    );
    const closing = (async () => {
      await closeNow(draw.id);
      return closeDraw(ctx.db, draw.id);
    })();
    const settled = await Promise.allSettled([...purchases, closing]);
    const sold = settled.slice(0, -1).filter((result) => result.status === 'fulfilled').length;
    for (const result of settled.slice(0, -1)) {
      if (result.status === 'rejected') expect((result.reason as AppError).key).toBe('DRAW_SALES_CLOSED');
    }
    const closed = (await findDraw(ctx.db, draw.id))!;
    expect(closed.status).toBe('closed');
    const lines = await ticketLinesOf(ctx, draw.id);
    expect(lines).toHaveLength(sold);
    expect(closed.ticketCount).toBe(sold);
    expect(closed.ticketRoot).toBe(merkleRoot(lines));
  });
});

describe('the committed list', () => {
  it('publishes the root, every ticket’s proof and the list, as the verifier recomputes them', async () => {
    const draw = await openDraw('list-1');
    const member = (await newMember(ctx)).id;
    await buy(
      draw.id,
      member,
      Array.from({ length: 11 }, (_, index) => `T${index}:`),
    );
    const before = await callApi(ctx, DRAW_PATHS.proof.replace(':id', String(draw.id)) + '?ticketNo=1', {
      method: 'GET',
    });
    expect(before.code).toBe(ERRORS.DRAW_NOT_CLOSED.code);
    await closeNow(draw.id);
    await closeDraw(ctx.db, draw.id);
    const record = await callApi(ctx, DRAW_PATHS.draw.replace(':id', String(draw.id)), { method: 'GET' });
    expect(record.code).toBe(0);
    const root = record.data.ticketRoot as string;
    for (let ticketNo = 1; ticketNo <= 11; ticketNo += 1) {
      const proof = await callApi(
        ctx,
        `${DRAW_PATHS.proof.replace(':id', String(draw.id))}?ticketNo=${ticketNo}`,
        { method: 'GET' },
      );
      expect(proof.code).toBe(0);
      expect(proof.data.line).toBe(`${ticketNo}|T${ticketNo - 1}:`);
      expect(verifyMerkleProof(root, proof.data.line, ticketNo - 1, 11, proof.data.path)).toBe(true);
    }
    const missing = await callApi(ctx, `${DRAW_PATHS.proof.replace(':id', String(draw.id))}?ticketNo=12`, {
      method: 'GET',
    });
    expect(missing.code).toBe(ERRORS.DRAW_TICKET_NOT_FOUND.code);
    const page = await callApi(ctx, `${DRAW_PATHS.tickets.replace(':id', String(draw.id))}?after=0&limit=5`, {
      method: 'GET',
    });
    expect(page.data).toEqual({ lines: ['1|T0:', '2|T1:', '3|T2:', '4|T3:', '5|T4:'], next: 5 });
    expect(merkleRoot(Array.from({ length: 11 }, (_, index) => `${index + 1}|T${index}:`))).toBe(root);
    const unknown = await callApi(ctx, DRAW_PATHS.draw.replace(':id', '99999999'), { method: 'GET' });
    expect(unknown.code).toBe(ERRORS.DRAW_NOT_FOUND.code);
    const hostile = await callApi(ctx, DRAW_PATHS.draw.replace(':id', 'x;drop'), { method: 'GET' });
    expect(hostile.code).not.toBe(0);
    expect(hostile.status).toBeLessThan(500);
  });
});

type BeaconHarness = {
  deps: () => DrawDeps;
  withhold: (fromRound: number) => Promise<void>;
  forge: (round: number) => Promise<void>;
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

/** The beacon simulator on a port of its own, and the engine's deps reading it through the real adapter. */
async function startBeacon(): Promise<BeaconHarness> {
  const simulator = createBeaconSimulator();
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  const control = async (path: string, body: unknown) => {
    const response = await fetch(`${url}/beacon/control/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`beacon simulator refused ${path}: ${await response.text()}`);
  };
  const client = createBeaconClient({ url: `${url}/beacon`, chain: SIMULATOR_CHAIN });
  return {
    deps: () => deps({ beacon: client }),
    withhold: (fromRound) => control('withhold', { fromRound }),
    forge: (round) => control('forge', { round }),
    reset: () => control('reset', {}),
    close: () => simulator.close(),
  };
}

describe('the draw, from the beacon (the beacon simulator over drand’s HTTP API, through the adapter)', () => {
  let beacon: BeaconHarness;
  beforeAll(async () => {
    beacon = await startBeacon();
  });
  afterAll(async () => {
    await beacon.close();
  });

  /** A closed draw whose draw time has just passed, with tickets. */
  async function closedDraw(ref: string, tickets: number): Promise<DrawRecord> {
    const draw = await openDraw(ref);
    const member = (await newMember(ctx)).id;
    await buy(
      draw.id,
      member,
      Array.from({ length: tickets }, (_, index) => `${ref}-${index}:`),
    );
    await closeNow(draw.id);
    await closeDraw(ctx.db, draw.id);
    // The draw time moved to now, and the round with it (as the schedule would have fixed it).
    await sql`update draw set draw_at = clock_timestamp() where id = ${draw.id}`.execute(ctx.db);
    const row = await ctx.db
      .selectFrom('draw')
      .select('draw_at')
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    const round = roundAt(SIMULATOR_CHAIN, row.draw_at.getTime());
    await sql`update draw set beacon_round = ${round} where id = ${draw.id}`.execute(ctx.db);
    return (await findDraw(ctx.db, draw.id))!;
  }

  it('waits, saying why, while the round is withheld; then draws from the verified round and settles once', async () => {
    settledCalls = [];
    const draw = await closedDraw('beacon-1', 3);
    await beacon.withhold(draw.beaconRound);
    await advanceDraws(beacon.deps());
    let stored = (await findDraw(ctx.db, draw.id))!;
    expect(stored.status).toBe('closed');
    // Due but not produced: drand's relay answers 500 ("failed to get beacon"), and the draw waits.
    expect(stored.delayReason).toMatch(new RegExp(`round ${draw.beaconRound} unreachable`));
    expect(settledCalls).toEqual([]);

    await beacon.reset();
    await advanceDraws(beacon.deps());
    stored = (await findDraw(ctx.db, draw.id))!;
    expect(stored.status).toBe('settled');
    expect(stored.delayReason).toBeNull();
    const row = await ctx.db
      .selectFrom('draw')
      .selectAll()
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(verifyBeacon(SIMULATOR_CHAIN, { round: draw.beaconRound, signature: row.beacon_signature! })).toBe(
      true,
    );
    expect(row.randomness).toBe(beaconRandomness(row.beacon_signature!));
    expect(row.outcome).toEqual({ pick: row.randomness!.slice(0, 8), tickets: 3 });
    expect(settledCalls.filter((id) => id === draw.id)).toHaveLength(1);
    await advanceDraws(beacon.deps());
    expect(settledCalls.filter((id) => id === draw.id)).toHaveLength(1);
  });

  it('refuses a forged round and never draws from anything else', async () => {
    const draw = await closedDraw('beacon-forged', 2);
    await beacon.forge(draw.beaconRound);
    await advanceDraws(beacon.deps());
    const stored = (await findDraw(ctx.db, draw.id))!;
    expect(stored.status).toBe('closed');
    expect(stored.randomness).toBeNull();
    expect(stored.delayReason).toMatch(/invalid/);
    await beacon.reset();
  });

  it('waits while the beacon cannot be reached', async () => {
    const draw = await closedDraw('beacon-down', 1);
    await advanceDraws({
      ...beacon.deps(),
      beacon: createBeaconClient({ url: 'http://127.0.0.1:9/', chain: SIMULATOR_CHAIN }),
    });
    const stored = (await findDraw(ctx.db, draw.id))!;
    expect(stored.status).toBe('closed');
    expect(stored.delayReason).toMatch(/unreachable/);
  });
});
