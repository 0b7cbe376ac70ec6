import { createSmsSimulator, type SmsFaults } from '@app/simulators/sms/sms-simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAfricasTalkingGateway, type AfricasTalkingOptions } from './africas-talking.ts';
import { SmsGatewayError } from './sms-gateway.ts';

const USERNAME = 'sandbox';
const API_KEY = 'secret-test-key-4f1c';
const NUMBER = '+254712345678';

let simulator: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  simulator = createSmsSimulator({ username: USERNAME, apiKey: API_KEY });
  baseUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => simulator?.close());

async function setFaults(faults: Partial<SmsFaults> & { clearMessages?: boolean }): Promise<void> {
  const response = await fetch(`${baseUrl}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(response.status).toBe(200);
}

beforeEach(async () => {
  await setFaults({ failNextRequests: 0, failNextRecipients: 0, blacklist: [], clearMessages: true });
});

async function messagesSentTo(number: string): Promise<{ message: string; from: string }[]> {
  const response = await fetch(`${baseUrl}/sms/messages?number=${encodeURIComponent(number)}`);
  return (await response.json()) as { message: string; from: string }[];
}

/** The gateway under test, with fast retries, a counter of HTTP attempts and the lines it logged. */
function createGateway(overrides: Partial<AfricasTalkingOptions> = {}) {
  const calls = { count: 0 };
  const logged: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    calls.count += 1;
    return fetch(input, init);
  };
  const gateway = createAfricasTalkingGateway({
    baseUrl,
    username: USERNAME,
    apiKey: API_KEY,
    fetch: countingFetch,
    retryDelaysMs: [1, 1],
    logger: { warn: (details, message) => logged.push(`${message} ${JSON.stringify(details)}`) },
    ...overrides,
  });
  return { gateway, calls, logged };
}

async function captureGatewayError(promise: Promise<unknown>): Promise<SmsGatewayError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SmsGatewayError);
  return error as SmsGatewayError;
}

describe("Africa's Talking gateway", () => {
  it('sends a message and returns the provider id', async () => {
    const { gateway, calls } = createGateway({ senderId: 'WINSLOTS' });

    const result = await gateway.send(NUMBER, 'Your code is 123456');

    expect(result).toEqual({
      accepted: true,
      messageId: expect.stringMatching(/^ATXid_/),
      statusCode: 101,
      status: 'Success',
    });
    expect(calls.count).toBe(1);
    expect(await messagesSentTo(NUMBER)).toMatchObject([
      { message: 'Your code is 123456', from: 'WINSLOTS' },
    ]);
  });

  it('throws without retrying when the key is wrong, and never shows the key', async () => {
    const wrongKey = 'wrong-key-9d2e';
    const { gateway, calls, logged } = createGateway({ apiKey: wrongKey });

    const error = await captureGatewayError(gateway.send(NUMBER, 'hi'));

    expect(error).toMatchObject({ failure: 'request-rejected', httpStatus: 401, attempts: 1 });
    expect(calls.count).toBe(1);
    const everythingVisible = `${error.message} ${String(error.stack)} ${JSON.stringify(error)} ${logged.join('')}`;
    expect(everythingVisible).not.toContain(wrongKey);
  });

  it('reports an invalid number as refused', async () => {
    const { gateway, calls } = createGateway();

    const result = await gateway.send('0712345678', 'hi');

    expect(result).toEqual({
      accepted: false,
      messageId: undefined,
      statusCode: 403,
      status: 'InvalidPhoneNumber',
    });
    expect(calls.count).toBe(1);
  });

  it('retries after HTTP 500 and then succeeds', async () => {
    await setFaults({ failNextRequests: 2 });
    const { gateway, calls, logged } = createGateway();

    const result = await gateway.send(NUMBER, 'hi');

    expect(result.accepted).toBe(true);
    expect(calls.count).toBe(3);
    expect(logged).toHaveLength(2);
    expect(logged.join('')).not.toContain(API_KEY);
    expect(logged.join('')).not.toContain(NUMBER);
  });

  it('retries a recipient answered 501 GatewayError', async () => {
    await setFaults({ failNextRecipients: 1, recipientFailureStatusCode: 501 });
    const { gateway, calls } = createGateway();

    const result = await gateway.send(NUMBER, 'hi');

    expect(result).toMatchObject({ accepted: true, statusCode: 101 });
    expect(calls.count).toBe(2);
    expect(await messagesSentTo(NUMBER)).toHaveLength(1);
  });

  it('does not retry a blacklisted number', async () => {
    await setFaults({ blacklist: [NUMBER] });
    const { gateway, calls } = createGateway();

    const result = await gateway.send(NUMBER, 'hi');

    expect(result).toEqual({
      accepted: false,
      messageId: undefined,
      statusCode: 406,
      status: 'UserInBlacklist',
    });
    expect(calls.count).toBe(1);
  });

  it('throws SmsGatewayError when every attempt fails', async () => {
    await setFaults({ failNextRequests: 5 });
    const { gateway, calls, logged } = createGateway();

    const error = await captureGatewayError(gateway.send(NUMBER, 'hi'));

    expect(error).toMatchObject({ failure: 'unavailable', attempts: 3, httpStatus: 500 });
    expect(calls.count).toBe(3);
    expect(logged.at(-1)).toContain('giving up');
    expect(`${error.message}${logged.join('')}`).not.toContain(API_KEY);
  });

  it('throws SmsGatewayError when every recipient attempt answers 500', async () => {
    await setFaults({ failNextRecipients: 3, recipientFailureStatusCode: 500 });
    const { gateway, calls } = createGateway();

    const error = await captureGatewayError(gateway.send(NUMBER, 'hi'));

    expect(error).toMatchObject({ failure: 'unavailable', attempts: 3 });
    expect(error.message).toContain('InternalServerError');
    expect(calls.count).toBe(3);
  });

  it('retries network errors', async () => {
    const closed = createSmsSimulator({ username: USERNAME, apiKey: API_KEY });
    const closedUrl = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    const { gateway, calls } = createGateway({ baseUrl: closedUrl });

    const error = await captureGatewayError(gateway.send(NUMBER, 'hi'));

    expect(error).toMatchObject({ failure: 'unavailable', attempts: 3, httpStatus: undefined });
    expect(calls.count).toBe(3);
  });

  it('gives up on an attempt that outlives its timeout', async () => {
    let attempts = 0;
    // Answers only by failing when the adapter aborts, like a provider that never responds.
    const silentFetch: typeof fetch = (_input, init) => {
      attempts += 1;
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    };
    const gateway = createAfricasTalkingGateway({
      baseUrl,
      username: USERNAME,
      apiKey: API_KEY,
      fetch: silentFetch,
      retryDelaysMs: [1],
      timeoutMs: 20,
    });

    const error = await captureGatewayError(gateway.send(NUMBER, 'hi'));

    expect(error).toMatchObject({ failure: 'unavailable', attempts: 2 });
    expect(error.message).toContain('timed out');
    expect(attempts).toBe(2);
  });

  it('does not retry a 201 it cannot read, since the message may already be on its way', async () => {
    let attempts = 0;
    const garbledFetch: typeof fetch = async () => {
      attempts += 1;
      return new Response('<html>proxy says hi</html>', { status: 201 });
    };
    const gateway = createAfricasTalkingGateway({
      baseUrl,
      username: USERNAME,
      apiKey: API_KEY,
      fetch: garbledFetch,
      retryDelaysMs: [1, 1],
    });

    const error = await captureGatewayError(gateway.send(NUMBER, 'hi'));

    expect(error).toMatchObject({ failure: 'unusable-response', httpStatus: 201, attempts: 1 });
    expect(attempts).toBe(1);
  });

  it('sends the protocol headers and form fields', async () => {
    let captured: { url: string; headers: Headers; form: URLSearchParams } | undefined;
    const recordingFetch: typeof fetch = async (input, init) => {
      captured = {
        url: String(input),
        headers: new Headers(init?.headers),
        form: new URLSearchParams(String(init?.body)),
      };
      return fetch(input, init);
    };
    const gateway = createAfricasTalkingGateway({
      baseUrl: `${baseUrl}/`,
      username: USERNAME,
      apiKey: API_KEY,
      senderId: 'WINSLOTS',
      fetch: recordingFetch,
    });

    await gateway.send(NUMBER, 'hello');

    expect(captured?.url).toBe(`${baseUrl}/version1/messaging`);
    expect(captured?.headers.get('apikey')).toBe(API_KEY);
    expect(captured?.headers.get('accept')).toBe('application/json');
    expect(captured?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(captured?.form ?? [])).toEqual({
      username: USERNAME,
      to: NUMBER,
      message: 'hello',
      from: 'WINSLOTS',
    });
  });
});
