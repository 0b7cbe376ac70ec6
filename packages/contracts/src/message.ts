import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { MESSAGE_PAGE_SIZE, NOTICE_TYPE } from './message-rules.ts';

export * from './message-rules.ts';

/** Member inbox and notices (platform-core §3, §4, §7). */

export const InboxMessageSchema = zod.object({
  id: zod.number().int(),
  title: zod.string(),
  content: zod.string(),
  isRead: zod.boolean(),
  /** ISO 8601. */
  createTime: zod.string(),
  /** Ours: the app path the message leads to (a deposit appeal's answer opens its timeline). */
  link: zod.string().optional(),
});
export type InboxMessage = zod.infer<typeof InboxMessageSchema>;

export const MessagePageQuerySchema = zod.object({
  page: wholeNumber(1, 100_000).default(1),
  size: wholeNumber(1, 50).default(MESSAGE_PAGE_SIZE),
});

export const MessageIdSchema = zod.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/** batchRead: the ids to mark, or none for all of the member's messages. */
export const BatchReadRequestSchema = zod.object({
  ids: zod
    .union([zod.array(wholeNumber(1, Number.MAX_SAFE_INTEGER)).max(100), zod.string().max(2000)])
    .optional()
    .transform((value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => Number(part.trim()))
            .filter((id) => Number.isSafeInteger(id) && id > 0)
        : value,
    ),
});

export const NewMessageCountSchema = zod.object({ total: zod.number().int() });

export const NoticeSchema = zod.object({
  id: zod.number().int(),
  type: zod.union([zod.literal(NOTICE_TYPE.SYSTEM), zod.literal(NOTICE_TYPE.WINNER)]),
  message: zod.string(),
  /** Winner notices: the winner's mobile, masked (0712****78). */
  mobile: zod.string().optional(),
  /** Winner notices: the amount won in minor units. */
  amount: zod.number().int().optional(),
});
export type Notice = zod.infer<typeof NoticeSchema>;

/** Operator endpoints (ours, until the back office exists; docs/api.md). */
export const SendMessageRequestSchema = zod
  .object({
    /** One member's mobile; `all` for a copy in every active member's inbox; `system` for a system message. */
    to: zod.string().trim().min(1).max(20),
    title: zod.string().trim().min(1).max(120),
    content: zod.string().trim().min(1).max(4000),
  })
  .strict();

export const PublishNoticeRequestSchema = zod
  .object({
    type: wholeNumber(1, 2).pipe(zod.union([zod.literal(1), zod.literal(2)])),
    message: zod.string().trim().min(1).max(300),
    mobile: zod.string().trim().max(20).optional(),
    amount: wholeNumber(0, 1e12).optional(),
    /** How long the notice shows, in hours (default 24). */
    hours: wholeNumber(1, 24 * 90).default(24),
  })
  .strict();
