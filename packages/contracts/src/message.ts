import { z } from 'zod';
import { MESSAGE_PAGE_SIZE, NOTICE_TYPE } from './message-rules.ts';

export * from './message-rules.ts';

/** Member inbox and notices (platform-core §3, §4, §7). */

export const InboxMessageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const MessagePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(MESSAGE_PAGE_SIZE),
});

export const MessageIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** batchRead: the ids to mark, or none for all of the member's messages. */
export const BatchReadRequestSchema = z.object({
  ids: z
    .union([z.array(z.coerce.number().int().positive()).max(100), z.string().max(2000)])
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

export const NewMessageCountSchema = z.object({ total: z.number().int() });

export const NoticeSchema = z.object({
  id: z.number().int(),
  type: z.union([z.literal(NOTICE_TYPE.SYSTEM), z.literal(NOTICE_TYPE.WINNER)]),
  message: z.string(),
  /** Winner notices: the winner's mobile, masked (0712****78). */
  mobile: z.string().optional(),
  /** Winner notices: the amount won in minor units. */
  amount: z.number().int().optional(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** Operator endpoints (ours, until the back office exists; docs/api.md). */
export const SendMessageRequestSchema = z
  .object({
    /** One member's mobile; `all` for a copy in every active member's inbox; `system` for a system message. */
    to: z.string().trim().min(1).max(20),
    title: z.string().trim().min(1).max(120),
    content: z.string().trim().min(1).max(4000),
  })
  .strict();

export const PublishNoticeRequestSchema = z
  .object({
    type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
    message: z.string().trim().min(1).max(300),
    mobile: z.string().trim().max(20).optional(),
    amount: z.coerce.number().int().min(0).max(1e12).optional(),
    /** How long the notice shows, in hours (default 24). */
    hours: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24),
  })
  .strict();
