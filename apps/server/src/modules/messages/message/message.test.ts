import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS, MEMBER_PATHS, MESSAGE_PATHS } from '@app/contracts/paths';
import { callApi, newMobile } from '../../../../test/api-client.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { allowingWinnerAdvertising } from '../../../../test/markets.ts';
import { getNotices } from './message.service.ts';

const ctx = useTestApp();
/** A support desk's staff session (messages.send). */
let operator: Record<string, string>;

beforeAll(async () => {
  operator = (await staffSession(ctx, ['support'])).headers;
});

function call(
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; query?: string; admin?: Record<string, string> } = {},
) {
  return callApi(ctx, path, {
    method,
    json: options.body,
    ...(options.token ? { token: options.token } : {}),
    ...(options.query ? { query: options.query } : {}),
    ...(options.admin ? { headers: options.admin } : {}),
  });
}

describe('inbox', () => {
  it('starts with a welcome message, unread, and counts it as new', async () => {
    const { token } = await newMember(ctx);
    const inbox = await call('GET', MESSAGE_PATHS.inbox, { token });
    expect(inbox.data.total).toBe(1);
    expect(inbox.data.list[0]).toMatchObject({ title: expect.stringContaining('Welcome'), isRead: false });
    expect((await call('GET', MESSAGE_PATHS.newCount, { token })).data).toEqual({ total: 1 });
  });

  it('writes the welcome message in the language the member registered in', async () => {
    const number = newMobile('0722');
    const headers = { 'accept-language': 'fr-KE,fr;q=0.9' };
    const sent = await callApi(ctx, MEMBER_PATHS.sendSms, {
      form: { mobile: number.mobile, type: 'register' },
    });
    expect(sent.code).toBe(0);
    const smsCode = await ctx.sms.latestCode(number.e164);
    const registered = await callApi(ctx, MEMBER_PATHS.register, {
      form: { mobile: number.mobile, password: 'secret12', confirmPassword: 'secret12', smsCode },
      headers,
    });
    const inbox = await call('GET', MESSAGE_PATHS.inbox, { token: registered.data.token });
    expect(inbox.data.list[0].title).toMatch(/^Bienvenue sur /);
    expect(inbox.data.list[0].content).toContain('Votre compte est prêt');
  });

  it('pages 20 at a time, newest first; reads singly and in batch; deletes', async () => {
    const { token, mobile } = await newMember(ctx);
    for (let index = 1; index <= 21; index += 1) {
      const sent = await call('POST', ADMIN_PATHS.sendMessage, {
        admin: operator,
        body: { to: mobile, title: `Note ${index}`, content: `Body ${index}` },
      });
      expect(sent.data).toEqual({ sent: 1 });
    }
    const first = await call('GET', MESSAGE_PATHS.inbox, { token });
    expect(first.data).toMatchObject({ total: 22, page: 1, size: 20 });
    expect(first.data.list).toHaveLength(20);
    expect(first.data.list[0].title).toBe('Note 21');
    const second = await call('GET', MESSAGE_PATHS.inbox, { token, query: '?page=2' });
    expect(second.data.list).toHaveLength(2);

    const newest = first.data.list[0].id as number;
    expect((await call('POST', MESSAGE_PATHS.singleRead, { token, body: { id: newest } })).code).toBe(0);
    expect((await call('GET', MESSAGE_PATHS.newCount, { token })).data.total).toBe(21);
    expect(
      (
        await call('POST', MESSAGE_PATHS.batchRead, {
          token,
          body: { ids: `${first.data.list[1].id},${first.data.list[2].id}` },
        })
      ).code,
    ).toBe(0);
    expect((await call('GET', MESSAGE_PATHS.newCount, { token })).data.total).toBe(19);
    const all = await call('POST', MESSAGE_PATHS.batchRead, { token });
    expect(all.code).toBe(0);
    expect((await call('GET', MESSAGE_PATHS.newCount, { token })).data.total).toBe(0);

    expect((await call('GET', MESSAGE_PATHS.remove, { token, query: `?id=${newest}` })).code).toBe(0);
    expect((await call('GET', MESSAGE_PATHS.inbox, { token })).data.total).toBe(21);
    expect((await call('GET', MESSAGE_PATHS.remove, { token, query: `?id=${newest}` })).code).toBe(
      ERRORS.NOT_FOUND.code,
    );
  });

  it("cannot read, mark or delete another member's message", async () => {
    const owner = await newMember(ctx);
    const other = await newMember(ctx);
    const [message] = (await call('GET', MESSAGE_PATHS.inbox, { token: owner.token })).data.list;
    const id = message.id as number;
    expect((await call('POST', MESSAGE_PATHS.singleRead, { token: other.token, body: { id } })).status).toBe(
      404,
    );
    expect((await call('GET', MESSAGE_PATHS.remove, { token: other.token, query: `?id=${id}` })).status).toBe(
      404,
    );
    await call('POST', MESSAGE_PATHS.batchRead, { token: other.token, body: { ids: String(id) } });
    const still = await call('GET', MESSAGE_PATHS.inbox, { token: owner.token });
    expect(still.data.list[0]).toMatchObject({ id, isRead: false });
    const othersInbox = await call('GET', MESSAGE_PATHS.inbox, { token: other.token });
    expect(othersInbox.data.list.map((item: { id: number }) => item.id)).not.toContain(id);
  });

  it('needs login', async () => {
    for (const path of [
      MESSAGE_PATHS.inbox,
      MESSAGE_PATHS.newCount,
      MESSAGE_PATHS.notices,
      MESSAGE_PATHS.systemMessages,
    ]) {
      expect((await call('GET', path)).status).toBe(401);
    }
  });
});

describe('system messages and notices', () => {
  it('shows a system message to every member, with each one’s own read state', async () => {
    const a = await newMember(ctx);
    const b = await newMember(ctx);
    await call('POST', ADMIN_PATHS.sendMessage, {
      admin: operator,
      body: { to: 'system', title: 'Maintenance', content: 'Sunday 2am' },
    });
    const forA = await call('GET', MESSAGE_PATHS.systemMessages, { token: a.token });
    const message = forA.data.list[0];
    expect(message).toMatchObject({ title: 'Maintenance', isRead: false });
    expect(
      (await call('POST', MESSAGE_PATHS.systemSingleRead, { token: a.token, body: { id: message.id } })).code,
    ).toBe(0);
    expect((await call('GET', MESSAGE_PATHS.systemMessages, { token: a.token })).data.list[0].isRead).toBe(
      true,
    );
    expect((await call('GET', MESSAGE_PATHS.systemMessages, { token: b.token })).data.list[0].isRead).toBe(
      false,
    );
    expect(
      (await call('POST', MESSAGE_PATHS.systemSingleRead, { token: a.token, body: { id: 99999999 } })).status,
    ).toBe(404);
  });

  it('answers current notices: system text, and winners with a masked mobile and the amount where the market allows them', async () => {
    const { token } = await newMember(ctx);
    await call('POST', ADMIN_PATHS.publishNotice, {
      admin: operator,
      body: { type: 1, message: 'Deposits are instant with M-PESA' },
    });
    await call('POST', ADMIN_PATHS.publishNotice, {
      admin: operator,
      body: { type: 2, message: 'won on Crash', mobile: '0712345678', amount: 1250000 },
    });
    // Kenya forbids advertising former winners (issue 25 §5): its ticker has the operator's notice only.
    const inKenya = await call('GET', MESSAGE_PATHS.notices, { token });
    expect(inKenya.data.map((notice: { type: number }) => notice.type)).not.toContain(2);
    expect(inKenya.data[0]).toMatchObject({ type: 1, message: 'Deposits are instant with M-PESA' });
    const notices = await getNotices(ctx.db, allowingWinnerAdvertising(COUNTRY_PROFILES.KE));
    expect(notices[0]).toMatchObject({ type: 2, mobile: '0712****78', amount: 1250000 });
    expect(notices[1]).toMatchObject({ type: 1, message: 'Deposits are instant with M-PESA' });
  });

  it('sends to all active members at once', async () => {
    const a = await newMember(ctx);
    const answer = await call('POST', ADMIN_PATHS.sendMessage, {
      admin: operator,
      body: { to: 'all', title: 'Hello all', content: 'News' },
    });
    expect(answer.data.sent).toBeGreaterThanOrEqual(1);
    expect((await call('GET', MESSAGE_PATHS.inbox, { token: a.token })).data.list[0].title).toBe('Hello all');
  });
});

describe('operator endpoints', () => {
  it('refuse a wrong session, a staff member without messages.send, and bad input', async () => {
    const body = { to: 'all', title: 'x', content: 'y' };
    expect(
      (
        await call('POST', ADMIN_PATHS.sendMessage, {
          admin: { authorization: 'Bearer wrong-token-wrong-token-wrong' },
          body,
        })
      ).status,
    ).toBe(401);
    expect((await call('POST', ADMIN_PATHS.sendMessage, { body })).status).toBe(401);
    const viewer = (await staffSession(ctx, ['viewer'])).headers;
    const forbidden = await call('POST', ADMIN_PATHS.sendMessage, { admin: viewer, body });
    expect({ status: forbidden.status, code: forbidden.code }).toEqual({
      status: 403,
      code: ERRORS.FORBIDDEN.code,
    });
    const bad = await call('POST', ADMIN_PATHS.publishNotice, {
      admin: operator,
      body: { type: 3, message: 'x' },
    });
    expect(bad.code).toBe(ERRORS.BAD_REQUEST.code);
    const unknown = await call('POST', ADMIN_PATHS.sendMessage, {
      admin: operator,
      body: { to: '0799999999', title: 'x', content: 'y' },
    });
    expect(unknown.status).toBe(404);
  });
});
