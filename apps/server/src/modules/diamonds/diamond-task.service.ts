import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import {
  COUNTDOWN_ALL_DAY,
  DiamondTaskSettingsSchema,
  TASK_STATUS,
  TASK_TYPE,
  type DiamondTask,
  type DiamondTaskCollectResult,
  type DiamondTaskConfig,
  type DiamondTaskRecord,
  type DiamondTaskSettings,
  type TaskSetting,
} from '@app/contracts/diamonds';
import type { Database } from '../../db/schema.ts';
import { retryingTransaction } from '../../db/transactions.ts';
import type { Job } from '../../jobs/job-runner.ts';
import { AppError } from '../../http/app-error.ts';
import { defineProgramme, loadProgramme, payReward, requireProgramme } from '../promotions/programmes.ts';
import { siteDayOf, siteDayRange } from '../promotions/site-day.ts';
import {
  consumeAllFacts,
  consumeFacts,
  FACT_BATCH_LIMIT,
  FACT_CONSUMER_SECONDS,
  FACT_CONSUMERS_QUEUE,
  type Fact,
  type FactHandler,
} from '../wallet/money-facts.ts';
import { getBalances } from '../wallet/wallet.service.ts';
import * as repository from './diamond-task.repository.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions'>;

/**
 * Diamond tasks (issue 14 §4, docs/promotions.md "Diamonds"). A task's period is the SITE DAY: its
 * progress is what the member staked on any game (net of rolled-back stakes) or deposited in the market's
 * day, and each task may be collected once per day. All of a day's tasks progress at once from the same
 * totals (their targets rise with their index); the launch entry shows the first one not collected, and
 * after a collect the next.
 */
export const DIAMOND_TASK = defineProgramme<DiamondTaskSettings>({
  code: 'diamond-task',
  settings: DiamondTaskSettingsSchema,
  defaults: {
    enabled: true,
    settings: {
      // Every game shows the launch entry until an operator names some (empty list = every game).
      games: [],
      // The time left until the tasks start again shows all day.
      countdown: COUNTDOWN_ALL_DAY,
      tasks: [
        { id: 1, type: 1, target: 5_000, bonus: 10, originalBonus: 0, enable: true },
        { id: 2, type: 1, target: 50_000, bonus: 50, originalBonus: 80, enable: true },
        { id: 3, type: 2, target: 50_000, bonus: 100, originalBonus: 0, enable: true },
        { id: 4, type: 1, target: 500_000, bonus: 300, originalBonus: 0, enable: true },
      ],
    },
  },
});

/** The tasks a member may do in this market: enabled ones, and no deposit task where the law forbids it. */
export function offeredTasks(
  settings: DiamondTaskSettings,
  market: Pick<Market, 'promotions'>,
): TaskSetting[] {
  return settings.tasks.filter(
    (task) => task.enable && (task.type !== TASK_TYPE.deposit || market.promotions.depositLinkedRewards),
  );
}

/** How far a task is with the day's totals. */
export function currentOf(task: Pick<TaskSetting, 'type'>, progress: repository.DayProgress): number {
  return task.type === TASK_TYPE.bet ? progress.staked : progress.deposited;
}

/** A task row's state (spec §4): collected (4), reached (1), else going (0). */
export function statusOf(current: number, target: number, collectedAt: Date | undefined): number {
  if (collectedAt) return TASK_STATUS.collected;
  return current >= target ? TASK_STATUS.reached : TASK_STATUS.going;
}

/** What a batch of money facts adds to members' days: stakes (less rollbacks) and paid deposits. */
export function progressOf(
  facts: Fact[],
  market: Market,
): { memberId: number; day: string; staked: number; deposited: number }[] {
  const byKey = new Map<string, { memberId: number; day: string; staked: number; deposited: number }>();
  for (const fact of facts) {
    const sign = fact.kind === 'bet' ? 1 : fact.kind === 'rollback' ? -1 : 0;
    if (sign === 0 && fact.kind !== 'deposit') continue;
    const day = siteDayOf(fact.createdAt, market);
    const key = `${fact.memberId}:${day}`;
    const row = byKey.get(key) ?? { memberId: fact.memberId, day, staked: 0, deposited: 0 };
    if (fact.kind === 'deposit') row.deposited += fact.amount;
    else row.staked += sign * fact.amount;
    byKey.set(key, row);
  }
  return [...byKey.values()];
}

/** Whole seconds from `now` until the site day it is in ends (the tasks' reset), at least 1. */
export function secondsUntilReset(now: Date, market: Market): number {
  const { to } = siteDayRange(siteDayOf(now, market), market);
  return Math.max(1, Math.ceil((to.getTime() - now.getTime()) / 1000));
}

/** The consumer's cursor over the money facts (`fact_cursor.consumer`). */
export const DIAMOND_TASK_PROGRESS = 'diamond-task-progress';

/**
 * Progress counts while the programme is on: facts that arrive while an operator (or the market's law)
 * has it off move the cursor and count for nothing, so switching it back on starts from zero that day
 * rather than paying for play during the pause.
 */
function progressHandler(market: Market): FactHandler {
  return async (trx, facts) => {
    if (!(await loadProgramme(trx, DIAMOND_TASK, market)).enabled) return;
    await repository.addProgress(trx, progressOf(facts, market));
  };
}

/** One batch of money facts into task progress, counted once (in the transaction that moves the cursor). */
export async function consumeTaskProgress(db: Db, market: Market, options: { limit?: number } = {}) {
  return consumeFacts(db, DIAMOND_TASK_PROGRESS, progressHandler(market), options);
}

/** Every fact committed so far into task progress (tests; a process catching up). */
export async function catchUpTaskProgress(db: Db, market: Market): Promise<number> {
  return consumeAllFacts(db, DIAMOND_TASK_PROGRESS, progressHandler(market));
}

export function diamondTaskJobs(db: Db, market: Market): Job[] {
  return [
    {
      name: DIAMOND_TASK_PROGRESS,
      schedule: { everySeconds: FACT_CONSUMER_SECONDS },
      group: FACT_CONSUMERS_QUEUE,
      run: async () => {
        while ((await consumeTaskProgress(db, market)) === FACT_BATCH_LIMIT);
      },
    },
  ];
}

/** The member's tasks today (`diamond-task/tasks`); a visitor (no member) sees them with no progress. */
export async function getTasks(
  db: Db,
  market: Market,
  memberId: number | undefined,
): Promise<DiamondTaskConfig> {
  const programme = await loadProgramme(db, DIAMOND_TASK, market);
  const now = new Date();
  const day = siteDayOf(now, market);
  const [progress, claims] =
    memberId === undefined
      ? [{ staked: 0, deposited: 0 }, []]
      : await Promise.all([
          repository.findProgress(db, memberId, day),
          repository.findClaims(db, memberId, day),
        ]);
  const collected = new Map(claims.map((claim) => [claim.task_id, claim.created_at]));
  const tasks: DiamondTask[] = offeredTasks(programme.settings, market).map((task, index) => {
    const current = currentOf(task, progress);
    const collectedAt = collected.get(task.id);
    return {
      id: task.id,
      type: task.type,
      target: task.target,
      bonus: task.bonus,
      originalBonus: task.originalBonus,
      current,
      index,
      collect: collectedAt ? collectedAt.toISOString() : null,
      enable: task.enable,
      status: statusOf(current, task.target, collectedAt),
    };
  });
  return {
    enable: programme.enabled,
    games: programme.settings.games,
    tasks: programme.enabled ? tasks : [],
    countdown: programme.settings.countdown,
    day,
    resetIn: secondsUntilReset(now, market),
  };
}

/**
 * Collects one of today's tasks: exactly once (the claim's primary key, member × day × task) and only when
 * reached, paying its bonus in diamonds from `promo:diamond-task:budget` in the same transaction.
 */
export async function collect(
  db: Db,
  market: Market,
  memberId: number,
  taskId: number,
): Promise<DiamondTaskCollectResult> {
  const programme = await requireProgramme(db, DIAMOND_TASK, market);
  const task = offeredTasks(programme.settings, market).find((candidate) => candidate.id === taskId);
  if (!task) throw new AppError('TASK_NOT_FOUND');
  const day = siteDayOf(new Date(), market);
  await retryingTransaction(db, async (trx) => {
    const current = currentOf(task, await repository.findProgress(trx, memberId, day));
    if (current < task.target) throw new AppError('TASK_NOT_REACHED');
    const claimed = await repository.insertClaim(trx, {
      memberId,
      day,
      taskId: task.id,
      type: task.type,
      target: task.target,
      bonus: task.bonus,
    });
    if (!claimed) throw new AppError('TASK_COLLECTED');
    const paid = await payReward(trx, {
      programme: 'diamond-task',
      memberId,
      key: `${day}-task${task.id}:${memberId}`,
      diamonds: task.bonus,
      description: `Diamond task ${task.id} (${day})`,
    });
    await repository.setClaimTransaction(trx, {
      memberId,
      day,
      taskId: task.id,
      transactionId: paid.transactionId,
    });
  });
  const balances = await getBalances(db, memberId);
  return { id: task.id, bonus: task.bonus, diamond: balances.diamonds };
}

export async function getRecords(
  db: Db,
  memberId: number,
  page: { page: number; size: number },
): Promise<{ list: DiamondTaskRecord[]; total: number; page: number; size: number }> {
  const { rows, total } = await repository.findClaimPage(db, memberId, page);
  return {
    list: rows.map((row) => ({
      day: row.day,
      taskId: row.task_id,
      type: row.type,
      target: Number(row.target),
      bonus: Number(row.bonus),
      createTime: row.created_at.toISOString(),
    })),
    total,
    page: page.page,
    size: page.size,
  };
}
