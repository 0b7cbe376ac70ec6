import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry, AuditVerification } from '@app/contracts/staff';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import * as repository from './audit.repository.ts';

/**
 * The operators' audit log: every operator write, who, when, what, before and after, in a hash chain.
 *
 * hash(entry) = SHA-256(previous entry's hash + canonical JSON of the entry), the first entry's previous
 * hash being 64 zeros. Canonical JSON sorts object keys at every depth and has no spaces, so the same
 * entry read back from jsonb (which reorders keys) hashes the same. Appends lock the head row
 * (`audit_head`) first, so two operators writing at once make one chain, never a fork.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** Who wrote: a staff member, or the bootstrap (ADMIN_TOKEN, staffId null). */
export type Actor = { staffId: number | null; login: string; requestId: string | null };

export type AuditRecord = {
  /** What was done, `noun.verb`: `withdrawal.paid`, `staff.create`. */
  action: string;
  /** What it was done to, `kind:id`: `withdrawal:12`. */
  target?: string | null;
  before?: unknown;
  after?: unknown;
};

type Db = Kysely<Database>;

/**
 * Appends one entry. Given a transaction, inside it (the entry commits or rolls back with the write it
 * records); given the database, in a transaction of its own.
 */
export async function appendAudit(
  db: Db | Transaction<Database>,
  actor: Actor,
  record: AuditRecord,
): Promise<number> {
  if (!db.isTransaction) return db.transaction().execute((trx) => appendAudit(trx, actor, record));
  const trx = db as Transaction<Database>;
  const head = await repository.lockHead(trx);
  const entry = {
    id: head.last_id + 1,
    at: new Date().toISOString(),
    staffId: actor.staffId,
    staffLogin: actor.login,
    action: record.action,
    target: record.target ?? null,
    before: jsonValue(record.before),
    after: jsonValue(record.after),
    requestId: actor.requestId,
  };
  const hash = chainHash(head.last_hash, entry);
  await repository.insertEntry(trx, {
    id: entry.id,
    at: new Date(entry.at),
    staff_id: entry.staffId,
    staff_login: entry.staffLogin,
    action: entry.action,
    target: entry.target,
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
    request_id: entry.requestId,
    prev_hash: head.last_hash,
    hash,
  });
  return entry.id;
}

/** Runs `write` and appends its entry in the same transaction: both happen, or neither. */
export async function auditedWrite<T>(
  db: Db,
  actor: Actor,
  write: (trx: Transaction<Database>) => Promise<{ result: T; record: AuditRecord }>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const { result, record } = await write(trx);
    await appendAudit(trx, actor, record);
    return result;
  });
}

/**
 * An audit entry a service appends inside the transaction that makes an operator's decision, once the
 * decision's result is known (the payment decisions, appeal answers): the entry commits with the decision
 * or not at all. The service runs it last in that transaction, on every attempt of a retried one.
 */
export type AuditHook<T> = (trx: Transaction<Database>, result: T) => Promise<void>;

/**
 * An operator's decision: `decide` in a retried transaction, then its audit hook (if any) last in the same
 * transaction, on every attempt, so the entry commits with the decision or not at all.
 */
export function decideAudited<T>(
  db: Kysely<Database>,
  audit: AuditHook<T> | undefined,
  decide: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return retryingTransaction(db, async (trx) => {
    const result = await decide(trx);
    await audit?.(trx, result);
    return result;
  });
}

/**
 * The hook for an operator's decision taken by another module's service: before = the case as the operator
 * saw it, after = what they asked (`input`) and what the decision answered. A decision that fails (or is
 * refused) rolls its entry back with it.
 */
export function auditDecision<T>(
  actor: Actor,
  record: { action: string; target: string; before?: unknown; input?: unknown },
): AuditHook<T> {
  return async (trx, result) => {
    await appendAudit(trx, actor, {
      action: record.action,
      target: record.target,
      before: record.before,
      after: { input: record.input ?? null, result: result ?? null },
    });
  };
}

type HashedFields = {
  id: number;
  at: string;
  staffId: number | null;
  staffLogin: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
};

export function chainHash(previousHash: string, entry: HashedFields): string {
  return createHash('sha256').update(previousHash).update(canonicalJson(entry)).digest('hex');
}

/** JSON with object keys sorted at every depth and no whitespace; undefined members left out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
  return `{${members.join(',')}}`;
}

/** The value as JSON will hold it (dates as ISO strings, BigInt as text), null for none. */
function jsonValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)),
  ) as unknown;
}

function toFields(row: repository.AuditRow): HashedFields {
  return {
    id: row.id,
    at: row.at.toISOString(),
    staffId: row.staff_id,
    staffLogin: row.staff_login,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.request_id,
  };
}

const VERIFY_BATCH = 1000;

/**
 * Walks the chain from the first entry: each must carry the next id, the previous entry's hash, and its
 * own hash recomputed from its fields; the head must name the last entry. An edited entry fails its own
 * hash (or, if its hash was recomputed too, the next entry's link); a deleted one leaves a gap in the
 * ids and a broken link (or, deleted at the end, a head that names an entry no longer there).
 */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  let previousHash = GENESIS_HASH;
  let previousId = 0;
  let count = 0;
  const broken = (id: number, reason: string): AuditVerification => ({
    ok: false,
    entries: count,
    brokenAt: id,
    reason,
  });
  for (;;) {
    const rows = await repository.entriesAfter(db, previousId, VERIFY_BATCH);
    for (const row of rows) {
      if (row.id !== previousId + 1) {
        return broken(row.id, `entries ${previousId + 1}–${row.id - 1} are missing`);
      }
      if (row.prev_hash !== previousHash) {
        return broken(row.id, 'its previous hash is not the hash of the entry before it');
      }
      if (chainHash(row.prev_hash, toFields(row)) !== row.hash) {
        return broken(row.id, 'its content does not match its hash (edited)');
      }
      previousHash = row.hash;
      previousId = row.id;
      count += 1;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  const head = await repository.readHead(db);
  if (head.last_id !== previousId || head.last_hash !== previousHash) {
    return broken(previousId + 1, `the head names entry ${head.last_id}, the log ends at ${previousId}`);
  }
  return { ok: true, entries: count, brokenAt: null, reason: null };
}

/** A page of the log, newest first, by who, what, what about and when (the back office's Audit log). */
export async function listAudit(
  db: Db,
  query: {
    page: number;
    size: number;
    staffId?: number | undefined;
    staffLogin?: string | undefined;
    action?: string | undefined;
    /** Entries about one thing, `kind:id` (`member:12`: the player view's audit panel). */
    target?: string | undefined;
    /** ISO 8601: at or after `from`, before `to`. */
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<{ list: AuditEntry[]; total: number; page: number; size: number }> {
  const { from, to, page, size, ...filter } = query;
  const { rows, total } = await repository.pageOfEntries(
    db,
    {
      ...filter,
      from: from === undefined ? undefined : new Date(from),
      to: to === undefined ? undefined : new Date(to),
    },
    { offset: (page - 1) * size, limit: size },
  );
  return {
    list: rows.map((row) => ({ ...toFields(row), prevHash: row.prev_hash, hash: row.hash })),
    total,
    page,
    size,
  };
}
