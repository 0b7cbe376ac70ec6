import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { PaymentDeps } from './payment-deps.ts';
import * as hintsRepository from './callback-hints.repository.ts';
import type { PaymentKind } from './callback-hints.repository.ts';

/**
 * Daraja callbacks carry no signature (reference §2.3): the defences are the secret path segment,
 * compared in constant time, and an optional allow-list of Safaricom's addresses. Either failing
 * answers 404 with no body, so a prober learns nothing. What the callback says is then still a hint:
 * money moves only on what M-Pesa confirms to a call we make, or on a result that reached the address
 * carrying the request's own token (`tokenMatches`), which a leaked global secret cannot forge.
 */
export function isTrustedCallback(
  deps: PaymentDeps,
  request: FastifyRequest<{ Params: { secret: string } }>,
): boolean {
  const given = Buffer.from(String(request.params.secret ?? ''));
  const expected = Buffer.from(deps.callbackSecret);
  const secretMatches = given.length === expected.length && timingSafeEqual(given, expected);
  const addressAllowed = deps.callbackIps.length === 0 || deps.callbackIps.includes(request.ip);
  return secretMatches && addressAllowed;
}

export function refuseCallback(reply: FastifyReply): FastifyReply {
  return reply.code(404).send();
}

type WarnLog = { warn(fields: Record<string, unknown>, message: string): void };

/**
 * Notes a callback on the secret path whose body could not be read. It is not an incident of ours (a
 * broken sender, a fuzzer that found the path, a leaked secret): one warn line a minute per kind at most,
 * saying how many arrived since the last line, so nobody can flood the log; the error level stays for
 * what we failed to do (issue 22 §4: 72 error lines per fuzz pass). One per app (its routes share it).
 */
export function unreadableCallbackLog(intervalMs = 60_000, now: () => number = Date.now) {
  const lastLineAt = new Map<string, number>();
  const unlogged = new Map<string, number>();
  return (log: WarnLog, kind: string, error: unknown): void => {
    const count = (unlogged.get(kind) ?? 0) + 1;
    const last = lastLineAt.get(kind);
    if (last !== undefined && now() - last < intervalMs) {
      unlogged.set(kind, count);
      return;
    }
    lastLineAt.set(kind, now());
    unlogged.set(kind, 0);
    log.warn(
      { kind, unreadable: count, reason: error instanceof Error ? error.message : String(error) },
      `unreadable ${kind} callback ignored (${count} since the last such line)`,
    );
  };
}

/** What Daraja expects back from a callback it delivered (any 200 stops its retries). */
export const CALLBACK_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

/** A fresh token for one request's callback address: 144 random bits, URL-safe. */
export function newCallbackToken(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Whether a callback reached the address we gave Safaricom with one request: the token there must equal
 * the request's own, compared in constant time. A request without a token (older rows) proves nothing.
 */
export function tokenMatches(expected: string | null, given: string | undefined): boolean {
  if (expected === null || given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The request a callback's address named and its token, read from the query string without a schema: a
 * malformed one is simply no proof, and the route's secret is checked before anything is answered.
 */
export function callbackProof<Name extends string>(
  query: unknown,
  name: Name,
): { [key in Name]: string | undefined } & { token: string | undefined } {
  const fields = (query ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);
  return { [name]: text(fields[name]), token: text(fields.token) } as {
    [key in Name]: string | undefined;
  } & {
    token: string | undefined;
  };
}

/** A callback address with the request it belongs to and its token in the query string. */
export function withCallbackProof(url: string, proof: Record<string, string>): string {
  const address = new URL(url);
  for (const [name, value] of Object.entries(proof)) address.searchParams.set(name, value);
  return address.toString();
}

/** What M-Pesa confirmed through a call we made (STK Push Query, Transaction Status, a token-proven result). */
export type ConfirmedOutcome = {
  paid: boolean;
  /** Minor units paid, when known. */
  amount: number | null;
  receipt: string | null;
  /** In words, for the operator's list. */
  description: string;
};

/**
 * Judges every callback still pending about one payment against what M-Pesa confirmed. A hint agrees when
 * it claimed the same outcome and, where both are known, the same amount and receipt; any other is a
 * disagreement an operator sees (a forged callback, or a broken one). Answers how many disagreed.
 */
export async function judgeHints(
  db: Kysely<Database> | Transaction<Database>,
  payment: PaymentKind,
  paymentId: number,
  confirmed: ConfirmedOutcome,
): Promise<number> {
  const hints = await hintsRepository.findPendingHints(db, payment, paymentId);
  if (hints.length === 0) return 0;
  const agree: number[] = [];
  const disagree: number[] = [];
  for (const hint of hints) {
    const sameOutcome = hint.paid === confirmed.paid;
    const sameAmount =
      !hint.paid ||
      hint.amount === null ||
      confirmed.amount === null ||
      Number(hint.amount) === confirmed.amount;
    const sameReceipt =
      !hint.paid || hint.receipt === null || confirmed.receipt === null || hint.receipt === confirmed.receipt;
    (sameOutcome && sameAmount && sameReceipt ? agree : disagree).push(hint.id);
  }
  await hintsRepository.setVerdicts(db, { agree, disagree }, confirmed.description);
  return disagree.length;
}
