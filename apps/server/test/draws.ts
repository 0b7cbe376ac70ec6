import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { roundAt, SIMULATOR_CHAIN } from '@app/fair/beacon';
import {
  advanceDraws,
  closeDraw,
  findDraw,
  type DrawDeps,
  type DrawProductDefinition,
  type DrawRecord,
} from '../src/modules/promotions/draws/draws.service.ts';
import type { TestApp } from './test-app.ts';

/**
 * A beacon that answers every round at once with fresh random values, for the draw tests that do not test
 * the beacon itself (draws.test.ts tests it against the simulator through the real adapter).
 */
export const RANDOM_BEACON: DrawDeps['beacon'] = {
  chain: SIMULATOR_CHAIN,
  fetchRound: async (round) => ({
    status: 'ok',
    round,
    signature: randomBytes(48).toString('hex'),
    randomness: randomBytes(32).toString('hex'),
  }),
};

/** The engine's deps for the tests of one product in `country`, with the random beacon. */
export function testDrawDeps(
  ctx: Pick<TestApp, 'db'>,
  country: DrawDeps['country'],
  product: DrawProductDefinition,
): DrawDeps {
  return { db: ctx.db, country, products: [product], beacon: RANDOM_BEACON };
}

/** A draw's sold tickets as the committed list's lines (`<ticket_no>|<entry>`), in ticket order. */
export async function ticketLinesOf(ctx: Pick<TestApp, 'db'>, drawId: number): Promise<string[]> {
  const tickets = await ctx.db
    .selectFrom('draw_ticket')
    .select(['ticket_no', 'entry'])
    .where('draw_id', '=', drawId)
    .orderBy('ticket_no')
    .execute();
  return tickets.map((ticket) => `${ticket.ticket_no}|${ticket.entry}`);
}

const MINUTE = 60_000;

/**
 * A draw of `product` on sale now (opened a minute ago), closing in ten minutes and drawn in twenty with the
 * simulator chain's round of that time, `settings` being the terms its sales and settlement read.
 */
export async function openTestDraw(
  ctx: Pick<TestApp, 'db'>,
  draw: { product: string; ref: string; price: number; settings: unknown },
): Promise<DrawRecord> {
  const now = Date.now();
  const drawAt = new Date(now + 20 * MINUTE);
  const row = await ctx.db
    .insertInto('draw')
    .values({
      product: draw.product,
      ref: draw.ref,
      price: draw.price,
      sales_open_at: new Date(now - MINUTE),
      sales_close_at: new Date(now + 10 * MINUTE),
      draw_at: drawAt,
      beacon_round: roundAt(SIMULATOR_CHAIN, drawAt.getTime()),
      settings: JSON.stringify(draw.settings),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findDraw(ctx.db, row.id))!;
}

/** The draw's close and draw time moved to the database's now, its ticket list committed. */
export async function closeDrawNow(ctx: Pick<TestApp, 'db'>, drawId: number): Promise<void> {
  await sql`update draw set sales_close_at = clock_timestamp(), draw_at = clock_timestamp() + interval '1 millisecond'
    where id = ${drawId}`.execute(ctx.db);
  await closeDraw(ctx.db, drawId);
}

/** A closed draw past its draw time through the engine's passes (drawn with the beacon, paid): the settled draw. */
export async function settleClosedDraw(
  ctx: Pick<TestApp, 'db'>,
  deps: DrawDeps,
  drawId: number,
): Promise<DrawRecord> {
  for (let pass = 0; pass < 5; pass += 1) {
    await advanceDraws(deps);
    const draw = (await findDraw(ctx.db, drawId))!;
    if (draw.status === 'settled') return draw;
  }
  throw new Error(`draw ${drawId} did not settle`);
}
