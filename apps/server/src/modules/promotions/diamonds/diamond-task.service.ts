import { siteDayOf, siteDayRange } from '@app/contracts/market-calendar';
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
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { AppError } from '../../../http/app-error.ts';
import { claimOnce, defineProgramme, loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { programmeFactConsumer } from '../kit/fact-consumer.ts';
import { type Fact } from '../../platform/wallet/money-facts.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
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

/** The day's task progress from the money facts, counted while the programme is on. */
export const diamondTaskProgress = (market: Market) =>
  programmeFactConsumer({
    name: 'diamond-task-progress',
    programme: DIAMOND_TASK,
    market,
    handle: (trx, facts) => repository.addProgress(trx, progressOf(facts, market)),
  });

export function diamondTaskJobs(db: Db, market: Market): Job[] {
  return [diamondTaskProgress(market).job(db)];
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
    await claimOnce(trx, {
      record: () =>
        repository.insertClaim(trx, {
          memberId,
          day,
          taskId: task.id,
          type: task.type,
          target: task.target,
          bonus: task.bonus,
        }),
      alreadyClaimed: 'TASK_COLLECTED',
      reward: () => ({
        programme: 'diamond-task',
        memberId,
        key: `${day}-task${task.id}:${memberId}`,
        diamonds: task.bonus,
        description: `Diamond task ${task.id} (${day})`,
      }),
      link: (_, transactionId) =>
        repository.setClaimTransaction(trx, { memberId, day, taskId: task.id, transactionId }),
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
