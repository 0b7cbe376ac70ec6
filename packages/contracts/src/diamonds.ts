import { z as zod } from 'zod';
import { MemberTransactionSchema } from './wallet.ts';

/**
 * Diamonds (issue 14 §4 and §5, spec §3 Task, §7 diamond-task/*, diamond-account/*): tasks that pay
 * diamonds, and the member's diamond account. Diamonds are whole units (the profile's `diamond`).
 */

/** Task types (spec §3): 1 stake a target on games, 2 deposit a target. */
export const TASK_TYPE = { bet: 1, deposit: 2 } as const;

/** A task row's state: going (Go), reached (Receive), collected (Received, spec §4 status 4). */
export const TASK_STATUS = { going: 0, reached: 1, collected: 4 } as const;

/** The launch task entry polls every 2017 ms (spec §9). */
export const TASK_POLL_MS = 2017;

/** One task as an operator sets it (programme `diamond-task` settings). Targets in minor units. */
export const TaskSettingSchema = zod.object({
  id: zod.number().int().positive(),
  type: zod.union([zod.literal(1), zod.literal(2)]),
  target: zod.number().int().positive(),
  bonus: zod.number().int().positive().max(1_000_000),
  /** Shown struck through beside the bonus when higher (an offer); 0 when none. */
  originalBonus: zod.number().int().min(0).max(1_000_000),
  enable: zod.boolean(),
});
export type TaskSetting = zod.infer<typeof TaskSettingSchema>;

export const DiamondTaskSettingsSchema = zod
  .object({
    /** The games whose launch frame shows the task entry (game ids). */
    games: zod.array(zod.number().int().positive()).max(500),
    tasks: zod.array(TaskSettingSchema).max(50),
    /** Seconds the launch entry waits before it first shows (spec §3 task config `countdown`). */
    countdown: zod.number().int().min(0).max(3600),
  })
  .refine((settings) => new Set(settings.tasks.map((task) => task.id)).size === settings.tasks.length, {
    message: 'task ids must be unique',
    path: ['tasks'],
  });
export type DiamondTaskSettings = zod.infer<typeof DiamondTaskSettingsSchema>;

/** One task as the member sees it today (spec §3). `collect`: when it was collected (ISO), else null. */
export const DiamondTaskSchema = zod.object({
  id: zod.number().int(),
  type: zod.number().int(),
  target: zod.number().int(),
  bonus: zod.number().int(),
  originalBonus: zod.number().int(),
  current: zod.number().int(),
  index: zod.number().int(),
  collect: zod.string().nullable(),
  enable: zod.boolean(),
  status: zod.number().int(),
});
export type DiamondTask = zod.infer<typeof DiamondTaskSchema>;

/** The task config (spec §3): enable, games, tasks, countdown; `day` the site day the progress is of. */
export const DiamondTaskConfigSchema = zod.object({
  enable: zod.boolean(),
  games: zod.array(zod.number().int()),
  tasks: zod.array(DiamondTaskSchema),
  countdown: zod.number().int(),
  day: zod.string(),
});
export type DiamondTaskConfig = zod.infer<typeof DiamondTaskConfigSchema>;

export const DiamondTaskCollectSchema = zod.object({
  id: zod.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const DiamondTaskCollectResultSchema = zod.object({
  id: zod.number().int(),
  bonus: zod.number().int(),
  /** The member's diamonds after the collect. */
  diamond: zod.number().int(),
});
export type DiamondTaskCollectResult = zod.infer<typeof DiamondTaskCollectResultSchema>;

export const PageQuerySchema = zod.object({
  page: zod.coerce.number().int().min(1).max(10_000).default(1),
  size: zod.coerce.number().int().min(1).max(100).default(50),
});

export const DiamondTaskRecordSchema = zod.object({
  day: zod.string(),
  taskId: zod.number().int(),
  type: zod.number().int(),
  target: zod.number().int(),
  bonus: zod.number().int(),
  createTime: zod.string(),
});
export type DiamondTaskRecord = zod.infer<typeof DiamondTaskRecordSchema>;

export const DiamondTaskRecordPageSchema = zod.object({
  list: zod.array(DiamondTaskRecordSchema),
  total: zod.number().int(),
  page: zod.number().int(),
  size: zod.number().int(),
});

export const DiamondBalanceSchema = zod.object({ diamond: zod.number().int() });

/** `diamond-account/records ?type,excludeMaxId`: the member's diamond movements older than `excludeMaxId`. */
export const DiamondRecordsQuerySchema = zod.object({
  type: MemberTransactionSchema.shape.type.optional(),
  excludeMaxId: zod.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: zod.coerce.number().int().min(1).max(100).default(50),
});

export const DiamondRecordSchema = zod.object({
  id: zod.number().int(),
  type: MemberTransactionSchema.shape.type,
  /** Change of the member's diamonds, signed. */
  diamond: zod.number().int(),
  description: zod.string(),
  createTime: zod.string(),
});
export type DiamondRecord = zod.infer<typeof DiamondRecordSchema>;

/** Progress in percent as the task row shows it: 100 only when reached, else capped below (spec §4). */
export function taskProgress(current: number, target: number, cap = 99): number {
  if (target <= 0 || current >= target) return 100;
  const percent = Math.floor((current / target) * 10_000) / 100;
  return Math.min(percent, cap);
}
