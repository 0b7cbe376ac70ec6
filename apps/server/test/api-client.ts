import { expect } from 'vitest';
import type { RegistrationIdentity } from '@app/contracts/kyc';
import type { RegistrationLimits } from '@app/contracts/limits';
import { API_BASE, MEMBER_PATHS } from '@app/contracts/paths';
import type { TestApp } from './test-app.ts';

/** An API answer as a test sees it: the HTTP status and the envelope. */
export type Answer = {
  status: number;
  code: number;
  msg: string;
  // The tests assert the shape of `data` themselves.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
};

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent form-encoded, as the web app does by default (spec §7). */
  form?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  query?: string;
  token?: string;
  ip?: string;
  deviceId?: string;
  headers?: Record<string, string>;
};

/** Calls an /api path through the app (no network), as a phone would. */
export async function callApi(ctx: TestApp, path: string, options: CallOptions = {}): Promise<Answer> {
  const { form, json } = options;
  const response = await ctx.app.inject({
    method: options.method ?? 'POST',
    url: `${API_BASE}${path}${options.query ?? ''}`,
    remoteAddress: options.ip ?? '10.0.0.1',
    headers: {
      ...(options.token ? { token: options.token } : {}),
      ...(options.deviceId ? { deviceid: options.deviceId } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...options.headers,
    },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    ...(json === undefined ? {} : { payload: json as Record<string, unknown> }),
  });
  const body = response.json();
  return { status: response.statusCode, code: body.code, msg: body.msg, data: body.data };
}

let nextSubscriber = 0;

/** A fresh valid Kenyan mobile per call, in the national and E.164 forms, so tests share nothing. */
export function newMobile(prefix = '0712'): { mobile: string; e164: string } {
  nextSubscriber += 1;
  const subscriber = String(nextSubscriber).padStart(6, '0');
  return { mobile: `${prefix}${subscriber}`, e164: `+254${prefix.slice(1)}${subscriber}` };
}

/**
 * Registers through the API with the SMS code read from the simulator's inbox (option 160 is on), from
 * `ip` and `deviceId`, with a friend's `inviteCode` or an agent's `guidCode` when given, and a social
 * login's `socialTicket` to link that account.
 */
export async function registerMember(
  ctx: TestApp,
  number: { mobile: string; e164: string } = newMobile(),
  options: {
    password?: string;
    ip?: string;
    deviceId?: string;
    inviteCode?: string;
    guidCode?: string;
    socialTicket?: string;
    /** Where the market verifies before the account exists: the identity and selfie (sent as JSON). */
    identity?: RegistrationIdentity;
    /** Where the market's law asks for limits at registration. */
    limits?: RegistrationLimits;
  } = {},
): Promise<Answer & { mobile: string; e164: string; token: string }> {
  const password = options.password ?? 'secret12';
  const ip = options.ip ?? '10.0.0.1';
  const { deviceId } = options;
  const sent = await callApi(ctx, MEMBER_PATHS.sendSms, {
    form: { mobile: number.mobile, type: 'register' },
    ip,
    deviceId,
  });
  expect(sent.code, sent.msg).toBe(0);
  const smsCode = await ctx.sms.latestCode(number.e164);
  const fields = {
    mobile: number.mobile,
    password,
    confirmPassword: password,
    smsCode,
    ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}),
    ...(options.guidCode ? { guidCode: options.guidCode } : {}),
    ...(options.socialTicket ? { socialTicket: options.socialTicket } : {}),
  };
  const gated = {
    ...(options.identity ? { identity: options.identity } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  };
  const answer = await callApi(ctx, MEMBER_PATHS.register, {
    ...(Object.keys(gated).length > 0 ? { json: { ...fields, ...gated } } : { form: fields }),
    ip,
    deviceId,
  });
  return { ...answer, ...number, token: answer.data?.token };
}

/**
 * How many answers came back with each code, for a race one request must win:
 * `expect(codeCounts(answers)).toEqual({ 0: 1, [ERRORS.SIGN_IN_ALREADY_CLAIMED.code]: 19 })`.
 */
export function codeCounts(answers: readonly { code: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { code } of answers) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}
