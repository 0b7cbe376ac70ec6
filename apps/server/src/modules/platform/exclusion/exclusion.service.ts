import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import * as repository from './exclusion.repository.ts';
import type { ExcludedIdentityKind } from './exclusion.tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Self-exclusion matched on identity (issue 25 §3; docs/compliance.md "Breaks that hold"). This module keeps
 * the exclusions and the identities each covers, and answers whether any identity is excluded now; the
 * modules that know an identity gather it (member: numbers, devices, social logins; kyc: the ID number;
 * payments: M-Pesa numbers) and ask here before they let the person in or move money.
 */
export type ExcludedIdentity = { kind: ExcludedIdentityKind; value: string };

/** A phone number as E.164 digits (`+254 712…`, `254712…` → `254712…`): the login number and M-Pesa's alike. */
export function phoneIdentity(e164: string): ExcludedIdentity {
  return { kind: 'phone', value: e164.replace(/\D/g, '') };
}

/** The app's device id (the `deviceid` header); none when the app sent none. */
export function deviceIdentities(deviceId: string | null | undefined): ExcludedIdentity[] {
  return deviceId ? [{ kind: 'device', value: deviceId }] : [];
}

export function socialIdentity(provider: string, subject: string): ExcludedIdentity {
  return { kind: 'social', value: `${provider}:${subject}` };
}

/** The KYC identity key (`KE:NATIONAL_ID:12345678`, kyc.service `identityOf`). */
export function documentIdentity(identityKey: string): ExcludedIdentity {
  return { kind: 'identity', value: identityKey };
}

/**
 * Records a self-exclusion of `memberId` from now, for `months` or for good (null), covering `identities`;
 * in the caller's transaction, with the account's closing. Answers when it ends.
 */
export async function recordSelfExclusion(
  trx: Transaction<Database>,
  memberId: number,
  months: number | null,
  identities: readonly ExcludedIdentity[],
): Promise<Date | null> {
  const distinct = new Map(
    identities.map((identity) => [`${identity.kind}\u0000${identity.value}`, identity]),
  );
  return repository.insertExclusion(trx, { memberId, months, identities: [...distinct.values()] });
}

/** The refusal for an exclusion ending at `endsAt` (null: permanent), its end in `params.until`. */
function refusalUntil(endsAt: Date | null): AppError {
  if (endsAt === null) return new AppError('SELF_EXCLUDED_PERMANENTLY');
  const until = endsAt.toISOString();
  return new AppError('SELF_EXCLUDED', `You have excluded yourself from play until ${until}`, undefined, {
    until,
  });
}

/** The end that holds longest of several (null, permanent, first). */
function lastingEnd(ends: readonly (Date | null)[]): Date | null | undefined {
  if (ends.length === 0) return undefined;
  if (ends.includes(null)) return null;
  return new Date(Math.max(...ends.map((end) => (end as Date).getTime())));
}

/**
 * Refuses (SELF_EXCLUDED with the end, or SELF_EXCLUDED_PERMANENTLY) when an exclusion in force covers one
 * of `identities` or, with `memberId`, is that member's own. Registration, every login, identity
 * verification and every M-Pesa payment ask this.
 */
export async function refuseExcluded(
  db: Db,
  identities: readonly ExcludedIdentity[],
  memberId?: number,
): Promise<void> {
  const ends = [
    ...(await repository.findEndsCovering(db, identities)),
    ...(memberId === undefined ? [] : await repository.findEndsOfMember(db, memberId)),
  ];
  const end = lastingEnd(ends);
  if (end !== undefined) throw refusalUntil(end);
}

/** One self-exclusion as the back office's register shows it (issue 26 §4). */
export type ExclusionRecord = {
  id: number;
  memberId: number;
  months: number | null;
  startsAt: Date;
  endsAt: Date | null;
  inForce: boolean;
  identities: ExcludedIdentity[];
};

/**
 * Self-exclusions, newest first: those in force (or every one), of one member, or covering one identity
 * as recorded (a phone as E.164 digits, a device id, an ID key, `provider:subject`); at most `limit`.
 */
export async function listExclusions(
  db: Db,
  filter: { inForce: boolean; memberId?: number; identity?: string; limit: number },
): Promise<ExclusionRecord[]> {
  const rows = await repository.findRegister(db, filter);
  return rows.map((row) => ({
    id: Number(row.id),
    memberId: Number(row.member_id),
    months: row.months,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    inForce: row.in_force,
    identities: row.identities,
  }));
}
