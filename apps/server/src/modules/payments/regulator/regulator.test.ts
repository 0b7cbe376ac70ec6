import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { dayRange } from '@app/contracts/market-calendar';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import type { RegulatorExports } from '@app/contracts/regulator';
import { createFolderStore } from '../../../adapters/storage/folder-store.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { newMember, type TestMember } from '../../../../test/factory.ts';
import {
  betOf,
  bonusOf,
  depositOf,
  journalByDay,
  lastTransactionId,
  moveTransactionsTo,
  paidWithdrawalOf,
  payBackOf,
} from '../../../../test/ledger-play.ts';
import { useStaffSessions } from '../../../../test/back-office.ts';
import { dayMoney } from '../../platform/revenue/revenue.service.ts';
import { dailyTaxReport } from '../tax/tax.service.ts';
import { hashedIdentity, maskedIdentity } from './regulator-formats.ts';
import { liveKey } from './regulator-live.ts';
import {
  exportPreviousDay,
  getExports,
  liveFeed,
  readExportFile,
  runDailyExport,
  type RegulatorDeps,
} from './regulator.service.ts';

/**
 * The regulator's feed (issue 25 §4) against the ledger: a day of deposits with their excise, bets on a game
 * (own and bonus money), a win, a refunded stake, a bonus paid from a programme's budget and a paid withdrawal
 * with its tax, moved to one fixed day. Gross and net gaming revenue, the Kenyan and Brazilian files, the
 * generic one, two runs of a day, the daily job, the live feed and the operator's endpoints. On PGlite by
 * default, on PostgreSQL with DATABASE_URL.
 */
const DAY = '2026-06-15';
/** 12:00 in Nairobi, 06:00 in São Paulo: the same calendar day in both markets. */
const NOON_NAIROBI = new Date('2026-06-15T09:00:00Z');
const KE = COUNTRY_PROFILES.KE;

const ctx = useTestApp();
let deps: RegulatorDeps;
const [admin] = useStaffSessions(ctx, 'viewer');
let verified: TestMember;
let unverified: TestMember;
let bonusPlayer: TestMember;
let gameId: number;
let gameCode: string;

beforeAll(async () => {
  deps = { db: ctx.db, country: KE, store: createFolderStore(ctx.env.UPLOAD_DIR!) };
  const game = await ctx.db.selectFrom('game').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow();
  gameId = game.id;
  gameCode = game.code;
  verified = await newMember(ctx);
  unverified = await newMember(ctx, { kyc: 'none' });
  bonusPlayer = await newMember(ctx);
  await playTheDay();
});

const bet = (who: TestMember, amount: number, key: string) => betOf(ctx, who, amount, key, gameId);

const payBack = (
  who: TestMember,
  amount: number,
  key: string,
  kind: 'win' | 'rollback',
  withdrawable = amount,
) => payBackOf(ctx, who, amount, key, kind, { gameId, withdrawable });

async function playTheDay(): Promise<void> {
  // Everything the factory's members got at registration happened before: only this day's money is moved to it.
  const before = await lastTransactionId(ctx);
  await depositOf(ctx, verified, 100_000, 'rf:dep:1', 5_000);
  await depositOf(ctx, unverified, 50_000, 'rf:dep:2', 2_500);
  await depositOf(ctx, bonusPlayer, 5_000, 'rf:dep:3', 0);
  await bonusOf(ctx, bonusPlayer, 'regfeed-test', 'rf:bonus:1', { cash: 20_000 });
  await bet(verified, 10_000, 'rf:bet:1');
  await payBack(verified, 25_000, 'rf:win:1', 'win');
  await bet(unverified, 4_000, 'rf:bet:2');
  // A cancelled round: its stake comes back, and it is neither a stake nor a win.
  await payBack(unverified, 4_000, 'rf:rollback:2', 'rollback');
  await bet(unverified, 3_000, 'rf:bet:3');
  // 50.00 of own money first, then 70.00 of bonus cash.
  await bet(bonusPlayer, 12_000, 'rf:bet:4');
  await payBack(bonusPlayer, 6_000, 'rf:win:4', 'win', 0);
  await paidWithdrawalOf(ctx, verified, 'rf:wd:1', { payout: 9_500, tax: 500 });
  // The day's transactions, a second apart from Nairobi's noon, with their facts.
  await moveTransactionsTo(ctx, NOON_NAIROBI, before);
}

/** The day as the journal has it, read straight from the entries (not from the facts). */
async function ledgerOfTheDay() {
  return (await journalByDay(ctx, dayRange(DAY, KE.timeZone), KE.timeZone)).get(DAY)!;
}

/** A downloaded CSV's rows as records of its header's columns. */
function rowsOf(text: string, separator: string): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split('\n');
  const columns = header!.split(separator);
  return lines.map((line) =>
    Object.fromEntries(line.split(separator).map((value, i) => [columns[i], value])),
  );
}

/** Major units as written in a file, back to minor units exactly. */
const cents = (value: string) => Math.round(Number(value) * 100);
const sumOf = (rows: Record<string, string>[], column: string) =>
  rows.reduce((sum, row) => sum + cents(row[column]!), 0);
/** The sum of `column` over the rows whose `typeColumn` is `type`. */
const sumOfType = (rows: Record<string, string>[], typeColumn: string, type: string, column: string) =>
  sumOf(
    rows.filter((row) => row[typeColumn] === type),
    column,
  );

/** A served file's whole content, read a part at a time. */
async function contentOf(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function download(day: string, file: string, headers: Record<string, string> = admin.headers) {
  return ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}${ADMIN_PATHS.regulatorExportFile.replace(':day', day).replace(':file', file)}`,
    headers,
  });
}

describe('gross and net gaming revenue', () => {
  it('is stakes net of refunds, less wins, and less the bonus cost: equal to the ledger to the cent', async () => {
    const money = await dayMoney(ctx.db, KE, DAY);
    const ledger = await ledgerOfTheDay();
    expect(money.revenue).toEqual({
      bets: 4,
      betAmount: 29_000,
      refunds: 1,
      refundAmount: 4_000,
      stakes: 25_000,
      bonusStakes: 7_000,
      wins: 2,
      winAmount: 31_000,
      ggr: -6_000,
      bonusCost: 20_000,
      ngr: -26_000,
    });
    expect(money.revenue.betAmount).toBe(ledger.bet_amount);
    expect(money.revenue.winAmount).toBe(ledger.win_amount);
    expect(money.revenue.refundAmount).toBe(ledger.refund_amount);
    // GGR is what the house shards kept of the games.
    expect(money.revenue.ggr).toBe(ledger.house_gain);
    expect(money.revenue.bonusStakes).toBe(ledger.bonus_stakes);
    expect(money.revenue.bonusCost).toBe(ledger.bonus_cost);
    expect(money.deposits).toMatchObject({ facts: 3, amount: ledger.deposits });
    expect(money.withdrawals).toMatchObject({ facts: 1, amount: ledger.withdrawals });
    expect(money.taxes.depositExcise).toEqual({ transactions: 2, amount: 150_000, tax: ledger.excise });
    expect(money.taxes.withdrawal).toEqual({ transactions: 1, amount: 10_000, tax: ledger.withdrawal_tax });
  });

  it('is what the daily tax report shows, with the taxes it books', async () => {
    const report = await dailyTaxReport({ db: ctx.db, country: KE }, DAY);
    const money = await dayMoney(ctx.db, KE, DAY);
    expect(report.revenue).toEqual(money.revenue);
    expect(report.total).toBe(5_000 + 2_500 + 500);
  });
});

describe("Kenya's daily export (ke-gra)", () => {
  it('lists every stake, win, refund, deposit, withdrawal and tax, and its totals equal the ledger', async () => {
    const run = await runDailyExport(deps, DAY);
    expect(run).toMatchObject({ status: 'done', format: 'ke-gra', error: null });
    expect(run.files.map((file) => file.name)).toEqual(['transactions.csv', 'totals.csv']);

    const answer = await download(DAY, 'transactions.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const rows = rowsOf(answer.body, ',');
    expect(rows).toHaveLength(run.files[0]!.rows);
    const byType = (type: string) => rows.filter((row) => row.record_type === type);
    const ledger = await ledgerOfTheDay();
    expect(sumOf(byType('STAKE'), 'amount')).toBe(ledger.bet_amount);
    expect(sumOf(byType('WIN'), 'amount')).toBe(ledger.win_amount);
    expect(sumOf(byType('STAKE_REFUND'), 'amount')).toBe(ledger.refund_amount);
    expect(sumOf(byType('DEPOSIT'), 'amount')).toBe(ledger.deposits);
    expect(sumOf(byType('WITHDRAWAL'), 'amount')).toBe(ledger.withdrawals);
    expect(sumOf(byType('EXCISE_DUTY'), 'amount')).toBe(ledger.excise);
    expect(sumOf(byType('WITHDRAWAL_TAX'), 'amount')).toBe(ledger.withdrawal_tax);
    expect(sumOf(byType('STAKE'), 'bonus_amount')).toBe(ledger.bonus_stakes);

    // The player's reference, the hashed ID number where the member gave one, the game and the time.
    const stake = byType('STAKE').find((row) => row.reference === 'rf:bet:1')!;
    expect(stake).toMatchObject({
      player_ref: String(verified.id),
      national_id_sha256: hashedIdentity('KE', String(10_000_000 + verified.id * 10)),
      game_code: gameCode,
      amount: '100.00',
      currency: 'KES',
    });
    expect(new Date(stake.occurred_at!).getTime()).toBeGreaterThanOrEqual(NOON_NAIROBI.getTime());
    expect(byType('STAKE').find((row) => row.reference === 'rf:bet:2')!.national_id_sha256).toBe('');
    expect(answer.body).not.toContain(String(10_000_000 + verified.id * 10));

    const totals = rowsOf((await download(DAY, 'totals.csv')).body, ',');
    const figure = (name: string) => cents(totals.find((row) => row.figure === name)!.amount!);
    expect(figure('GGR')).toBe(ledger.house_gain);
    expect(figure('NGR')).toBe(ledger.house_gain - ledger.bonus_cost);
    expect(figure('STAKE')).toBe(ledger.bet_amount);
    expect(figure('EXCISE_DUTY')).toBe(ledger.excise);
  });

  it('gives the same bytes when the day is run again', async () => {
    const first = await runDailyExport(deps, DAY);
    const second = await runDailyExport(deps, DAY);
    expect(second.id).not.toBe(first.id);
    expect(second.checksum).toBe(first.checksum);
    expect(second.files).toEqual(first.files);
    // The served file is the second run's: its bytes hash to the first run's checksum.
    const served = await download(DAY, 'transactions.csv');
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(first.files[0]!.checksum);
    expect(served.headers['x-checksum-sha256']).toBe(first.files[0]!.checksum);
  });

  it('cuts a file into parts and serves it whole: the same bytes whatever the parts', async () => {
    const whole = await runDailyExport(deps, DAY);
    const small = await runDailyExport({ ...deps, partBytes: 200 }, DAY);
    expect(small.checksum).toBe(whole.checksum);
    const parts = await ctx.db
      .selectFrom('regulator_export')
      .select('files')
      .where('id', '=', small.id)
      .executeTakeFirstOrThrow();
    expect(parts.files[0]!.parts).toBeGreaterThan(3);
    const file = await readExportFile(deps, DAY, 'transactions.csv');
    const content = await contentOf(file.body);
    expect(content.length).toBe(file.bytes);
    expect(createHash('sha256').update(content).digest('hex')).toBe(whole.files[0]!.checksum);
  });
});

describe("Brazil's daily files (br-sigap) and the generic format", () => {
  it('writes bets, games, wallets and bettors whose sums equal the ledger', async () => {
    const brazil: RegulatorDeps = { ...deps, country: { ...COUNTRY_PROFILES.BR, currency: 'BRL' } };
    const run = await runDailyExport(brazil, DAY);
    expect(run).toMatchObject({ status: 'done', format: 'br-sigap' });
    expect(run.files.map((file) => file.name)).toEqual([
      'apostas.csv',
      'jogos.csv',
      'carteiras.csv',
      'apostadores.csv',
    ]);
    const read = async (name: string) => {
      const file = await readExportFile(brazil, DAY, name);
      return rowsOf((await contentOf(file.body)).toString('utf8'), ';');
    };
    const ledger = await ledgerOfTheDay();
    const bets = await read('apostas.csv');
    expect(sumOfType(bets, 'tipo', 'APOSTA', 'valor')).toBe(ledger.bet_amount);
    expect(sumOfType(bets, 'tipo', 'PREMIO', 'valor')).toBe(ledger.win_amount);
    expect(sumOfType(bets, 'tipo', 'ESTORNO', 'valor')).toBe(ledger.refund_amount);
    const games = await read('jogos.csv');
    expect(games).toHaveLength(1);
    expect(games[0]).toMatchObject({ codigo_jogo: gameCode, qtd_apostas: '4' });
    expect(cents(games[0]!.ggr!)).toBe(ledger.house_gain);
    const wallets = await read('carteiras.csv');
    expect(sumOf(wallets, 'valor_depositos')).toBe(ledger.deposits);
    expect(sumOf(wallets, 'valor_saques')).toBe(ledger.withdrawals);
    expect(sumOf(wallets, 'valor_tributos')).toBe(ledger.excise + ledger.withdrawal_tax);
    const bettors = await read('apostadores.csv');
    expect(bettors.map((row) => Number(row.id_apostador))).toEqual(
      [verified.id, unverified.id, bonusPlayer.id].sort((a, b) => a - b),
    );
    const masked = bettors.find((row) => Number(row.id_apostador) === verified.id)!.cpf_mascarado;
    expect(masked).toBe(maskedIdentity(String(10_000_000 + verified.id * 10)));
    expect(masked).not.toContain(String(10_000_000 + verified.id * 10));
  });

  it('writes every event and the totals as JSON lines where the law is not configured', async () => {
    const generic: RegulatorDeps = {
      ...deps,
      country: {
        ...KE,
        compliance: {
          ...KE.compliance,
          regulatorFeed: { format: 'generic', dailyDeadline: '06:00', nearRealTime: false },
        },
      },
    };
    const run = await runDailyExport(generic, DAY);
    expect(run).toMatchObject({ status: 'done', format: 'generic' });
    const kenyan = (await getExports(deps, DAY)).runs.find((each) => each.format === 'ke-gra')!;
    // The same events: one row more or less would be a reading, not a serialiser, that differs.
    expect(run.files[0]!.rows).toBe(kenyan.files[0]!.rows);
  });
});

describe('the daily job', () => {
  it('exports the previous day once it has settled, once, and records whether it was on time', async () => {
    // 00:05 in Nairobi on the 16th: the day is not settled yet.
    expect(await exportPreviousDay(deps, new Date('2026-06-15T21:05:00Z'))).toBeUndefined();
    const beforeRuns = (await getExports(deps, DAY)).runs.length;
    // 00:20: the day has runs already (above), so the job leaves it.
    expect(await exportPreviousDay(deps, new Date('2026-06-15T21:20:00Z'))).toBeUndefined();
    // The 17th: the 16th has no run yet; the job makes one, then leaves it.
    const run = await exportPreviousDay(deps, new Date('2026-06-16T21:20:00Z'));
    expect(run).toMatchObject({ day: '2026-06-16', status: 'done', rows: 12 });
    expect(await exportPreviousDay(deps, new Date('2026-06-16T21:35:00Z'))).toBeUndefined();
    // Produced now, months after its 06:00 deadline.
    expect(run!.late).toBe(true);
    expect((await getExports(deps, DAY)).runs).toHaveLength(beforeRuns);
  });

  it('is on time when produced before the next morning’s deadline', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: KE.timeZone }).format(new Date());
    const run = await runDailyExport(deps, today);
    expect(run).toMatchObject({ status: 'done', late: false });
  });
});

describe('the operator endpoint', () => {
  it('shows the runs and the live feed to staff with reports.read, and nothing to anyone else', async () => {
    const url = `${API_BASE}${ADMIN_PATHS.regulatorExports}?day=${DAY}`;
    const answer = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { code: number; data: RegulatorExports };
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ format: 'ke-gra', dailyDeadline: '06:00', timeZone: KE.timeZone });
    expect(body.data.runs.every((run) => run.day === DAY)).toBe(true);
    // The feed's first day ever: no day before it is due (the back office's overdue days start there).
    expect(body.data.firstDay).toBe(DAY);
    expect(body.data.live).not.toBeNull();

    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await download(DAY, 'transactions.csv', {})).statusCode).toBe(401);
    expect((await download(DAY, 'nothing.csv')).json()).toMatchObject({ code: 1004 });
    expect((await download('2026-13-01', 'transactions.csv')).statusCode).toBe(400);
  });
});

describe("Kenya's near-real-time feed", () => {
  it('writes every fact and its tax once, through the outbox to the file store', async () => {
    const { consumer, storeBatches } = liveFeed(deps);
    await consumer.catchUp(ctx.db);
    expect(await storeBatches()).toBeGreaterThan(0);
    expect(await storeBatches()).toBe(0);
    const status = await getExports(deps, DAY);
    expect(status.live).toMatchObject({ waiting: 0 });
    const batches = await ctx.db
      .selectFrom('regulator_live_batch')
      .select(['id', 'content', 'created_at'])
      .orderBy('id')
      .execute();
    const rows = batches.flatMap((batch) => rowsOf(batch.content, ','));
    const ours = rows.filter((row) => row.reference!.startsWith('rf:'));
    const ledger = await ledgerOfTheDay();
    expect(sumOfType(ours, 'record_type', 'STAKE', 'amount')).toBe(ledger.bet_amount);
    expect(sumOfType(ours, 'record_type', 'WIN', 'amount')).toBe(ledger.win_amount);
    expect(sumOfType(rows, 'record_type', 'EXCISE_DUTY', 'amount')).toBe(ledger.excise);
    // Every fact once: a second catch-up finds nothing new.
    expect(await consumer.catchUp(ctx.db)).toBe(0);
    const stored = await deps.store.get(liveKey(batches[0]!, 'transactions.csv'));
    expect(stored?.toString('utf8')).toBe(batches[0]!.content);
  });
});
