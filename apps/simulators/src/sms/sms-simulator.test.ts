import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsSimulator, type SmsSimulatorOptions } from './sms-simulator.ts';
import type { StoredSms } from './sms-message-store.ts';

const USERNAME = 'sandbox';
const API_KEY = 'test-key';
const SAFARICOM_NUMBER = '+254712345678';

const openSimulators: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(openSimulators.splice(0).map((app) => app.close()));
});

function startSimulator(options: Partial<SmsSimulatorOptions> = {}): FastifyInstance {
  const app = createSmsSimulator({ username: USERNAME, apiKey: API_KEY, ...options });
  openSimulators.push(app);
  return app;
}

function sendSms(
  app: FastifyInstance,
  form: Record<string, string>,
  headers: Record<string, string> = { apikey: API_KEY },
) {
  return app.inject({
    method: 'POST',
    url: '/version1/messaging',
    headers: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams({ username: USERNAME, ...form }).toString(),
  });
}

function control(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/__control', payload: body });
}

async function listMessages(app: FastifyInstance, number?: string): Promise<StoredSms[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/sms/messages',
    query: number === undefined ? {} : { number },
  });
  expect(response.statusCode).toBe(200);
  return response.json<StoredSms[]>();
}

describe('POST /version1/messaging', () => {
  it('answers 201 with the recipient, its cost and an ATXid message id', async () => {
    const app = startSimulator();
    const response = await sendSms(app, { to: SAFARICOM_NUMBER, message: 'Your code is 123456' });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      SMSMessageData: {
        Message: 'Sent to 1/1 Total Cost: KES 0.8000',
        Recipients: [
          {
            statusCode: 101,
            number: SAFARICOM_NUMBER,
            status: 'Success',
            cost: 'KES 0.8000',
            messageId: expect.stringMatching(/^ATXid_[0-9a-f]{32}$/),
          },
        ],
      },
    });
  });

  it('sends to every comma-separated recipient and refuses invalid numbers with 403', async () => {
    const app = startSimulator();
    const response = await sendSms(app, {
      to: `${SAFARICOM_NUMBER}, 0712345678,+233241234567`,
      message: 'hi',
    });

    const data = response.json().SMSMessageData;
    expect(data.Message).toBe('Sent to 2/3 Total Cost: KES 1.6000');
    expect(data.Recipients[1]).toEqual({
      statusCode: 403,
      number: '0712345678',
      status: 'InvalidPhoneNumber',
      cost: '0',
      messageId: 'None',
    });
    expect(await listMessages(app)).toHaveLength(2);
  });

  it('answers 401 with a text body for a wrong or missing apiKey, or another username', async () => {
    const app = startSimulator();
    const attempts = [
      await sendSms(app, { to: SAFARICOM_NUMBER, message: 'hi' }, { apikey: 'wrong' }),
      await sendSms(app, { to: SAFARICOM_NUMBER, message: 'hi' }, {}),
      await sendSms(app, { to: SAFARICOM_NUMBER, message: 'hi', username: 'someone-else' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe('The supplied authentication is invalid');
    }
    expect(await listMessages(app)).toEqual([]);
  });

  it('answers 400 when a required field is missing', async () => {
    const app = startSimulator();
    const response = await sendSms(app, { to: SAFARICOM_NUMBER });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("'message'");
  });
});

describe('fault switches', () => {
  it('fails the next N requests with HTTP 500, then recovers', async () => {
    const app = startSimulator({ faults: { failNextRequests: 1 } });
    expect((await sendSms(app, { to: SAFARICOM_NUMBER, message: 'a' })).statusCode).toBe(500);
    expect((await sendSms(app, { to: SAFARICOM_NUMBER, message: 'b' })).statusCode).toBe(201);

    expect((await control(app, { failNextRequests: 2 })).json()).toMatchObject({ failNextRequests: 2 });
    expect((await sendSms(app, { to: SAFARICOM_NUMBER, message: 'c' })).statusCode).toBe(500);
    expect((await sendSms(app, { to: SAFARICOM_NUMBER, message: 'd' })).statusCode).toBe(500);
    expect((await sendSms(app, { to: SAFARICOM_NUMBER, message: 'e' })).statusCode).toBe(201);
  });

  it('gives the next N recipients 500 InternalServerError or 501 GatewayError', async () => {
    const app = startSimulator();
    await control(app, { failNextRecipients: 1, recipientFailureStatusCode: 501 });

    const failed = (await sendSms(app, { to: SAFARICOM_NUMBER, message: 'a' })).json();
    expect(failed.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 501, status: 'GatewayError' });
    expect(failed.SMSMessageData.Message).toBe('Sent to 0/1 Total Cost: 0');

    const sent = (await sendSms(app, { to: SAFARICOM_NUMBER, message: 'b' })).json();
    expect(sent.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 101 });
  });

  it('refuses blacklisted numbers with 406 UserInBlacklist', async () => {
    const app = startSimulator();
    await control(app, { blacklist: ['254700000001'] });
    const response = await sendSms(app, { to: '+254700000001', message: 'a' });
    expect(response.json().SMSMessageData.Recipients[0]).toMatchObject({
      statusCode: 406,
      status: 'UserInBlacklist',
    });
  });

  it('rejects an unknown switch instead of ignoring it', async () => {
    const app = startSimulator();
    const response = await control(app, { failNextRequest: 1 });
    expect(response.statusCode).toBe(400);
  });
});

describe('inbox', () => {
  it('lists the messages of one number newest first, with or without its +', async () => {
    const app = startSimulator();
    await sendSms(app, { to: SAFARICOM_NUMBER, message: 'first', from: 'WINSLOTS' });
    await sendSms(app, { to: '+254722000000', message: 'other number' });
    await sendSms(app, { to: SAFARICOM_NUMBER, message: 'second' });

    const messages = await listMessages(app, SAFARICOM_NUMBER);
    expect(messages.map((sms) => sms.message)).toEqual(['second', 'first']);
    expect(messages[1]).toEqual({
      messageId: expect.stringMatching(/^ATXid_/),
      to: SAFARICOM_NUMBER,
      from: 'WINSLOTS',
      message: 'first',
      sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(messages[0]?.from).toBe('AFRICASTKNG');
    expect(await listMessages(app, '254712345678')).toEqual(messages);

    // An unescaped + in a query string arrives as a space.
    const raw = await app.inject({ method: 'GET', url: '/sms/messages?number=+254712345678' });
    expect(raw.json()).toEqual(messages);
  });

  it('keeps only the latest messages', async () => {
    const app = startSimulator({ maxStoredMessages: 2 });
    for (const text of ['one', 'two', 'three']) await sendSms(app, { to: SAFARICOM_NUMBER, message: text });
    expect((await listMessages(app)).map((sms) => sms.message)).toEqual(['three', 'two']);
  });

  it('renders an escaped, self-refreshing HTML page', async () => {
    const app = startSimulator();
    await sendSms(app, {
      to: SAFARICOM_NUMBER,
      message: '<script>alert("x")</script> & code 1234',
      from: '<b>',
    });

    const page = await app.inject({ method: 'GET', url: '/sms/inbox?number=%2B254712345678' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<meta http-equiv="refresh" content="2">');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; code 1234');
    expect(page.body).toContain('&lt;b&gt;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<b>');

    const overview = await app.inject({ method: 'GET', url: '/sms/inbox' });
    expect(overview.body).toContain('href="/sms/inbox?number=%2B254712345678"');
  });
});

describe('delivery reports', () => {
  type ReceivedReport = { contentType: string | undefined; form: URLSearchParams };

  /** A local callback receiver; `next()` resolves with the next report it gets. */
  async function startReportReceiver() {
    const waiting: ((report: ReceivedReport) => void)[] = [];
    const readBody = async (request: IncomingMessage) => {
      let body = '';
      for await (const chunk of request) body += String(chunk);
      return body;
    };
    const server = createServer((request, response) => {
      void readBody(request).then((body) => {
        response.writeHead(200).end('OK');
        waiting.shift()?.({ contentType: request.headers['content-type'], form: new URLSearchParams(body) });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/sms/delivery-report`,
      next: () => new Promise<ReceivedReport>((resolve) => waiting.push(resolve)),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('posts a form-encoded Success report for each sent message', async () => {
    const receiver = await startReportReceiver();
    try {
      const app = startSimulator({ deliveryReportUrl: receiver.url, deliveryReportDelayMs: 10 });

      const safaricomReport = receiver.next();
      const sent = await sendSms(app, { to: SAFARICOM_NUMBER, message: 'hi' });
      const messageId: string = sent.json().SMSMessageData.Recipients[0].messageId;
      const report = await safaricomReport;
      expect(report.contentType).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(report.form)).toEqual({
        id: messageId,
        status: 'Success',
        phoneNumber: SAFARICOM_NUMBER,
        networkCode: '63902',
        retryCount: '0',
      });

      const otherReport = receiver.next();
      await sendSms(app, { to: '+233241234567', message: 'hi' });
      expect((await otherReport).form.get('networkCode')).toBe('99999');
    } finally {
      await receiver.close();
    }
  });

  it('sends no report for a refused recipient', async () => {
    const receiver = await startReportReceiver();
    try {
      const app = startSimulator({ deliveryReportUrl: receiver.url, deliveryReportDelayMs: 0 });
      const firstReport = receiver.next();
      await sendSms(app, { to: 'not-a-number', message: 'hi' });
      const sent = await sendSms(app, { to: SAFARICOM_NUMBER, message: 'hi' });
      expect((await firstReport).form.get('id')).toBe(sent.json().SMSMessageData.Recipients[0].messageId);
    } finally {
      await receiver.close();
    }
  });

  it('logs a report it could not deliver instead of throwing', async () => {
    const receiver = await startReportReceiver();
    const unreachableUrl = receiver.url;
    await receiver.close();

    const logLines: string[] = [];
    const app = startSimulator({
      deliveryReportUrl: unreachableUrl,
      deliveryReportDelayMs: 0,
      logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } },
    });
    expect((await sendSms(app, { to: SAFARICOM_NUMBER, message: 'hi' })).statusCode).toBe(201);
    await expect.poll(() => logLines.join('')).toContain('delivery report failed');
    expect(logLines.join('')).not.toContain(API_KEY);
  });
});
