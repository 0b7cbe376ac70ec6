import { describe, expect, it } from 'vitest';
import type { RegulatorExportRun, RegulatorExports } from '@app/contracts/regulator';
import { feedDays } from './regulator-days.ts';

/** A run of the Kenyan feed (deadline 06:00 Nairobi, UTC+3). */
function run(day: string, status: RegulatorExportRun['status'], extra: Partial<RegulatorExportRun> = {}) {
  return {
    id: 1,
    day,
    format: 'ke-gra',
    status,
    rows: 10,
    checksum: status === 'done' ? 'ab'.repeat(32) : null,
    files: [],
    error: status === 'failed' ? 'the totals did not match the ledger' : null,
    startedAt: `${day}T22:00:00.000Z`,
    producedAt: status === 'done' ? `${day}T22:01:00.000Z` : null,
    late: false,
    ...extra,
  } satisfies RegulatorExportRun;
}

const feed = (runs: RegulatorExportRun[], firstDay = runs.at(-1)?.day ?? null): RegulatorExports => ({
  format: 'ke-gra',
  dailyDeadline: '06:00',
  timeZone: 'Africa/Nairobi',
  firstDay,
  runs,
  live: null,
});

describe('the regulator feed’s days', () => {
  // 05:00 in Nairobi on 10 March: the 9th is due in an hour, the 8th was due yesterday.
  const now = new Date('2026-03-10T02:00:00Z');

  it('lists the days since the first run, newest first, each sent, late, failed, running, pending or overdue', () => {
    const days = feedDays(
      feed([
        run('2026-03-07', 'running'),
        run('2026-03-06', 'failed'),
        run('2026-03-05', 'done', { late: true }),
        run('2026-03-04', 'failed'),
        run('2026-03-04', 'done'),
      ]),
      now,
    );
    expect(days.map((each) => each.day)).toEqual([
      '2026-03-09',
      '2026-03-08',
      '2026-03-07',
      '2026-03-06',
      '2026-03-05',
      '2026-03-04',
    ]);
    const stateOf = (day: string) => days.find((each) => each.day === day)?.state;
    expect(stateOf('2026-03-09')).toBe('pending');
    expect(stateOf('2026-03-08')).toBe('overdue');
    expect(stateOf('2026-03-07')).toBe('running');
    expect(stateOf('2026-03-06')).toBe('failed');
    expect(stateOf('2026-03-05')).toBe('sentLate');
    // A re-run that failed after the day was sent leaves it sent: the download serves the sent files.
    expect(stateOf('2026-03-04')).toBe('sent');
    expect(days.find((each) => each.day === '2026-03-04')).toMatchObject({
      tries: 2,
      run: { status: 'done' },
    });
    expect(days.find((each) => each.day === '2026-03-09')!.dueAt.toISOString()).toBe(
      '2026-03-10T03:00:00.000Z',
    );
  });

  it('expects yesterday alone before the first run ever, and each of the last 14 days of a feed that stopped', () => {
    expect(feedDays(feed([]), now).map((each) => ({ day: each.day, state: each.state }))).toEqual([
      { day: '2026-03-09', state: 'pending' },
    ]);
    // Exporting since January, no run in the last 14 days: every one of them is missing.
    const days = feedDays(feed([], '2026-01-10'), now);
    expect(days).toHaveLength(14);
    expect(days.filter((each) => each.state === 'overdue')).toHaveLength(13);
    expect(days.at(-1)!.day).toBe('2026-02-24');
  });
});
