import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
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

/** A task config's `countdown` that shows the time left all day (a site day has 86,400 s: no DST). */
export const COUNTDOWN_ALL_DAY = 86_400;

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
    /**
     * The countdown to the day's reset (spec §3 task config `countdown`): the task page and the launch
     * panel show the time left until the tasks start again during the last `countdown` seconds of the
     * site day; 0 never, 86,400 all day.
     */
    countdown: zod.number().int().min(0).max(COUNTDOWN_ALL_DAY),
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

/**
 * The task config (spec §3): enable, games, tasks, countdown (the operator's setting: show the time left
 * during the day's last `countdown` seconds); `day` the site day the progress is of; `resetIn` the seconds
 * from this answer until that day ends and the tasks start again (relative, so a phone's wrong clock does
 * not move it).
 */
export const DiamondTaskConfigSchema = zod.object({
  enable: zod.boolean(),
  games: zod.array(zod.number().int()),
  tasks: zod.array(DiamondTaskSchema),
  countdown: zod.number().int(),
  day: zod.string(),
  resetIn: zod.number().int(),
});
export type DiamondTaskConfig = zod.infer<typeof DiamondTaskConfigSchema>;

export const DiamondTaskCollectSchema = zod.object({
  id: wholeNumber(1, 2 ** 31 - 1),
});

export const DiamondTaskCollectResultSchema = zod.object({
  id: zod.number().int(),
  bonus: zod.number().int(),
  /** The member's diamonds after the collect. */
  diamond: zod.number().int(),
});
export type DiamondTaskCollectResult = zod.infer<typeof DiamondTaskCollectResultSchema>;

export const PageQuerySchema = zod.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, 100).default(50),
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
  excludeMaxId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
  limit: wholeNumber(1, 100).default(50),
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

/** Diamond spin (spec §7 diamond-spin/*): what a bet option costs and how many spins it is. */
export const SpinOptionSchema = zod.object({
  index: zod.number().int().min(0).max(9),
  spins: zod.number().int().min(1).max(100),
  /** Diamonds. */
  cost: zod.number().int().positive().max(1_000_000),
});
export type SpinOption = zod.infer<typeof SpinOptionSchema>;

export const SPIN_PRIZE_TYPES = ['none', 'coins', 'diamonds', 'cash'] as const;
export type SpinPrizeType = (typeof SPIN_PRIZE_TYPES)[number];

/**
 * One segment of the wheel: its prize (coins and cash in minor units, diamonds whole), its published
 * weight (its chance is weight / sum of weights) and its published daily pool (how many times a day it
 * pays; null: no limit, only for 'none'). A segment landed on when its pool is empty pays nothing.
 */
export const SpinSegmentSchema = zod
  .object({
    id: zod.number().int().positive().max(1_000_000),
    type: zod.enum(SPIN_PRIZE_TYPES),
    amount: zod.number().int().min(0).max(100_000_000),
    weight: zod.number().int().min(0).max(1_000_000),
    dailyPool: zod.number().int().min(0).max(1_000_000).nullable(),
  })
  .refine((segment) => (segment.type === 'none') === (segment.amount === 0), {
    message: "only a 'none' segment pays 0",
    path: ['amount'],
  })
  .refine((segment) => segment.type === 'none' || segment.dailyPool !== null, {
    message: 'a prize has a daily pool',
    path: ['dailyPool'],
  });
export type SpinSegment = zod.infer<typeof SpinSegmentSchema>;

export const DiamondSpinSettingsSchema = zod
  .object({
    options: zod.array(SpinOptionSchema).min(1).max(10),
    segments: zod.array(SpinSegmentSchema).min(2).max(64),
  })
  .refine(
    (settings) => new Set(settings.options.map((option) => option.index)).size === settings.options.length,
    {
      message: 'option indexes must be unique',
      path: ['options'],
    },
  )
  .refine(
    (settings) => new Set(settings.segments.map((segment) => segment.id)).size === settings.segments.length,
    {
      message: 'segment ids must be unique',
      path: ['segments'],
    },
  )
  .refine((settings) => settings.segments.some((segment) => segment.weight > 0), {
    message: 'some segment has a weight',
    path: ['segments'],
  });
export type DiamondSpinSettings = zod.infer<typeof DiamondSpinSettingsSchema>;

export const SpinFairnessSchema = zod.object({
  serverSeedHash: zod.string(),
  clientSeed: zod.string(),
  nonce: zod.number().int(),
});

export const DiamondSpinConfigSchema = zod.object({
  enable: zod.boolean(),
  day: zod.string(),
  options: zod.array(SpinOptionSchema),
  segments: zod.array(
    zod.object({
      id: zod.number().int(),
      type: zod.enum(SPIN_PRIZE_TYPES),
      amount: zod.number().int(),
      weight: zod.number().int(),
      dailyPool: zod.number().int().nullable(),
      /** What is left of today's pool (null: no limit). */
      remaining: zod.number().int().nullable(),
    }),
  ),
  /** The commitment for the caller's next bet. */
  fairness: SpinFairnessSchema,
  diamond: zod.number().int(),
});
export type DiamondSpinConfig = zod.infer<typeof DiamondSpinConfigSchema>;

export const DiamondSpinBetRequestSchema = zod.object({
  index: wholeNumber(0, 9),
  /** Ours, optional: the same id again is the same bet (a double tap, a retried call). */
  requestId: zod
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
  /** Ours, optional: the player's client seed from this bet on. */
  clientSeed: zod
    .string()
    .regex(/^[\x20-\x7e]{1,64}$/)
    .optional(),
});

export const DiamondSpinBetSchema = zod.object({
  id: zod.number().int(),
  index: zod.number().int(),
  cost: zod.number().int(),
  spins: zod.array(
    zod.object({
      segment: zod.number().int(),
      segmentId: zod.number().int(),
      type: zod.enum(SPIN_PRIZE_TYPES),
      amount: zod.number().int(),
      /** false: the segment's daily pool was empty, so it paid nothing. */
      paid: zod.boolean(),
    }),
  ),
  coins: zod.number().int(),
  diamonds: zod.number().int(),
  cash: zod.number().int(),
  /** Everything the verifier needs: the revealed seed, the published weights, the number of spins. */
  fairness: zod.object({
    serverSeed: zod.string(),
    serverSeedHash: zod.string(),
    clientSeed: zod.string(),
    nonce: zod.number().int(),
    weights: zod.array(zod.number().int()),
  }),
  createTime: zod.string(),
});
export type DiamondSpinBet = zod.infer<typeof DiamondSpinBetSchema>;

export const DiamondSpinBetResultSchema = DiamondSpinBetSchema.extend({
  /** The caller's diamonds after the bet, and the commitment for the next one. */
  diamond: zod.number().int(),
  next: SpinFairnessSchema,
});
export type DiamondSpinBetResult = zod.infer<typeof DiamondSpinBetResultSchema>;

export const DiamondSpinRecordsQuerySchema = zod.object({
  maxId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
  limit: wholeNumber(1, 100).default(50),
});

export const DiamondSpinWinnerSchema = zod.object({
  mobile: zod.string(),
  type: zod.enum(SPIN_PRIZE_TYPES),
  amount: zod.number().int(),
  createTime: zod.string(),
});
export type DiamondSpinWinner = zod.infer<typeof DiamondSpinWinnerSchema>;
