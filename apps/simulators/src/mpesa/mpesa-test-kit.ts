import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createStkPassword, SANDBOX_PASSKEY, SANDBOX_SHORTCODE } from './daraja-protocol.ts';
import { createMpesaSimulator, type MpesaSimulatorOptions } from './mpesa-simulator.ts';

/** Shared by the M-Pesa simulator's tests: a simulator with a movable clock and a callback receiver. */

export const CONSUMER_KEY = 'test-key';
export const CONSUMER_SECRET = 'test-secret';
export const PHONE = '254708374149';
export const TIMESTAMP = '20240710091526';

export type TestSimulator = {
  app: FastifyInstance;
  /** Moves the simulator's clock forward. */
  advance(ms: number): void;
  token(): Promise<string>;
  post(url: string, body: unknown, token?: string): Promise<LightMyRequestResponse>;
};

export function startMpesaSimulator(
  options: Partial<MpesaSimulatorOptions> = {},
  track: FastifyInstance[],
): TestSimulator {
  let time = Date.UTC(2024, 6, 10, 6, 15, 26);
  const app = createMpesaSimulator({
    consumerKey: CONSUMER_KEY,
    consumerSecret: CONSUMER_SECRET,
    now: () => time,
    ...options,
    switches: { callbackDelayMs: 0, ...options.switches },
  });
  track.push(app);
  return {
    app,
    advance: (ms) => {
      time += ms;
    },
    token: async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/oauth/v1/generate?grant_type=client_credentials',
        headers: {
          authorization: `Basic ${Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64')}`,
        },
      });
      return response.json<{ access_token: string }>().access_token;
    },
    post: (url, body, token) =>
      app.inject({
        method: 'POST',
        url,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        payload: body as Record<string, unknown>,
      }),
  };
}

export function stkPushBody(callbackUrl: string, overrides: Record<string, unknown> = {}) {
  return {
    BusinessShortCode: SANDBOX_SHORTCODE,
    Password: createStkPassword(SANDBOX_SHORTCODE, SANDBOX_PASSKEY, TIMESTAMP),
    Timestamp: TIMESTAMP,
    TransactionType: 'CustomerPayBillOnline',
    Amount: 10,
    PartyA: PHONE,
    PartyB: SANDBOX_SHORTCODE,
    PhoneNumber: PHONE,
    CallBackURL: callbackUrl,
    AccountReference: 'WS-12345',
    TransactionDesc: 'Deposit',
    ...overrides,
  };
}

export type CallbackReceiver = {
  url: string;
  /** Resolves with the next JSON body POSTed to the receiver (or one already received and not taken). */
  next(): Promise<{ path: string; body: unknown }>;
  close(): Promise<void>;
};

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: { path: string; body: unknown }[] = [];
  const waiting: ((callback: { path: string; body: unknown }) => void)[] = [];
  const readBody = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    return body;
  };
  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0}');
      const callback = { path: request.url ?? '', body: JSON.parse(text) as unknown };
      const waiter = waiting.shift();
      if (waiter === undefined) received.push(callback);
      else waiter(callback);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    next: () => {
      const first = received.shift();
      if (first !== undefined) return Promise.resolve(first);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}
