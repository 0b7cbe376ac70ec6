import { z as zod } from 'zod';
import { MyBonusSchema } from './bonus.ts';
import { pageSchema } from './envelope.ts';
import { GameRecordSchema } from './games.ts';
import { AuditEntrySchema, OperatorReasonSchema } from './staff.ts';
import { MemberTransactionSchema } from './wallet.ts';
import { wholeNumber } from './whole-number.ts';

/**
 * The back office's player 360 view, completed (issue 26 §2; docs/back-office.md): the paged panels
 * (ledger, game rounds, bonuses, sessions, the audit entries that touch the player), the operators' notes
 * and tags, and the actions an operator takes with a reason. Each panel read is an audit entry
 * (`player.view` with the panel); each action one with its before and after.
 */

/** The panels of a player's view beyond the first page, each read on its own and paged. */
export const PLAYER_PANELS = ['ledger', 'rounds', 'bonuses', 'sessions', 'audit'] as const;
export type PlayerPanel = (typeof PLAYER_PANELS)[number];

export const PlayerPanelQuerySchema = zod.object({
  page: wholeNumber(1, 100_000).default(1),
  size: wholeNumber(1, 100).default(20),
});
export type PlayerPanelQuery = zod.infer<typeof PlayerPanelQuerySchema>;

/** The ledger panel: the player's transactions as their own statement shows them, newest first. */
export const PlayerLedgerPageSchema = pageSchema(MemberTransactionSchema);
/** Game rounds of every kind (in-house, crash, provider), newest first. */
export const PlayerRoundsPageSchema = pageSchema(GameRecordSchema);
/** Bonuses: the active one, those waiting, and the history, newest first, in one list. */
export const PlayerBonusesPageSchema = pageSchema(MyBonusSchema);

/** One login session and the device it came from; never its token. */
export const PlayerSessionSchema = zod.object({
  id: zod.number().int(),
  deviceId: zod.string().nullable(),
  ip: zod.string().nullable(),
  /** ISO 8601. */
  createdAt: zod.string(),
  lastSeenAt: zod.string(),
  expiresAt: zod.string(),
  endedAt: zod.string().nullable(),
  endReason: zod.string().nullable(),
});
export type PlayerSession = zod.infer<typeof PlayerSessionSchema>;
export const PlayerSessionsPageSchema = pageSchema(PlayerSessionSchema);

/** The audit entries whose target is this player (`member:{id}`), newest first. */
export const PlayerAuditPageSchema = pageSchema(AuditEntrySchema);

/** A reason every action carries: the audit log keeps it. */
export const ActionReasonSchema = OperatorReasonSchema;

/** An operator's note on a player: who wrote it and when. Notes are added, never edited. */
export const PlayerNoteSchema = zod.object({
  id: zod.number().int(),
  text: zod.string(),
  staffId: zod.number().int().nullable(),
  staffLogin: zod.string(),
  /** ISO 8601. */
  createdAt: zod.string(),
});
export type PlayerNote = zod.infer<typeof PlayerNoteSchema>;
export const AddPlayerNoteBodySchema = zod.object({ text: zod.string().trim().min(1).max(2000) });

export const PLAYER_TAG_MAX = 20;
/** A tag: short, lower case, letters, digits and dashes (`vip`, `chargeback-risk`). */
export const PlayerTagNameSchema = zod
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,29}$/, 'Must be 1 to 30 letters, digits or dashes');
export const PlayerTagSchema = zod.object({
  tag: zod.string(),
  staffLogin: zod.string(),
  /** ISO 8601: when this tag was put on. */
  createdAt: zod.string(),
});
export type PlayerTag = zod.infer<typeof PlayerTagSchema>;
/** The player's whole set of tags: those not in it come off, new ones go on (who, when). */
export const SetPlayerTagsBodySchema = zod.object({
  tags: zod
    .array(PlayerTagNameSchema)
    .max(PLAYER_TAG_MAX)
    .refine((tags) => new Set(tags).size === tags.length, { message: 'Each tag once' }),
});
export const PlayerNotesSchema = zod.object({
  notes: zod.array(PlayerNoteSchema),
  tags: zod.array(PlayerTagSchema),
});
export type PlayerNotes = zod.infer<typeof PlayerNotesSchema>;

/** Whether the account is disabled by an operator, and why (shown in the view). */
export const PlayerAccountSchema = zod.object({
  disabled: zod.boolean(),
  /** ISO 8601. */
  disabledAt: zod.string().nullable(),
  disabledReason: zod.string().nullable(),
  /** ISO 8601: the end of the time-out running now, if any. */
  breakEndsAt: zod.string().nullable(),
  /** Login sessions not ended nor expired. */
  liveSessions: zod.number().int(),
});
export type PlayerAccount = zod.infer<typeof PlayerAccountSchema>;

/** Disable or enable the account; end every session. */
export const PlayerActionBodySchema = zod.object({ reason: ActionReasonSchema });
/** Force a time-out of `hours`, within the market's time-out range. */
export const PlayerTimeOutBodySchema = zod.object({
  hours: wholeNumber(1, 24 * 366),
  reason: ActionReasonSchema,
});

/** The paths of this file's routes (players.read for reads, players.write and players.disable for writes). */
export const ADMIN_PLAYER_PATHS = {
  /** GET ?page,size: one panel of a player's view (players.read, audited as a view). */
  panel: '/admin/members/:id/panels/:panel',
  /** GET: the account's state (disabled, time-out, live sessions) (players.read). */
  account: '/admin/members/:id/account',
  /** GET the notes and tags; POST {text}: add a note (players.write, audited). */
  notes: '/admin/members/:id/notes',
  /** PUT {tags}: the player's tags (players.write, audited before/after). */
  tags: '/admin/members/:id/tags',
  /** POST {reason}: disable the account; every session ends (players.disable, audited). */
  disable: '/admin/members/:id/disable',
  /** POST {reason}: enable it again (players.disable, audited). */
  enable: '/admin/members/:id/enable',
  /** POST {hours, reason}: a time-out the player cannot end (players.protect, audited). */
  timeOut: '/admin/members/:id/time-out',
  /** POST {reason}: end every login session (players.write, audited). */
  endSessions: '/admin/members/:id/end-sessions',
} as const;

export const PlayerPanelParamsSchema = zod.object({
  id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  panel: zod.enum(PLAYER_PANELS),
});
