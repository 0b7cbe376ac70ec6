import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * Deposit appeals (spec routes /feedback/deposit/{id}, /feedback/timeline/{id}; issue 4 item 9): a member
 * whose deposit failed or never arrived describes it, gives the M-PESA receipt if they have one, and
 * attaches one to three screenshots; operators answer it. Shared by the server's routes and the pages.
 */
export const APPEAL_STATES = ['submitted', 'processing', 'approved', 'rejected'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];
/** An appeal still waiting for its answer: a second one for the same deposit is refused meanwhile. */
export const OPEN_APPEAL_STATES: readonly AppealState[] = ['submitted', 'processing'];
export const ANSWER_STATES = ['processing', 'approved', 'rejected'] as const;

export const APPEAL_CONTENT_MAX = 500;
export const APPEAL_NOTE_MAX = 500;
export const APPEAL_MAX_IMAGES = 3;
/** Spec §5: an uploaded file above 10 MB is refused (appeal proof included). */
export const APPEAL_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** An M-PESA receipt (transaction code): 10 letters and digits, e.g. `QGH7XK2M1P`. */
export const MPESA_RECEIPT_PATTERN = /^[A-Za-z0-9]{10}$/;

const id = wholeNumber(1, Number.MAX_SAFE_INTEGER);

/** An empty text field of a form is no value. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The text fields of the submission (multipart; the images come as the file field `file`). The receipt
 * is stored in capitals, as M-PESA prints it.
 */
export const SubmitAppealFieldsSchema = zod.object({
  orderId: id,
  receipt: zod.preprocess(
    blankToUndefined,
    zod
      .string()
      .trim()
      .regex(MPESA_RECEIPT_PATTERN, '10 letters and digits')
      .transform((value) => value.toUpperCase())
      .optional(),
  ),
  content: zod.string().trim().min(1).max(APPEAL_CONTENT_MAX),
});
export type SubmitAppealFields = zod.infer<typeof SubmitAppealFieldsSchema>;

export const AppealIdSchema = zod.object({ id });
export const AppealsByOrderQuerySchema = zod.object({ orderId: id });

export const AppealSchema = zod.object({
  id: zod.number().int(),
  orderId: zod.number().int(),
  /** The deposit's public number and amount (minor units), to show without another call. */
  transNo: zod.string(),
  payMoney: zod.number().int(),
  receipt: zod.string(),
  content: zod.string(),
  /**
   * Proof images: addresses of the authenticated image route under /api (the member's own, or the
   * operators' for staff answers), fetched with the session header, never public under /uploads/.
   */
  images: zod.array(zod.string()),
  state: zod.enum(APPEAL_STATES),
  /** ISO 8601. */
  createTime: zod.string(),
  updateTime: zod.string(),
});
export type Appeal = zod.infer<typeof AppealSchema>;

export const AppealEventSchema = zod.object({
  id: zod.number().int(),
  state: zod.enum(APPEAL_STATES),
  /** Who wrote it: the member (submitted) or support (the answers; also M-Pesa's own confirmation). */
  actor: zod.enum(['member', 'operator']),
  note: zod.string(),
  createTime: zod.string(),
});
export type AppealEvent = zod.infer<typeof AppealEventSchema>;

/** The appeal and its history, oldest event first. */
export const AppealTimelineSchema = AppealSchema.extend({ events: zod.array(AppealEventSchema) });
export type AppealTimeline = zod.infer<typeof AppealTimelineSchema>;

/** Operators: an open appeal with who made it. */
export const OpenAppealSchema = AppealSchema.extend({ memberId: zod.number().int(), mobile: zod.string() });

export const AnswerAppealRequestSchema = zod.object({
  state: zod.enum(ANSWER_STATES),
  note: zod.string().trim().max(APPEAL_NOTE_MAX).default(''),
  /**
   * With `approved`: also credit the deposit, once, with the payment support verified in the M-PESA
   * portal. `receipt` defaults to the one the member gave; `amount` (minor units) to the deposit's.
   */
  credit: zod.boolean().default(false),
  receipt: zod
    .string()
    .trim()
    .regex(MPESA_RECEIPT_PATTERN, '10 letters and digits')
    .transform((value) => value.toUpperCase())
    .optional(),
  amount: zod.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AnswerAppealRequest = zod.infer<typeof AnswerAppealRequestSchema>;
