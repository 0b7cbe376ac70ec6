import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { dayRange } from '@app/contracts/market-calendar';
import { regulatorDeadlineOf, type RegulatorExportRun } from '@app/contracts/regulator';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import type { Database } from '../../../db/schema.ts';
import { getGameRegister, type RegisteredGame } from '../../games/catalogue/games.service.ts';
import { findIdentityNumbers } from '../../platform/kyc/kyc.service.ts';
import { dayMoney, type PeriodMoney } from '../../platform/revenue/revenue.service.ts';
import {
  gameTotalsBetween,
  ledgerEventBatches,
  memberTotalBatches,
  type LedgerEvent,
  type LedgerEventKind,
  type Span,
} from '../../platform/wallet/ledger-reads.ts';
import {
  REGULATOR_FORMATS,
  type FileSpec,
  type FormatContext,
  type Player,
  type RegulatorFormat,
} from './regulator-formats.ts';
import * as repository from './regulator.repository.ts';
import type { RegulatorExportFile } from './regulator.tables.ts';

/**
 * A day's regulatory export (issue 25 §4; docs/compliance.md "The regulator's feed"): the market's files,
 * built from the money facts, the tax legs and the identity records of one calendar day, written to the file
 * store in parts and recorded as a run (`regulator_export`).
 *
 * - Same output for the same day: rows in the ledger's order, nothing from the clock of the run, all reads in
 *   one `repeatable read` transaction, so the totals and the rows are of one state of the ledger.
 * - Memory flat: rows come through server-side cursors a batch at a time and leave in parts of PART_BYTES; a
 *   day of a million bets holds one batch and one part.
 * - Checked: the events' sums per kind must equal the day's totals from the ledger (the revenue module), or
 *   the run fails instead of sending files that disagree with the books.
 */
export type RegulatorDeps = {
  db: Kysely<Database>;
  country: Pick<CountryProfile, 'code' | 'currency' | 'decimals' | 'timeZone' | 'compliance'>;
  store: FileStore;
  /** A stored part's size (PART_BYTES; tests make it small to cut a file into many parts). */
  partBytes?: number;
};

/** Rows a cursor fetches at a time. */
export const EXPORT_BATCH_ROWS = 5000;
/** A stored part's size: a file of any length is kept (and held in memory) a part at a time. */
export const PART_BYTES = 4 * 1024 * 1024;
/** Identity numbers kept for the members seen in a run; past it the memory is cleared (flat, not unbounded). */
const PLAYER_CACHE = 100_000;

/** The store key of one part of one file of one run (private: served only through the operator's route). */
export function partKey(run: { id: number; day: string }, file: string, part: number): string {
  return `private/regulator/${run.day}/${run.id}-${file.replace('.', '-')}-${String(part).padStart(4, '0')}`;
}

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson',
  json: 'application/json',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[file.split('.').at(-1) ?? ''] ?? 'application/octet-stream';
}

/**
 * The one read of identity records for the regulator (issue 25 §4): the ID number each member submitted to
 * KYC (the kyc module's existing fields; the first of them), by member. Kept in this one function while the
 * identity module is rebuilt: when verified identities exist, only this changes.
 */
export async function readPlayers(
  db: Kysely<Database>,
  memberIds: readonly number[],
): Promise<Map<number, Player>> {
  const numbers = await findIdentityNumbers(db, memberIds);
  return new Map(
    memberIds.map((memberId) => {
      const first = numbers.get(memberId)?.[0];
      return [memberId, { memberId, identityNumber: first ? first.slice(first.indexOf(':') + 1) : null }];
    }),
  );
}

/** Players of a run, read a batch of members at a time and remembered up to PLAYER_CACHE. */
function playerCache(db: Kysely<Database>) {
  const known = new Map<number, Player>();
  return async (memberIds: number[]): Promise<Map<number, Player>> => {
    const missing = [...new Set(memberIds.filter((id) => !known.has(id)))];
    if (missing.length > 0) {
      if (known.size + missing.length > PLAYER_CACHE) known.clear();
      for (const [id, player] of await readPlayers(db, missing)) known.set(id, player);
    }
    return known;
  };
}

/** A file written a part at a time: its rows, bytes and SHA-256 as they go. */
function fileWriter(
  store: FileStore,
  keyOf: (part: number) => string,
  contentType: string,
  partBytes: number,
) {
  let chunks: string[] = [];
  let size = 0;
  let parts = 0;
  let bytes = 0;
  let rows = 0;
  const hash = createHash('sha256');
  const flush = async () => {
    const buffer = Buffer.from(chunks.join(''), 'utf8');
    chunks = [];
    size = 0;
    hash.update(buffer);
    bytes += buffer.length;
    parts += 1;
    await store.put(keyOf(parts), buffer, contentType);
  };
  return {
    async line(text: string, { isRow = true } = {}) {
      chunks.push(`${text}\n`);
      // Characters, not bytes: a part is about PART_BYTES, a little more with non-ASCII names.
      size += text.length + 1;
      if (isRow) rows += 1;
      if (size >= partBytes) await flush();
    },
    async close(name: string): Promise<RegulatorExportFile> {
      if (chunks.length > 0 || parts === 0) await flush();
      return { name, rows, bytes, checksum: hash.digest('hex'), parts };
    },
  };
}

type EventSums = Map<LedgerEventKind, { count: number; amount: number }>;

/** The day's totals each kind of event must add up to, from the ledger's figures. */
function expectedSums(money: PeriodMoney): [LedgerEventKind, { count: number; amount: number }][] {
  const { revenue, deposits, withdrawals, taxes } = money;
  return [
    ['bet', { count: revenue.bets, amount: revenue.betAmount }],
    ['rollback', { count: revenue.refunds, amount: revenue.refundAmount }],
    ['win', { count: revenue.wins, amount: revenue.winAmount }],
    ['deposit', { count: deposits.facts, amount: deposits.amount }],
    ['withdrawal', { count: withdrawals.facts, amount: withdrawals.amount }],
    ['deposit-excise', { count: taxes.depositExcise.transactions, amount: taxes.depositExcise.tax }],
    ['withdrawal-tax', { count: taxes.withdrawal.transactions, amount: taxes.withdrawal.tax }],
  ];
}

function checkSums(sums: EventSums, money: PeriodMoney): void {
  for (const [kind, expected] of expectedSums(money)) {
    const actual = sums.get(kind) ?? { count: 0, amount: 0 };
    if (actual.count !== expected.count || actual.amount !== expected.amount) {
      throw new Error(
        `regulator export: the ${kind} rows (${actual.count}, ${actual.amount}) differ from the ledger's ` +
          `totals (${expected.count}, ${expected.amount})`,
      );
    }
  }
}

/** Writes one file of the format from its source, inside the run's snapshot. */
async function writeFile(
  trx: Transaction<Database>,
  spec: FileSpec,
  input: {
    span: Span;
    money: PeriodMoney;
    games: Map<number, RegisteredGame>;
    players: ReturnType<typeof playerCache>;
    context: FormatContext;
    writer: ReturnType<typeof fileWriter>;
  },
): Promise<void> {
  const { writer, context } = input;
  await writer.line(spec.header, { isRow: false });
  switch (spec.source) {
    case 'events': {
      const sums: EventSums = new Map();
      for await (const batch of ledgerEventBatches(trx, input.span, EXPORT_BATCH_ROWS)) {
        const players = await input.players(batch.map((event) => event.memberId));
        for (const event of batch) {
          addTo(sums, event);
          const line = spec.line(
            { event, player: players.get(event.memberId)!, game: input.games.get(event.gameId ?? -1) },
            context,
          );
          if (line !== null) await writer.line(line);
        }
      }
      checkSums(sums, input.money);
      return;
    }
    case 'members':
      for await (const batch of memberTotalBatches(trx, input.span, EXPORT_BATCH_ROWS)) {
        const players = await input.players(batch.map((totals) => totals.memberId));
        for (const totals of batch)
          await writer.line(spec.line({ totals, player: players.get(totals.memberId)! }, context));
      }
      return;
    case 'games':
      for (const [gameId, kinds] of await gameTotalsBetween(trx, input.span)) {
        const game = input.games.get(gameId) ?? {
          id: gameId,
          code: `game-${gameId}`,
          name: '',
          supplier: '',
          rtp: 0,
        };
        await writer.line(spec.line({ game, kinds }, context));
      }
      return;
    case 'totals':
      for (const line of spec.lines(input.money, context)) await writer.line(line);
      return;
  }
}

function addTo(sums: EventSums, event: LedgerEvent): void {
  const sum = sums.get(event.kind) ?? { count: 0, amount: 0 };
  sum.count += 1;
  sum.amount += event.amount;
  sums.set(event.kind, sum);
}

function checksumOf(files: RegulatorExportFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.name}:${file.checksum}\n`);
  return hash.digest('hex');
}

/** The format the market's law asks for (its country profile). */
export function formatOf(country: RegulatorDeps['country']): RegulatorFormat {
  return REGULATOR_FORMATS[country.compliance.regulatorFeed.format];
}

/**
 * Produces the day's export as a new run and records it: `done` with its files, or `failed` with why (the
 * files a failed run wrote stay unreferenced). Any day, any number of times: each run's files are its own.
 */
export async function runDailyExport(deps: RegulatorDeps, day: string): Promise<RegulatorExportRun> {
  const { db, country, store } = deps;
  const format = country.compliance.regulatorFeed.format;
  const id = await repository.insertRun(db, { day, market: country.code, format });
  try {
    const span = dayRange(day, country.timeZone);
    const context: FormatContext = {
      day,
      market: country.code,
      currency: country.currency,
      decimals: country.decimals,
    };
    const files = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        // Read only: this transaction takes no xid, so it holds back neither vacuum's horizon for writers
        // nor the money facts' consumers (money-facts.ts reads below the oldest xid in flight).
        // The day's events are sorted once by the database: in memory rather than in temporary files, for
        // this transaction only (a day of a million bets is some hundred MB of rows; the export is one transaction a day).
        await sql`set local work_mem = '128MB'`.execute(trx);
        const money = await dayMoney(trx, country, day);
        const games = await getGameRegister(trx);
        const players = playerCache(trx);
        const written: RegulatorExportFile[] = [];
        for (const spec of formatOf(country).files) {
          const writer = fileWriter(
            store,
            (part) => partKey({ id, day }, spec.name, part),
            contentTypeOf(spec.name),
            deps.partBytes ?? PART_BYTES,
          );
          await writeFile(trx, spec, { span, money, games, players, context, writer });
          written.push(await writer.close(spec.name));
        }
        return written;
      });
    const rows = files.reduce((sum, file) => sum + file.rows, 0);
    await repository.finishRun(db, id, { status: 'done', rows, checksum: checksumOf(files), files });
  } catch (error) {
    await repository.finishRun(db, id, {
      status: 'failed',
      error: (error as Error).message ?? String(error),
    });
  }
  const run = await repository.findRun(db, id);
  return runOf(country, run!);
}

/** When the day's files are due: the next day at the market's deadline, local time. */
export function deadlineOf(country: RegulatorDeps['country'], day: string): Date {
  return regulatorDeadlineOf(day, {
    timeZone: country.timeZone,
    dailyDeadline: country.compliance.regulatorFeed.dailyDeadline,
  });
}

export function runOf(
  country: RegulatorDeps['country'],
  row: NonNullable<Awaited<ReturnType<typeof repository.findRun>>>,
): RegulatorExportRun {
  const producedAt = row.produced_at ? new Date(row.produced_at) : null;
  return {
    id: Number(row.id),
    day: row.day,
    format: row.format as RegulatorExportRun['format'],
    status: row.status,
    rows: Number(row.rows),
    checksum: row.checksum,
    files: row.files.map(({ name, rows, bytes, checksum }) => ({ name, rows, bytes, checksum })),
    error: row.error,
    startedAt: new Date(row.started_at).toISOString(),
    producedAt: producedAt?.toISOString() ?? null,
    late: producedAt !== null && producedAt > deadlineOf(country, row.day),
  };
}
