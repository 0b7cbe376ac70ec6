import { z } from 'zod';

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

const id = z.coerce.number().int().positive();

/** An empty text field of a form is no value. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The text fields of the submission (multipart; the images come as the file field `file`). The receipt
 * is stored in capitals, as M-PESA prints it.
 */
export const SubmitAppealFieldsSchema = z.object({
  orderId: id,
  receipt: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(MPESA_RECEIPT_PATTERN, '10 letters and digits')
      .transform((value) => value.toUpperCase())
      .optional(),
  ),
  content: z.string().trim().min(1).max(APPEAL_CONTENT_MAX),
});
export type SubmitAppealFields = z.infer<typeof SubmitAppealFieldsSchema>;

export const AppealIdSchema = z.object({ id });
export const AppealsByOrderQuerySchema = z.object({ orderId: id });

export const AppealSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  /** The deposit's public number and amount (minor units), to show without another call. */
  transNo: z.string(),
  payMoney: z.number().int(),
  receipt: z.string(),
  content: z.string(),
  /** Proof images: addresses under /uploads/. */
  images: z.array(z.string()),
  state: z.enum(APPEAL_STATES),
  /** ISO 8601. */
  createTime: z.string(),
  updateTime: z.string(),
});
export type Appeal = z.infer<typeof AppealSchema>;

export const AppealEventSchema = z.object({
  id: z.number().int(),
  state: z.enum(APPEAL_STATES),
  /** Who wrote it: the member (submitted) or support (the answers; also M-Pesa's own confirmation). */
  actor: z.enum(['member', 'operator']),
  note: z.string(),
  createTime: z.string(),
});
export type AppealEvent = z.infer<typeof AppealEventSchema>;

/** The appeal and its history, oldest event first. */
export const AppealTimelineSchema = AppealSchema.extend({ events: z.array(AppealEventSchema) });
export type AppealTimeline = z.infer<typeof AppealTimelineSchema>;

/** Operators: an open appeal with who made it. */
export const OpenAppealSchema = AppealSchema.extend({ memberId: z.number().int(), mobile: z.string() });

export const AnswerAppealRequestSchema = z.object({
  state: z.enum(ANSWER_STATES),
  note: z.string().trim().max(APPEAL_NOTE_MAX).default(''),
});
export type AnswerAppealRequest = z.infer<typeof AnswerAppealRequestSchema>;
