import type { Kysely, Transaction } from 'kysely';
import type {
  AnswerAppealRequest,
  Appeal,
  AppealState,
  AppealTimeline,
  SubmitAppealFields,
} from '@app/contracts/feedback';
import { APPEAL_MAX_IMAGES } from '@app/contracts/feedback';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { describeOrders, type OrderSummary } from '../../payments/deposit/deposit.service.ts';
import { findMobiles } from '../../platform/member/member.service.ts';
import { sendToMember } from '../message/message.service.ts';
import type { AuditHook } from '../../platform/staff/audit.service.ts';
import { API_BASE, ADMIN_PATHS, FEEDBACK_PATHS } from '@app/contracts/paths';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import {
  isStoredImageName,
  readImage,
  storeImage,
  UPLOADS_URL_PREFIX,
} from '../../platform/upload/upload.service.ts';
import * as repository from './feedback.repository.ts';
import type { AppealRow } from './feedback.repository.ts';

type Db = Kysely<Database>;

/**
 * What appeals need from the deposit module: the member's own order (another member's is undefined,
 * answered like a missing one), and optionally asking M-Pesa about it again at once.
 */
export type DepositPort = {
  getMemberDepositOrder: (memberId: number, orderId: number) => Promise<{ state: number } | undefined>;
  /**
   * Locks the member's order in the appeal's transaction, so two submissions for the same deposit (a double
   * tap) take turns and the second sees the first's open appeal. The deposit module owns the row.
   */
  lockMemberOrder: (
    trx: Transaction<Database>,
    memberId: number,
    orderId: number,
  ) => Promise<{ state: number } | undefined>;
  recheckDepositOrder?: (memberId: number, orderId: number) => Promise<unknown>;
  /** Credits the order with a payment support verified (once per M-PESA receipt), through the deposit module. */
  creditOrder?: (
    orderId: number,
    payment: { receipt: string; amount?: number | undefined; note: string },
  ) => Promise<unknown>;
};

/** An answer: the spec's state and note, and (with approved) whether support also credits the deposit. */
export type AnswerInput = Pick<AnswerAppealRequest, 'state' | 'note'> &
  Partial<Pick<AnswerAppealRequest, 'credit' | 'receipt' | 'amount'>>;

export type FeedbackDeps = {
  db: Db;
  /** The upload store: proofs are kept there as private images. */
  uploads: FileStore;
  deposits: DepositPort;
  /** Where a failed re-check is reported (it never fails the submission). */
  log?: { warn: (object: unknown, message: string) => void };
};

/** The note of the answer given when M-Pesa itself confirms the payment. */
export const CONFIRMED_BY_MPESA_NOTE =
  'M-Pesa confirmed the payment; the deposit is credited to your balance.';

/**
 * Who reads an appeal, and so which authenticated route its proof images are addressed by: the member's
 * own (their session header) or the operators' (a staff session with appeals.read).
 */
type Reader = 'member' | 'staff';

const PROOF_ROUTES: Record<Reader, string> = {
  member: FEEDBACK_PATHS.proofImage,
  staff: ADMIN_PATHS.appealProofImage,
};

/**
 * A proof image's file name. The images column keeps the name; proofs stored before they had their own
 * folder are recorded as their old public address, `/uploads/{name}`, and their file is still there.
 */
function proofName(recorded: string): string {
  return recorded.startsWith(UPLOADS_URL_PREFIX) ? recorded.slice(UPLOADS_URL_PREFIX.length) : recorded;
}

function proofUrl(recorded: string, reader: Reader): string {
  return `${API_BASE}${PROOF_ROUTES[reader].replace(':name', proofName(recorded))}`;
}

/** The appeals with their deposits' number and amount, asked of the deposit module (it owns the orders). */
async function toAppeals(db: Db, rows: readonly AppealRow[], reader: Reader = 'member'): Promise<Appeal[]> {
  const orders = await describeOrders(
    db,
    rows.map((row) => Number(row.deposit_order_id)),
  );
  return rows.map((row) => toAppeal(row, orders.get(Number(row.deposit_order_id)), reader));
}

async function toOneAppeal(db: Db, row: AppealRow, reader: Reader = 'member'): Promise<Appeal> {
  const [appeal] = await toAppeals(db, [row], reader);
  if (!appeal) throw new AppError('NOT_FOUND');
  return appeal;
}

function toAppeal(row: AppealRow, order: OrderSummary | undefined, reader: Reader): Appeal {
  return {
    id: row.id,
    orderId: Number(row.deposit_order_id),
    transNo: order?.transNo ?? '',
    payMoney: order?.payMoney ?? 0,
    receipt: row.receipt,
    content: row.content,
    images: row.images.map((recorded) => proofUrl(recorded, reader)),
    state: row.state,
    createTime: row.created_at.toISOString(),
    updateTime: row.updated_at.toISOString(),
  };
}

async function withEvents(db: Db, row: AppealRow, reader: Reader = 'member'): Promise<AppealTimeline> {
  const [appeal, events] = await Promise.all([
    toOneAppeal(db, row, reader),
    repository.findEvents(db, row.id),
  ]);
  return {
    ...appeal,
    events: events.map((event) => ({
      id: event.id,
      state: event.state as AppealState,
      actor: event.actor,
      note: event.note,
      createTime: event.created_at.toISOString(),
    })),
  };
}

/** The files of the `file` field: one, or several when the multipart limit allows them. */
function filesOf(file: unknown): unknown[] {
  const files = file === undefined ? [] : Array.isArray(file) ? file : [file];
  if (files.length === 0) {
    throw new AppError('VALIDATION', undefined, [
      { field: 'file', message: 'Cannot be empty, please fill in!' },
    ]);
  }
  if (files.length > APPEAL_MAX_IMAGES) {
    throw new AppError('BAD_REQUEST', `At most ${APPEAL_MAX_IMAGES} images`, [
      { field: 'file', message: `At most ${APPEAL_MAX_IMAGES} images` },
    ]);
  }
  return files;
}

async function checkAppealable(deps: FeedbackDeps, memberId: number, orderId: number): Promise<void> {
  const order = await deps.deposits.getMemberDepositOrder(memberId, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  if (order.state === DEPOSIT_STATE.paid) throw new AppError('APPEAL_NOT_ALLOWED');
  if (await repository.hasOpenAppeal(deps.db, orderId)) throw new AppError('APPEAL_OPEN');
}

/**
 * A member's appeal of their own deposit that is not paid, with one to three proof images. Checked
 * before the images are stored, and again under the order's row lock, so a double tap makes one appeal.
 * Then M-Pesa is asked about the order at once: if it was paid after all, the member is credited (by the
 * deposit module) and the appeal is answered by itself.
 */
export async function submitAppeal(
  deps: FeedbackDeps,
  memberId: number,
  fields: SubmitAppealFields,
  file: unknown,
): Promise<AppealTimeline> {
  const files = filesOf(file);
  await checkAppealable(deps, memberId, fields.orderId);
  const images: string[] = [];
  for (const content of files) images.push(await storeImage(deps.uploads, 'private', content));

  const appealId = await deps.db.transaction().execute(async (trx) => {
    const order = await deps.deposits.lockMemberOrder(trx, memberId, fields.orderId);
    if (!order) throw new AppError('NOT_FOUND');
    if (order.state === DEPOSIT_STATE.paid) throw new AppError('APPEAL_NOT_ALLOWED');
    if (await repository.hasOpenAppeal(trx, fields.orderId)) throw new AppError('APPEAL_OPEN');
    const id = await repository.insertAppeal(trx, {
      memberId,
      orderId: fields.orderId,
      receipt: fields.receipt ?? '',
      content: fields.content,
      images,
    });
    await repository.insertEvent(trx, { appealId: id, actor: 'member', state: 'submitted', note: '' });
    return id;
  });

  if (deps.deposits.recheckDepositOrder) {
    try {
      await deps.deposits.recheckDepositOrder(memberId, fields.orderId);
    } catch (error) {
      // M-Pesa not answering is no reason to lose the appeal: support and the reconciliation job remain.
      deps.log?.warn({ err: error, appealId }, 'deposit re-check on appeal failed');
    }
  }
  await closeAppealsOfPaidOrder(deps, memberId, fields.orderId);
  return getTimeline(deps, memberId, appealId);
}

/**
 * Answers the member's open appeals of an order 'approved' when the order is paid (M-Pesa confirmed it;
 * the deposit module has credited the member). Safe to call at any time and more than once.
 */
export async function closeAppealsOfPaidOrder(
  deps: Pick<FeedbackDeps, 'db' | 'deposits'>,
  memberId: number,
  orderId: number,
): Promise<void> {
  const open = await repository.findOpenAppealIdsOfOrder(deps.db, memberId, orderId);
  if (open.length === 0) return;
  const order = await deps.deposits.getMemberDepositOrder(memberId, orderId);
  if (order?.state !== DEPOSIT_STATE.paid) return;
  for (const { id } of open) {
    await answer(deps.db, id, { state: 'approved', note: CONFIRMED_BY_MPESA_NOTE });
  }
}

/** One of the member's appeals with its history; another member's is answered like a missing one. */
export async function getTimeline(
  deps: Pick<FeedbackDeps, 'db' | 'deposits'>,
  memberId: number,
  id: number,
): Promise<AppealTimeline> {
  let row = await repository.findMemberAppeal(deps.db, memberId, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.state === 'submitted' || row.state === 'processing') {
    // The payment may have been confirmed since (a late callback, the reconciliation job).
    await closeAppealsOfPaidOrder(deps, memberId, Number(row.deposit_order_id));
    row = (await repository.findMemberAppeal(deps.db, memberId, id)) ?? row;
  }
  return withEvents(deps.db, row);
}

/** The member's appeals of one of their deposits, newest first (empty for another member's). */
export async function getAppealsOfOrder(db: Db, memberId: number, orderId: number): Promise<Appeal[]> {
  return toAppeals(db, await repository.findMemberAppealsOfOrder(db, memberId, orderId));
}

/** Another proof image for the member's own open appeal (three at most). */
export async function addImage(
  deps: FeedbackDeps,
  memberId: number,
  id: number,
  file: unknown,
): Promise<Appeal> {
  const [content] = filesOf(file);
  const current = await repository.findMemberAppeal(deps.db, memberId, id);
  if (!current) throw new AppError('NOT_FOUND');
  const full = () =>
    new AppError('BAD_REQUEST', `At most ${APPEAL_MAX_IMAGES} images`, [
      { field: 'file', message: `At most ${APPEAL_MAX_IMAGES} images` },
    ]);
  if (current.state !== 'submitted' && current.state !== 'processing')
    throw new AppError('APPEAL_NOT_ALLOWED');
  if (current.images.length >= APPEAL_MAX_IMAGES) throw full();
  const name = await storeImage(deps.uploads, 'private', content);
  // Checked again in the UPDATE itself: two additions at once cannot pass three.
  if (!(await repository.appendImage(deps.db, memberId, id, name))) throw full();
  const row = await repository.findMemberAppeal(deps.db, memberId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toOneAppeal(deps.db, row);
}

/**
 * Operators: the appeals waiting for an answer, oldest first. One whose deposit has been paid meanwhile
 * is answered 'approved' by itself here and left out: there is nothing for support to do.
 */
export async function getOpenAppeals(db: Db, limit = 200) {
  const rows = await repository.findOpenAppeals(db, limit);
  const [orders, mobiles] = await Promise.all([
    describeOrders(
      db,
      rows.map((row) => Number(row.deposit_order_id)),
    ),
    findMobiles(
      { db },
      rows.map((row) => Number(row.member_id)),
    ),
  ]);
  const waiting = [];
  for (const row of rows) {
    const order = orders.get(Number(row.deposit_order_id));
    if (order?.state === DEPOSIT_STATE.paid) {
      await answer(db, row.id, { state: 'approved', note: CONFIRMED_BY_MPESA_NOTE }).catch(
        (error: unknown) => {
          // Answered by someone else at the same moment: it is no longer open either way.
          if (!(error instanceof AppError)) throw error;
        },
      );
      continue;
    }
    const memberId = Number(row.member_id);
    waiting.push({ ...toAppeal(row, order, 'staff'), memberId, mobile: mobiles.get(memberId) ?? '' });
  }
  return waiting;
}

/**
 * A proof image of an appeal: the member's own (`memberId`), or any appeal's for an operator (undefined).
 * Undefined for a name no such appeal records, so another member's proof is answered like a missing one.
 */
export async function readProofImage(
  deps: Pick<FeedbackDeps, 'db' | 'uploads'>,
  memberId: number | undefined,
  name: string,
): Promise<{ content: Buffer; contentType: string } | undefined> {
  if (!isStoredImageName(name)) return undefined;
  const recorded = await repository.findRecordedProof(deps.db, name, memberId);
  if (recorded === undefined) return undefined;
  return readImage(deps.uploads, recorded.startsWith(UPLOADS_URL_PREFIX) ? 'public' : 'private', name);
}

/** Whether an image of the public folder is a proof stored there before proofs had their own folder. */
export async function isProofInPublicFolder(db: Db, name: string): Promise<boolean> {
  return isStoredImageName(name) && (await repository.findRecordedProof(db, name)) !== undefined;
}

const ANSWER_MESSAGES: Record<AnswerAppealRequest['state'], (transNo: string) => string> = {
  processing: (transNo) => `Support is looking into your appeal about deposit ${transNo}.`,
  approved: (transNo) => `Your appeal about deposit ${transNo} was approved.`,
  rejected: (transNo) => `Your appeal about deposit ${transNo} was not accepted.`,
};

/**
 * An answer to an open appeal (an operator's, or M-Pesa's confirmation): the new state, an event in the
 * history and a message in the member's inbox, together. An answered appeal (approved or rejected)
 * takes no further answer.
 *
 * A plain approval moves no money. Approval with `credit` also credits the deposit first, through the
 * deposit module, with the payment support verified in the M-PESA portal: the receipt (the member's, or
 * the operator's) is the key, so the same payment is never credited twice, whichever way it comes again
 * (a retried answer, a late callback, an unmatched payment credited by hand). If the credit is refused
 * (receipt already credited, deposit already paid some other way) the appeal stays open.
 *
 * An operator's answer is audited in the answer's transaction (`audit`, with the timeline it leaves). The
 * credit commits before it, in the deposit module's transaction: a stop between the two leaves the
 * deposit credited and the appeal open, and the operator's retry (a replay of the same receipt) answers it.
 */
export async function answer(
  db: Db,
  id: number,
  request: AnswerInput,
  deposits?: Pick<DepositPort, 'creditOrder'>,
  audit?: AuditHook<AppealTimeline>,
): Promise<AppealTimeline> {
  const appeal = await repository.findAppeal(db, id);
  if (!appeal) throw new AppError('NOT_FOUND');
  if (request.credit) {
    if (request.state !== 'approved') {
      throw new AppError('BAD_REQUEST', 'Only an approval can credit the deposit', [
        { field: 'credit', message: 'Only an approval can credit the deposit' },
      ]);
    }
    if (appeal.state !== 'submitted' && appeal.state !== 'processing') {
      throw new AppError('APPEAL_NOT_ALLOWED', 'This appeal is already answered');
    }
    const receipt = request.receipt ?? (appeal.receipt || undefined);
    if (!receipt) {
      throw new AppError('VALIDATION', undefined, [
        { field: 'receipt', message: 'Cannot be empty, please fill in!' },
      ]);
    }
    if (!deposits?.creditOrder) throw new AppError('UNAVAILABLE');
    await deposits.creditOrder(Number(appeal.deposit_order_id), {
      receipt,
      amount: request.amount,
      note: request.note,
    });
  }
  const { transNo } = await toOneAppeal(db, appeal);
  return db.transaction().execute(async (trx) => {
    const updated = await repository.updateOpenAppealState(trx, id, request.state);
    if (!updated) throw new AppError('APPEAL_NOT_ALLOWED', 'This appeal is already answered');
    await repository.insertEvent(trx, {
      appealId: id,
      actor: 'operator',
      state: request.state,
      note: request.note,
    });
    const text = ANSWER_MESSAGES[request.state](transNo);
    await sendToMember(trx, Number(appeal.member_id), {
      title: 'Your deposit appeal',
      content: request.note ? `${text}\n\n${request.note}` : text,
      link: PAGE_PATHS.appealTimeline(id),
    });
    const row = await repository.findAppeal(trx, id);
    if (!row) throw new AppError('NOT_FOUND');
    const timeline = await withEvents(trx, row, 'staff');
    await audit?.(trx, timeline);
    return timeline;
  });
}
