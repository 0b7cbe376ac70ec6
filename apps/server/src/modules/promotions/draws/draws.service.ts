import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import type { DrawProduct, DrawPublic, DrawStatus, DrawProof } from '@app/contracts/draws';
import type { BeaconChain } from '@app/fair/beacon';
import type { Database, DrawTicketPay } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { committedRoot, proofOf, roundFor, roundTimeOf } from './draw-commitment.ts';
import * as repository from './draws.repository.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/**
 * The draw engine (issue 16, docs/draws.md): draws made ahead with their beacon round, sales locked on
 * the draw row and closed by the database clock, the ticket list committed by its Merkle root at close,
 * the beacon fetched and verified after the draw time, the outcome from the products' pure rules, the
 * prizes paid by the products. A step that cannot happen yet (no beacon) leaves the draw where it is and
 * says why; each step is a conditional update, so a job run twice or on two processes changes nothing.
 */

export type DrawRecord = {
  id: number;
  product: DrawProduct;
  ref: string;
  price: number;
  salesOpenAt: Date;
  salesCloseAt: Date;
  drawAt: Date;
  beaconRound: number;
  status: DrawStatus;
  ticketCount: number;
  ticketRoot: string | null;
  randomness: string | null;
  outcome: unknown;
  settledAt: Date | null;
  delayReason: string | null;
  settings: unknown;
};

/** A draw a product wants to exist (its `ref` names it within the product, so planning twice makes it once). */
export type PlannedDraw = {
  ref: string;
  price: number;
  salesOpenAt: Date;
  salesCloseAt: Date;
  drawAt: Date;
  settings?: unknown;
};

/** What a draw product gives the engine (registered in the composition, app.ts). */
export type DrawProductDefinition = {
  code: DrawProduct;
  /** The draws that should exist in [from, to) (the product reads its programme's schedule and price). */
  plan: (db: Db, window: { from: Date; to: Date; timeZone: string }) => Promise<PlannedDraw[]>;
  /** Pure: the outcome from the verified randomness and the committed list (packages/fair). */
  outcome: (draw: { id: number; ticketRoot: string; ticketCount: number; randomness: string }) => unknown;
  /**
   * Pays what the outcome wins from the product's fund (idempotent keys `draw:<drawId>:…`) and records
   * the tickets' prizes; the engine marks the draw settled once it returns. Runs its own transactions.
   */
  settle: (db: Db, draw: DrawRecord) => Promise<void>;
};

/** A beacon round as the beacon adapter answers it (adapters/beacon). */
export type BeaconAnswer =
  | { status: 'ok'; round: number; signature: string; randomness: string }
  | { status: 'not-yet' }
  | { status: 'unreachable'; reason: string }
  | { status: 'invalid'; reason: string };

export type BeaconSource = { chain: BeaconChain; fetchRound: (round: number) => Promise<BeaconAnswer> };

export type DrawDeps = {
  db: Db;
  country: Pick<CountryProfile, 'timeZone' | 'promotions'>;
  products: readonly DrawProductDefinition[];
  beacon: BeaconSource;
  /** How far ahead the schedule makes draws (default 8 days: a week's draws are always public). */
  aheadMs?: number;
  now?: () => Date;
  log?: {
    error: (details: object, message: string) => void;
    info?: (details: object, message: string) => void;
  };
};

const DEFAULT_AHEAD_MS = 8 * 86_400_000;

function recordOf(row: repository.DrawRow): DrawRecord {
  return {
    id: row.id,
    product: row.product as DrawProduct,
    ref: row.ref,
    price: row.price,
    salesOpenAt: row.sales_open_at,
    salesCloseAt: row.sales_close_at,
    drawAt: row.draw_at,
    beaconRound: row.beacon_round,
    status: row.status,
    ticketCount: row.ticket_count,
    ticketRoot: row.ticket_root,
    randomness: row.randomness,
    outcome: row.outcome ?? null,
    settledAt: row.settled_at,
    delayReason: row.delay_reason,
    settings: row.settings ?? {},
  };
}

// Sales -----------------------------------------------------------------------------------------------------

/**
 * The purchase's lock (docs/draws.md step 2): the draw row `for update`, then the database clock read
 * under the lock. Sales are open from `sales_open_at` (the schedule job's status flip may lag) until
 * `sales_close_at`; the close takes the same lock, so a ticket either commits before the list is read or
 * is refused here.
 */
export async function lockDrawForSale(trx: Trx, drawId: number, product: DrawProduct): Promise<DrawRecord> {
  const row = await repository.lockDraw(trx, drawId);
  if (!row || row.product !== product) throw new AppError('DRAW_NOT_FOUND');
  if (row.status !== 'scheduled' && row.status !== 'open') throw new AppError('DRAW_SALES_CLOSED');
  const window = await repository.salesWindowNow(trx, drawId);
  if (window.closed) throw new AppError('DRAW_SALES_CLOSED');
  if (!window.opened) throw new AppError('DRAW_NOT_OPEN');
  return recordOf(row);
}

/** Numbers and stores tickets in the purchase's transaction (after `lockDrawForSale`); answers their numbers. */
export async function addTickets(
  trx: Trx,
  draw: DrawRecord,
  input: {
    memberId: number;
    pay: DrawTicketPay;
    entries: readonly string[];
    transactionId?: number | null;
  },
): Promise<number[]> {
  if (input.entries.length === 0) return [];
  const first = await repository.takeTicketNumbers(trx, draw.id, input.entries.length);
  const tickets = input.entries.map((entry, index) => ({
    drawId: draw.id,
    ticketNo: first + index,
    memberId: input.memberId,
    entry,
    pay: input.pay,
    transactionId: input.transactionId ?? null,
  }));
  await repository.insertTickets(trx, tickets);
  return tickets.map((ticket) => ticket.ticketNo);
}

// Reads -----------------------------------------------------------------------------------------------------

export async function findDraw(db: Db | Trx, id: number): Promise<DrawRecord | undefined> {
  const row = await repository.findDraw(db, id);
  return row && recordOf(row);
}

export async function listDraws(
  db: Db | Trx,
  product: DrawProduct,
  filter: { statuses?: readonly DrawStatus[]; limit: number; order: 'asc' | 'desc' },
): Promise<DrawRecord[]> {
  return (await repository.listDraws(db, product, filter)).map(recordOf);
}

/** A page of a member's tickets of a product, newest first, each with its draw. */
export async function ticketsOfMember(
  db: Db | Trx,
  product: DrawProduct,
  memberId: number,
  page: { page: number; size: number },
) {
  const tickets = await repository.ticketsOfMember(db, product, memberId, page);
  const draws = new Map<number, DrawRecord>();
  for (const drawId of new Set(tickets.map((ticket) => Number(ticket.drawId)))) {
    const draw = await findDraw(db, drawId);
    if (draw) draws.set(drawId, draw);
  }
  return tickets.flatMap((ticket) => {
    const draw = draws.get(Number(ticket.drawId));
    return draw ? [{ ...ticket, draw }] : [];
  });
}

export async function recordPrizes(
  db: Db | Trx,
  drawId: number,
  prizes: ReadonlyArray<{ ticketNo: number; prize: number; tier: number | null }>,
): Promise<void> {
  await repository.recordPrizes(db, drawId, prizes);
}

/** What every page shows of a draw: its name, price, times (ISO), round, status, tickets, delay. */
export function drawTimesOf(draw: DrawRecord) {
  return {
    id: draw.id,
    ref: draw.ref,
    price: draw.price,
    salesOpenAt: draw.salesOpenAt.toISOString(),
    salesCloseAt: draw.salesCloseAt.toISOString(),
    drawAt: draw.drawAt.toISOString(),
    beaconRound: draw.beaconRound,
    status: draw.status,
    ticketCount: draw.ticketCount,
    delayReason: draw.delayReason,
  };
}

/** On sale by the page's clock (a purchase itself goes by the database's, under the draw's lock). */
export function isOnSale(draw: DrawRecord, now: Date): boolean {
  return (
    (draw.status === 'scheduled' || draw.status === 'open') &&
    draw.salesOpenAt <= now &&
    now < draw.salesCloseAt
  );
}

/** A draw as anyone may see it (the products' pages and the verifier). */
export function publicDraw(draw: DrawRecord & { closedAt?: Date | null }): DrawPublic {
  return {
    ...drawTimesOf(draw),
    product: draw.product,
    ticketRoot: draw.ticketRoot,
    closedAt: draw.closedAt?.toISOString() ?? null,
    beaconSignature: null,
    randomness: draw.randomness,
    drawnAt: null,
    outcome: draw.status === 'drawn' || draw.status === 'settled' ? draw.outcome : null,
    settledAt: draw.settledAt?.toISOString() ?? null,
  };
}

export async function getPublicDraw(db: Db, id: number): Promise<DrawPublic> {
  const row = await repository.findDraw(db, id);
  if (!row) throw new AppError('DRAW_NOT_FOUND');
  return {
    ...publicDraw({ ...recordOf(row), closedAt: row.closed_at }),
    beaconSignature: row.beacon_signature,
    drawnAt: row.drawn_at?.toISOString() ?? null,
  };
}

/** A committed page of the list, in ticket order (docs/draws.md: lines carry no member). */
export async function getTicketPage(db: Db, id: number, after: number, limit: number) {
  const row = await repository.findDraw(db, id);
  if (!row) throw new AppError('DRAW_NOT_FOUND');
  if (row.ticket_root === null) throw new AppError('DRAW_NOT_CLOSED');
  const page = await repository.ticketEntries(db, id, after, limit);
  const last = page.at(-1);
  return {
    lines: page.map((ticket) => lineOf(ticket)),
    next: last && page.length === limit && last.ticket_no < row.ticket_count ? last.ticket_no : null,
  };
}

/** A ticket's inclusion proof in the committed list. */
export async function getProof(db: Db, id: number, ticketNo: number): Promise<DrawProof> {
  const row = await repository.findDraw(db, id);
  if (!row) throw new AppError('DRAW_NOT_FOUND');
  if (row.ticket_root === null) throw new AppError('DRAW_NOT_CLOSED');
  if (ticketNo > row.ticket_count) throw new AppError('DRAW_TICKET_NOT_FOUND');
  const proof = await proofOf(id, () => readLines(db, id), row.ticket_count, ticketNo);
  return { drawId: id, ticketNo, ticketCount: row.ticket_count, root: row.ticket_root, ...proof };
}

function lineOf(ticket: { ticket_no: number; entry: string }): string {
  return `${ticket.ticket_no}|${ticket.entry}`;
}

/** The committed list's lines in ticket order, read in pages (a million tickets never sit in one array of rows). */
async function* readLines(db: Db | Trx, drawId: number): AsyncGenerator<string> {
  const PAGE = 20_000;
  for (let after = 0; ;) {
    const page = await repository.ticketEntries(db, drawId, after, PAGE);
    for (const ticket of page) yield lineOf(ticket);
    if (page.length < PAGE) return;
    after = page.at(-1)!.ticket_no;
  }
}

// The jobs' steps ------------------------------------------------------------------------------------------

/** Makes every product's planned draws for the window ahead, each with its beacon round fixed now. */
export async function scheduleDraws(deps: DrawDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const window = {
    from: now,
    to: new Date(now.getTime() + (deps.aheadMs ?? DEFAULT_AHEAD_MS)),
    timeZone: deps.country.timeZone,
  };
  let made = 0;
  for (const product of deps.products) {
    if (deps.country.promotions.programmesOff.includes(product.code)) continue;
    const planned = await product.plan(deps.db, window);
    const draws = planned.flatMap((draw) => {
      const beaconRound = roundFor(deps.beacon.chain, draw.drawAt.getTime());
      // The round must come after the list is committed: its time after the close (docs/draws.md step 1).
      if (roundTimeOf(deps.beacon.chain, beaconRound) <= draw.salesCloseAt.getTime()) {
        deps.log?.error(
          { product: product.code, ref: draw.ref },
          'draw planned with its draw time too near its close',
        );
        return [];
      }
      return [{ ...draw, product: product.code, beaconRound, settings: draw.settings ?? {} }];
    });
    made += await repository.insertPlannedDraws(deps.db, draws);
  }
  return made;
}

/** Closes one draw whose sales time is over: under the draw's lock, the list's root is computed and stored. */
export async function closeDraw(db: Db, drawId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await repository.lockDraw(trx, drawId);
    if (!row || (row.status !== 'scheduled' && row.status !== 'open')) return false;
    if (!(await repository.salesWindowNow(trx, drawId)).closed) return false;
    const root = await committedRoot(readLines(trx, drawId), row.ticket_count);
    await repository.markClosed(trx, drawId, root);
    return true;
  });
}

/**
 * Draws one closed draw past its time: the beacon round fetched and verified, the outcome computed and
 * stored. No beacon (not yet, unreachable, refused): the draw waits and says why; nothing else is tried.
 */
export async function drawWithBeacon(deps: DrawDeps, row: repository.DrawRow): Promise<boolean> {
  const product = deps.products.find((each) => each.code === row.product);
  if (!product || row.ticket_root === null) return false;
  const answer = await deps.beacon.fetchRound(row.beacon_round);
  if (answer.status !== 'ok') {
    const reason =
      answer.status === 'not-yet'
        ? `beacon round ${row.beacon_round} not published yet`
        : `beacon round ${row.beacon_round} ${answer.status}: ${answer.reason}`;
    if (row.delay_reason !== reason) await repository.markDelayed(deps.db, row.id, reason);
    return false;
  }
  if (answer.round !== row.beacon_round) {
    await repository.markDelayed(
      deps.db,
      row.id,
      `beacon answered round ${answer.round}, not ${row.beacon_round}`,
    );
    return false;
  }
  const outcome = product.outcome({
    id: row.id,
    ticketRoot: row.ticket_root,
    ticketCount: row.ticket_count,
    randomness: answer.randomness,
  });
  return repository.markDrawn(deps.db, row.id, {
    signature: answer.signature,
    randomness: answer.randomness,
    outcome,
  });
}

/** Pays a drawn draw through its product, then marks it settled. */
export async function settleDraw(deps: DrawDeps, row: repository.DrawRow): Promise<boolean> {
  const product = deps.products.find((each) => each.code === row.product);
  if (!product) return false;
  await product.settle(deps.db, recordOf(row));
  return repository.markSettled(deps.db, row.id);
}

/** One pass over every draw that has a step due: open, close, draw, settle. */
export async function advanceDraws(
  deps: DrawDeps,
): Promise<{ closed: number; drawn: number; settled: number }> {
  await repository.openDueDraws(deps.db);
  let closed = 0;
  for (const id of await repository.drawsToClose(deps.db)) if (await closeDraw(deps.db, id)) closed += 1;
  let drawn = 0;
  for (const row of await repository.drawsStatusDue(deps.db, 'closed')) {
    if (await drawWithBeacon(deps, row)) drawn += 1;
  }
  let settled = 0;
  for (const row of await repository.drawsStatusDue(deps.db, 'drawn')) {
    try {
      if (await settleDraw(deps, row)) settled += 1;
    } catch (error) {
      // One product's failure must not hold the others' draws; the next pass tries again.
      deps.log?.error({ err: error, drawId: row.id }, 'draw settlement failed');
    }
  }
  return { closed, drawn, settled };
}

export const DRAWS_SCHEDULE = 'draws-schedule';
export const DRAWS_ADVANCE = 'draws-advance';
/** How often due draws are closed, drawn and settled: a few seconds after their time. */
export const DRAWS_ADVANCE_SECONDS = 5;

export function drawJobs(deps: DrawDeps): Job[] {
  return [
    {
      name: DRAWS_SCHEDULE,
      schedule: { cron: '*/10 * * * *' },
      run: () => scheduleDraws(deps),
      runAtStart: () => scheduleDraws(deps),
    },
    { name: DRAWS_ADVANCE, schedule: { everySeconds: DRAWS_ADVANCE_SECONDS }, run: () => advanceDraws(deps) },
  ];
}
