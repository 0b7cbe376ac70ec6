import type { InboxMessage } from '@app/contracts/message';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS, API_BASE, FEEDBACK_PATHS, MESSAGE_PATHS } from '@app/contracts/paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { depositSplit } from '@app/contracts/tax-rules';
import { callApi } from '../../../../test/api-client.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { countRows, newMember, payChannelId, transactionsOf } from '../../../../test/factory.ts';
import { JPEG, PNG, postMultipart, type MultipartPart } from '../../../../test/uploads.ts';
import { testPaymentDeps, useTestApp } from '../../../../test/test-app.ts';
import {
  getMemberDepositOrder,
  initDeposit,
  lockMemberOrderState,
  recheckDepositOrder,
} from '../../payments/deposit/deposit.service.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { CONFIRMED_BY_MPESA_NOTE, submitAppeal } from './feedback.service.ts';
import { createFolderStore } from '../../../adapters/storage/folder-store.ts';

/** What a deposit of `amount` puts in a Kenyan balance: the amount less its excise (Finance Act 2025). */
const netOfExcise = (amount: number) => depositSplit(amount, COUNTRY_PROFILES.KE.taxes.deposit).credited;

const ctx = useTestApp();
/** Support and payments desks: answers appeals, and credits deposits with them. */
let operator: Record<string, string>;

beforeAll(async () => {
  operator = (await staffSession(ctx, ['support', 'payments'])).headers;
});

const UPLOADS = '/uploads/';

let orders = 0;

/** A deposit order as the deposit module leaves it (the prompt sent; paid or failed later). */
async function order(memberId: number, state: number = DEPOSIT_STATE.waiting) {
  const channelId = await payChannelId(ctx, 'deposit');
  const row = await ctx.db
    .insertInto('deposit_order')
    .values({
      trans_no: `TAPPEAL${String((orders += 1)).padStart(6, '0')}`,
      member_id: memberId,
      channel_id: channelId,
      pay_money: 50_000,
      state,
    })
    .returning(['id', 'trans_no'])
    .executeTakeFirstOrThrow();
  return { id: row.id, transNo: row.trans_no };
}

function submit(
  token: string | undefined,
  fields: { orderId: number | string; content?: string; receipt?: string },
  file: Buffer | null = PNG,
) {
  const parts: MultipartPart[] = [{ name: 'orderId', value: String(fields.orderId) }];
  if (fields.content !== undefined) parts.push({ name: 'content', value: fields.content });
  if (fields.receipt !== undefined) parts.push({ name: 'receipt', value: fields.receipt });
  if (file) parts.push({ name: 'file', file });
  return postMultipart(ctx, FEEDBACK_PATHS.submitDepositAppeal, token, parts);
}

const timeline = (token: string, id: number) =>
  callApi(ctx, FEEDBACK_PATHS.timeline, { method: 'GET', query: `?id=${id}`, token });

const answer = (id: number, json: unknown, headers: Record<string, string> = operator) =>
  callApi(ctx, ADMIN_PATHS.answerAppeal.replace(':id', String(id)), { json, headers });

describe('submitting an appeal', () => {
  it('records the appeal with its receipt, text and image, and shows it in the timeline', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id);
    const answered = await submit(token, {
      orderId: deposit.id,
      receipt: 'qgh7xk2m1p',
      content: '  I paid but my balance did not change  ',
    });

    expect(answered.code).toBe(0);
    expect(answered.data).toMatchObject({
      orderId: deposit.id,
      transNo: deposit.transNo,
      payMoney: 50_000,
      receipt: 'QGH7XK2M1P',
      content: 'I paid but my balance did not change',
      state: 'submitted',
      events: [{ state: 'submitted', actor: 'member', note: '' }],
    });
    expect(answered.data.images).toEqual([
      expect.stringMatching(/^\/api\/account-service\/feedback\/images\/[0-9a-f]{32}\.png$/),
    ]);
    const served = await ctx.app.inject({ method: 'GET', url: answered.data.images[0], headers: { token } });
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const shown = await timeline(token, answered.data.id);
    expect(shown.data).toEqual(answered.data);
    const byOrder = await callApi(ctx, FEEDBACK_PATHS.byOrder, {
      method: 'GET',
      query: `?orderId=${deposit.id}`,
      token,
    });
    expect(byOrder.data.map((appeal: { id: number }) => appeal.id)).toEqual([answered.data.id]);
  });

  it('takes up to three images, the others through images/add, and no fourth', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id, DEPOSIT_STATE.failed);
    const submitted = await submit(token, { orderId: deposit.id, content: 'Failed but money left M-PESA' });
    expect(submitted.code).toBe(0);
    const add = (file: Buffer, appealId = submitted.data.id, as = token) =>
      postMultipart(ctx, FEEDBACK_PATHS.addImage, as, [
        { name: 'id', value: String(appealId) },
        { name: 'file', file, filename: 'proof.jpg', type: 'image/jpeg' },
      ]);

    expect((await add(JPEG)).data.images).toHaveLength(2);
    const third = await add(PNG);
    expect(third.data.images).toHaveLength(3);
    expect(third.data.images[1]).toMatch(/\.jpg$/);
    expect(await add(PNG)).toMatchObject({ status: 400, code: ERRORS.BAD_REQUEST.code });

    const stranger = await newMember(ctx);
    expect(await add(PNG, submitted.data.id, stranger.token)).toMatchObject({ status: 404, code: 1004 });
  });

  it('refuses a second appeal while one is open, and allows a new one once it is rejected', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id);
    const first = await submit(token, { orderId: deposit.id, content: 'first' });
    expect(first.code).toBe(0);
    const second = await submit(token, { orderId: deposit.id, content: 'second' });
    expect(second).toMatchObject({ status: 409, code: ERRORS.APPEAL_OPEN.code });

    expect((await answer(first.data.id, { state: 'processing' })).code).toBe(0);
    expect(await submit(token, { orderId: deposit.id, content: 'third' })).toMatchObject({
      code: ERRORS.APPEAL_OPEN.code,
    });
    expect((await answer(first.data.id, { state: 'rejected', note: 'No payment found' })).code).toBe(0);
    expect((await submit(token, { orderId: deposit.id, content: 'with the receipt now' })).code).toBe(0);
  });

  it('makes one appeal of two submitted at the same moment', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id);
    const answers = await Promise.all([
      submit(token, { orderId: deposit.id, content: 'tap' }),
      submit(token, { orderId: deposit.id, content: 'tap' }),
    ]);
    expect(answers.map((one) => one.code).sort()).toEqual([0, ERRORS.APPEAL_OPEN.code]);
    expect(await countRows(ctx, 'deposit_appeal', { deposit_order_id: deposit.id })).toBe(1);
  });

  it('refuses a paid deposit', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id, DEPOSIT_STATE.paid);
    expect(await submit(token, { orderId: deposit.id, content: 'x' })).toMatchObject({
      status: 409,
      code: ERRORS.APPEAL_NOT_ALLOWED.code,
    });
  });

  it("answers another member's deposit or appeal like a missing one", async () => {
    const owner = await newMember(ctx);
    const stranger = await newMember(ctx);
    const deposit = await order(owner.id);
    expect(await submit(stranger.token, { orderId: deposit.id, content: 'mine?' })).toMatchObject({
      status: 404,
      code: ERRORS.NOT_FOUND.code,
    });
    expect(await submit(stranger.token, { orderId: 99_999_999, content: 'x' })).toMatchObject({
      status: 404,
    });

    const appeal = await submit(owner.token, { orderId: deposit.id, content: 'mine' });
    expect(await timeline(stranger.token, appeal.data.id)).toMatchObject({ status: 404, code: 1004 });
    const byOrder = await callApi(ctx, FEEDBACK_PATHS.byOrder, {
      method: 'GET',
      query: `?orderId=${deposit.id}`,
      token: stranger.token,
    });
    expect(byOrder.data).toEqual([]);
  });

  it('refuses what is not an image, a file over 10 MB, and missing fields, storing nothing', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await submit(token, { orderId: deposit.id, content: 'x' }, svg)).toMatchObject({
      status: 400,
      code: ERRORS.NOT_AN_IMAGE.code,
    });
    const large = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect(await submit(token, { orderId: deposit.id, content: 'x' }, large)).toMatchObject({
      status: 413,
      code: ERRORS.PAYLOAD_TOO_LARGE.code,
    });
    expect(await submit(token, { orderId: deposit.id, content: 'x' }, null)).toMatchObject({
      status: 400,
      code: ERRORS.VALIDATION.code,
    });
    expect(await submit(token, { orderId: deposit.id, content: ' ' })).toMatchObject({
      status: 400,
      code: ERRORS.VALIDATION.code,
    });
    expect(await submit(token, { orderId: deposit.id, content: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      code: ERRORS.BAD_REQUEST.code,
    });
    expect(await submit(token, { orderId: deposit.id, content: 'x', receipt: 'QGH7-XK2M1' })).toMatchObject({
      status: 400,
      code: ERRORS.BAD_REQUEST.code,
    });
    expect(await submit(undefined, { orderId: deposit.id, content: 'x' })).toMatchObject({ status: 401 });
    expect(await countRows(ctx, 'deposit_appeal', { deposit_order_id: deposit.id })).toBe(0);
  });
});

describe('operators', () => {
  const inbox = async (token: string) =>
    (await callApi(ctx, MESSAGE_PATHS.inbox, { method: 'GET', token })).data.list as InboxMessage[];

  it('list open appeals and answer them; each answer is in the history and the member’s inbox', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id);
    const appeal = (await submit(token, { orderId: deposit.id, content: 'Where is my money?' })).data;

    const open = await callApi(ctx, ADMIN_PATHS.openAppeals, {
      method: 'GET',
      headers: operator,
    });
    expect(open.data).toContainEqual(
      expect.objectContaining({ id: appeal.id, memberId: id, state: 'submitted' }),
    );

    const processing = await answer(appeal.id, { state: 'processing', note: 'Checking with Safaricom' });
    expect(processing.data.state).toBe('processing');
    const approved = await answer(appeal.id, { state: 'approved', note: 'Found it' });
    expect(
      approved.data.events.map((event: { state: string; note: string; actor: string }) => [
        event.state,
        event.actor,
        event.note,
      ]),
    ).toEqual([
      ['submitted', 'member', ''],
      ['processing', 'operator', 'Checking with Safaricom'],
      ['approved', 'operator', 'Found it'],
    ]);
    expect((await timeline(token, appeal.id)).data.state).toBe('approved');

    const messages = await inbox(token);
    // Each answer leads to the appeal's timeline, the page the member opens with the message's button.
    expect(messages[0]).toMatchObject({
      title: 'Your deposit appeal',
      link: `/feedback/timeline/${appeal.id}`,
    });
    expect(messages[1]?.link).toBe(`/feedback/timeline/${appeal.id}`);
    expect(messages[0]?.content).toContain(`deposit ${deposit.transNo} was approved`);
    expect(messages[0]?.content).toContain('Found it');
    expect(messages[1]?.content).toContain('Checking with Safaricom');

    // Answered is final; and approving moved no money (only M-Pesa's confirmation does).
    expect(await answer(appeal.id, { state: 'rejected' })).toMatchObject({
      status: 409,
      code: ERRORS.APPEAL_NOT_ALLOWED.code,
    });
    expect(await transactionsOf(ctx, id)).toEqual([]);
    const after = await callApi(ctx, ADMIN_PATHS.openAppeals, {
      method: 'GET',
      headers: operator,
    });
    expect(after.data.map((entry: { id: number }) => entry.id)).not.toContain(appeal.id);
  });

  it('need a staff session with the permission; bad answers are refused', async () => {
    const { id, token } = await newMember(ctx);
    const appeal = (await submit(token, { orderId: (await order(id)).id, content: 'x' })).data;
    expect(
      await answer(appeal.id, { state: 'approved' }, { authorization: `Bearer ${'x'.repeat(43)}` }),
    ).toMatchObject({
      status: 401,
    });
    const viewer = (await staffSession(ctx, ['viewer'])).headers;
    expect(await answer(appeal.id, { state: 'approved' }, viewer)).toMatchObject({ status: 403 });
    // Support answers, but crediting the deposit is the payments desk's.
    const support = (await staffSession(ctx, ['support'])).headers;
    expect(
      await answer(appeal.id, { state: 'approved', credit: true, receipt: 'QWE1234567' }, support),
    ).toMatchObject({ status: 403, code: ERRORS.FORBIDDEN.code });
    expect(await answer(appeal.id, { state: 'submitted' })).toMatchObject({ status: 400, code: 1000 });
    expect(await answer(99_999_999, { state: 'approved' })).toMatchObject({ status: 404, code: 1004 });
    const asMember = await callApi(ctx, ADMIN_PATHS.openAppeals, { method: 'GET', token });
    expect(asMember.status).toBe(401);
  });

  it('approving with credit credits the deposit once, keyed by its M-PESA receipt', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id, DEPOSIT_STATE.failed);
    const appeal = (await submit(token, { orderId: deposit.id, content: 'I paid', receipt: 'qgh7xk2m1p' }))
      .data;
    expect(appeal.receipt).toBe('QGH7XK2M1P');

    // Credit goes with an approval only.
    expect(await answer(appeal.id, { state: 'rejected', credit: true })).toMatchObject({ status: 400 });
    const approved = await answer(appeal.id, {
      state: 'approved',
      credit: true,
      note: 'Found in the M-PESA portal: credited',
    });
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.data.state).toBe('approved');
    expect(await getBalances(ctx.db, id)).toMatchObject({
      cash: netOfExcise(50_000),
      withdrawable: netOfExcise(50_000),
    });
    const paid = await ctx.db
      .selectFrom('deposit_order')
      .select(['state', 'receipt', 'paid_money'])
      .where('id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ state: DEPOSIT_STATE.paid, receipt: 'QGH7XK2M1P', paid_money: 50_000 });
    // Answered: a second approval with credit is refused and credits nothing.
    expect(await answer(appeal.id, { state: 'approved', credit: true })).toMatchObject({
      code: ERRORS.APPEAL_NOT_ALLOWED.code,
    });

    // Another appeal naming the same receipt cannot be credited with it, and stays open.
    const other = await order(id, DEPOSIT_STATE.failed);
    const second = (await submit(token, { orderId: other.id, content: 'me too', receipt: 'QGH7XK2M1P' }))
      .data;
    expect(await answer(second.id, { state: 'approved', credit: true })).toMatchObject({
      code: ERRORS.RECEIPT_USED.code,
    });
    expect((await timeline(token, second.id)).data.state).toBe('submitted');
    // Without a receipt from the member, the operator must give the one they found.
    const third = await order(id, DEPOSIT_STATE.failed);
    const noReceipt = (await submit(token, { orderId: third.id, content: 'no code' })).data;
    expect(await answer(noReceipt.id, { state: 'approved', credit: true })).toMatchObject({
      code: ERRORS.VALIDATION.code,
    });
    expect(
      await answer(noReceipt.id, { state: 'approved', credit: true, receipt: 'RKT4ZZ81QA', amount: 20_000 }),
    ).toMatchObject({ code: 0 });
    expect((await getBalances(ctx.db, id)).cash).toBe(netOfExcise(70_000));
    const entries = await transactionsOf(ctx, id);
    expect(entries.map((entry) => entry.idempotency_key)).toEqual([
      'mpesa-receipt:QGH7XK2M1P',
      'mpesa-receipt:RKT4ZZ81QA',
    ]);
  });

  it('an appeal whose deposit has since been paid is answered approved by itself', async () => {
    const { id, token } = await newMember(ctx);
    const deposit = await order(id);
    const appeal = (await submit(token, { orderId: deposit.id, content: 'waiting for ages' })).data;
    // The deposit module settles the order (a late callback or the reconciliation job).
    await ctx.db
      .updateTable('deposit_order')
      .set({ state: DEPOSIT_STATE.paid })
      .where('id', '=', deposit.id)
      .execute();

    const shown = await timeline(token, appeal.id);
    expect(shown.data.state).toBe('approved');
    expect(shown.data.events.at(-1)).toMatchObject({ state: 'approved', note: CONFIRMED_BY_MPESA_NOTE });
    expect((await inbox(token))[0]?.content).toContain('was approved');
    // Once: reading again adds nothing.
    expect((await timeline(token, appeal.id)).data.events).toHaveLength(2);

    // The operators' queue does the same and leaves such an appeal out.
    const other = await order(id);
    const second = (await submit(token, { orderId: other.id, content: 'this one too' })).data;
    await ctx.db
      .updateTable('deposit_order')
      .set({ state: DEPOSIT_STATE.paid })
      .where('id', '=', other.id)
      .execute();
    const open = await callApi(ctx, ADMIN_PATHS.openAppeals, {
      method: 'GET',
      headers: operator,
    });
    expect(open.data.map((entry: { id: number }) => entry.id)).not.toContain(second.id);
    expect((await timeline(token, second.id)).data.events.at(-1)).toMatchObject({
      state: 'approved',
      actor: 'operator',
      note: CONFIRMED_BY_MPESA_NOTE,
    });
  });
});

describe('the re-check with M-Pesa on submission', () => {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

  it('credits a deposit M-Pesa says was paid (its callback lost) and answers the appeal by itself', async () => {
    const payments = testPaymentDeps(ctx);
    const registered = await newMember(ctx);
    const memberId = registered.id;
    const channelId = await payChannelId(ctx, 'deposit');

    // The member pays on the phone, but the callback never arrives.
    await ctx.mpesa.control({ dropCallbacks: true });
    try {
      const { transNo } = await initDeposit(
        payments,
        { id: memberId, mobile: registered.mobile },
        { payMoney: 20_000, payChannel: channelId },
        { platform: 3, language: 'en' },
        silent,
      );
      const order = await ctx.db
        .selectFrom('deposit_order')
        .select(['id', 'checkout_request_id'])
        .where('trans_no', '=', transNo)
        .executeTakeFirstOrThrow();
      await ctx.mpesa.answer(order.checkout_request_id ?? '', { pin: '1234' });
      expect((await getMemberDepositOrder(ctx.db, memberId, order.id)).state).toBe(DEPOSIT_STATE.waiting);

      const appeal = await submitAppeal(
        {
          db: ctx.db,
          uploads: createFolderStore(ctx.env.UPLOAD_DIR ?? ''),
          deposits: {
            getMemberDepositOrder: (member, orderId) => getMemberDepositOrder(ctx.db, member, orderId),
            lockMemberOrder: lockMemberOrderState,
            recheckDepositOrder: (member, orderId) => recheckDepositOrder(payments, member, orderId, silent),
          },
        },
        memberId,
        { orderId: order.id, content: 'I entered my PIN and got the SMS' },
        PNG,
      );

      expect(appeal.state).toBe('approved');
      expect(appeal.events.map((event) => [event.state, event.note])).toEqual([
        ['submitted', ''],
        ['approved', CONFIRMED_BY_MPESA_NOTE],
      ]);
      expect((await getBalances(ctx.db, memberId)).cash).toBe(netOfExcise(20_000));
    } finally {
      await ctx.mpesa.control({ reset: true });
    }
  });
});

describe('proof images', () => {
  const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const memberUrl = (name: string) => `${API_BASE}${FEEDBACK_PATHS.proofImage.replace(':name', name)}`;
  const staffUrl = (name: string) => `${API_BASE}${ADMIN_PATHS.appealProofImage.replace(':name', name)}`;

  it('are shown to the member who appealed and to staff with appeals.read, never publicly', async () => {
    const owner = await newMember(ctx);
    const appeal = (await submit(owner.token, { orderId: (await order(owner.id)).id, content: 'Proof' }))
      .data;
    const [url] = appeal.images as string[];
    const name = nameOf(url!);

    const own = await get(url!, { token: owner.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(PNG)).toBe(true);

    expect((await get(url!)).statusCode).toBe(401);
    // Another member learns nothing: the same answer as for a name that does not exist.
    const other = await newMember(ctx);
    expect((await get(url!, { token: other.token })).statusCode).toBe(404);
    expect((await get(memberUrl('0'.repeat(32) + '.png'), { token: owner.token })).statusCode).toBe(404);
    expect((await get(`${UPLOADS}${name}`)).statusCode).toBe(404);

    // Operators read it from the queue, where the address is theirs.
    const queue = await callApi(ctx, ADMIN_PATHS.openAppeals, { method: 'GET', headers: operator });
    const queued = queue.data.find((entry: { id: number }) => entry.id === appeal.id);
    expect(queued.images).toEqual([staffUrl(name)]);
    const staff = await get(staffUrl(name), operator);
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(PNG)).toBe(true);
    // A staff member without a role holds no appeals.read.
    const withoutPermission = (await staffSession(ctx, [])).headers;
    expect((await get(staffUrl(name), withoutPermission)).statusCode).toBe(403);
    expect((await get(staffUrl(name))).statusCode).toBe(401);
    // A member session is not a staff session.
    expect((await get(staffUrl(name), { token: owner.token })).statusCode).toBe(401);
  });

  it('stored publicly before proofs had their own folder are no longer served at /uploads/', async () => {
    const owner = await newMember(ctx);
    const appeal = (await submit(owner.token, { orderId: (await order(owner.id)).id, content: 'Old' })).data;
    // As an appeal of before recorded its proof: the file in the public folder, its /uploads/ address.
    const name = `${'ab'.repeat(16)}.png`;
    await writeFile(path.join(ctx.env.UPLOAD_DIR!, name), PNG);
    await ctx.db
      .updateTable('deposit_appeal')
      .set({ images: sql<string[]>`${JSON.stringify([`${UPLOADS}${name}`])}::jsonb` })
      .where('id', '=', appeal.id)
      .execute();

    expect((await get(`${UPLOADS}${name}`)).statusCode).toBe(404);
    const shown = await timeline(owner.token, appeal.id);
    expect(shown.data.images).toEqual([memberUrl(name)]);
    const own = await get(memberUrl(name), { token: owner.token });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect((await get(staffUrl(name), operator)).statusCode).toBe(200);
    expect((await get(memberUrl(name), { token: (await newMember(ctx)).token })).statusCode).toBe(404);

    // Avatars stay public.
    const avatar = `${'cd'.repeat(16)}.png`;
    await writeFile(path.join(ctx.env.UPLOAD_DIR!, avatar), PNG);
    expect((await get(`${UPLOADS}${avatar}`)).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('records each answer with the appeal before and the answer after', async () => {
    const { id, token } = await newMember(ctx);
    const appeal = (await submit(token, { orderId: (await order(id)).id, content: 'Audit me' })).data;
    expect((await answer(appeal.id, { state: 'processing', note: 'Looking' })).code).toBe(0);
    const entry = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'appeal.answer')
      .where('target', '=', `appeal:${appeal.id}`)
      .executeTakeFirstOrThrow();
    expect(entry.before).toMatchObject({ id: appeal.id, state: 'submitted' });
    expect(entry.after).toMatchObject({
      input: { state: 'processing', note: 'Looking' },
      result: { id: appeal.id, state: 'processing' },
    });
  });
});
