import { sql, type Kysely, type Transaction } from 'kysely';
import type { PlayerAccount, PlayerNotes, PlayerSession } from '@app/contracts/back-office-players';
import type { CountryProfile } from '@app/contracts/country';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import * as repository from './member.repository.ts';

/**
 * What operators do to and about a player (issue 26 §2; docs/back-office.md): notes and tags with who and
 * when, the player's sessions and devices, and the actions taken with a reason: disable and enable the
 * account, force a time-out (the player's own time-out, `startBreak`), end every session. The caller (the
 * back office's routes) runs each write in a transaction with its audit entry; every action answers its
 * before and after for that entry.
 */
type Db = Kysely<Database> | Transaction<Database>;
type Staff = { staffId: number | null; login: string };
type Page = { page: number; size: number };

/** The member's login sessions, newest first, with the device and address each came from; never a token. */
export async function memberSessionsPage(
  db: Db,
  memberId: number,
  { page, size }: Page,
): Promise<{ list: PlayerSession[]; total: number }> {
  const rows = await db
    .selectFrom('member_session')
    .select(['id', 'device_id', 'ip', 'created_at', 'last_seen_at', 'expires_at', 'ended_at', 'end_reason'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .offset((page - 1) * size)
    .limit(size)
    .execute();
  const { total } = await db
    .selectFrom('member_session')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return {
    total: Number(total),
    list: rows.map((row) => ({
      id: Number(row.id),
      deviceId: row.device_id,
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      endedAt: row.ended_at?.toISOString() ?? null,
      endReason: row.end_reason,
    })),
  };
}

/**
 * When the device of one of the member's sessions was first seen for that member: the first session it
 * logged in with. Null when the session is not the member's or carried no device id.
 */
export async function sessionDeviceFirstSeen(
  db: Db,
  memberId: number,
  sessionId: number,
): Promise<Date | null> {
  const row = await db
    .selectFrom('member_session as s')
    .innerJoin('member_session as earlier', (join) =>
      join.onRef('earlier.member_id', '=', 's.member_id').onRef('earlier.device_id', '=', 's.device_id'),
    )
    .where('s.id', '=', sessionId)
    .where('s.member_id', '=', memberId)
    .select((eb) => eb.fn.min('earlier.created_at').as('first_seen'))
    .executeTakeFirst();
  return row?.first_seen ? new Date(row.first_seen) : null;
}

async function liveSessionCount(db: Db, memberId: number): Promise<number> {
  const { live } = await db
    .selectFrom('member_session')
    .select((eb) => eb.fn.countAll<string>().as('live'))
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(live);
}

/** The account's state as the actions change it: disabled, the time-out running, the live sessions. */
export async function playerAccount(db: Db, memberId: number): Promise<PlayerAccount> {
  const member = await repository.findMemberById(db, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  const running = await db
    .selectFrom('member_break')
    .select('ends_at')
    .where('member_id', '=', memberId)
    .where('ends_at', '>', sql<Date>`now()`)
    .orderBy('ends_at', 'desc')
    .executeTakeFirst();
  return {
    disabled: member.disabled_at !== null,
    disabledAt: member.disabled_at?.toISOString() ?? null,
    disabledReason: member.disabled_reason,
    breakEndsAt: running?.ends_at.toISOString() ?? null,
    liveSessions: await liveSessionCount(db, memberId),
  };
}

/**
 * Disables the account (no login, no session, no bet) and ends every session, in the caller's transaction.
 * The row is claimed by `disabled_at is null`: of two operators at once, one disables, the other is told.
 */
export async function disableMember(
  trx: Transaction<Database>,
  memberId: number,
  reason: string,
): Promise<{ before: PlayerAccount; after: PlayerAccount }> {
  const before = await playerAccount(trx, memberId);
  const claimed = await trx
    .updateTable('member')
    .set({
      disabled_at: sql<Date>`now()`,
      disabled_reason: reason,
      betting_session_id: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', memberId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new AppError('PLAYER_ALREADY_DISABLED');
  await repository.endMemberSessions(trx, memberId, 'disabled');
  return { before, after: await playerAccount(trx, memberId) };
}

/** Enables a disabled account again; the player logs in as before. */
export async function enableMember(
  trx: Transaction<Database>,
  memberId: number,
): Promise<{ before: PlayerAccount; after: PlayerAccount }> {
  const before = await playerAccount(trx, memberId);
  const claimed = await trx
    .updateTable('member')
    .set({ disabled_at: null, disabled_reason: null, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new AppError('PLAYER_NOT_DISABLED');
  return { before, after: await playerAccount(trx, memberId) };
}

/**
 * An operator's time-out: the player's own (issue 25 §3: status `break` until it ends, every session
 * ended, login refused), of `hours` within the market's time-out range, on an active account only.
 */
export async function forceTimeOut(
  trx: Transaction<Database>,
  country: CountryProfile,
  memberId: number,
  hours: number,
): Promise<{ before: PlayerAccount; after: PlayerAccount }> {
  const { min, max } = country.compliance.breaks.timeOutHours;
  if (hours < min || hours > max) throw new AppError('BREAK_LENGTH');
  const member = await repository.findMemberById(trx, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  if (member.status !== 'active' || member.disabled_at !== null) throw new AppError('PLAYER_NOT_ACTIVE');
  const before = await playerAccount(trx, memberId);
  await repository.startBreak(trx, memberId, hours);
  await repository.endMemberSessions(trx, memberId, 'break');
  return { before, after: await playerAccount(trx, memberId) };
}

/** Ends every live session of the member (they log in again); answers how many were live before. */
export async function endAllSessions(
  trx: Transaction<Database>,
  memberId: number,
): Promise<{ before: PlayerAccount; after: PlayerAccount }> {
  const before = await playerAccount(trx, memberId);
  await repository.endMemberSessions(trx, memberId, 'ended_by_staff');
  await trx
    .updateTable('member')
    .set({ betting_session_id: null, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .execute();
  return { before, after: await playerAccount(trx, memberId) };
}

/** The operators' notes on the member (newest first) and its tags (in the order they were put on). */
export async function playerNotes(db: Db, memberId: number): Promise<PlayerNotes> {
  const [notes, tags] = await Promise.all([
    db
      .selectFrom('member_note')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('member_tag')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .orderBy('tag')
      .execute(),
  ]);
  return {
    notes: notes.map((note) => ({
      id: Number(note.id),
      text: note.text,
      staffId: note.staff_id === null ? null : Number(note.staff_id),
      staffLogin: note.staff_login,
      createdAt: note.created_at.toISOString(),
    })),
    tags: tags.map((tag) => ({
      tag: tag.tag,
      staffLogin: tag.staff_login,
      createdAt: tag.created_at.toISOString(),
    })),
  };
}

/** Adds a note, written by `staff`; answers its id. */
export async function addPlayerNote(
  trx: Transaction<Database>,
  memberId: number,
  staff: Staff,
  text: string,
): Promise<number> {
  const row = await trx
    .insertInto('member_note')
    .values({ member_id: memberId, text, staff_id: staff.staffId, staff_login: staff.login })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Sets the member's tags to `tags`: those missing come off, new ones go on with who and when, those kept
 * keep their first who and when. Answers the tags before and after.
 */
export async function setPlayerTags(
  trx: Transaction<Database>,
  memberId: number,
  staff: Staff,
  tags: readonly string[],
): Promise<{ before: string[]; after: string[] }> {
  const current = await trx
    .selectFrom('member_tag')
    .select('tag')
    .where('member_id', '=', memberId)
    .forUpdate()
    .execute();
  const before = current.map((row) => row.tag).sort();
  const removed = before.filter((tag) => !tags.includes(tag));
  if (removed.length > 0)
    await trx
      .deleteFrom('member_tag')
      .where('member_id', '=', memberId)
      .where('tag', 'in', removed)
      .execute();
  const added = tags.filter((tag) => !before.includes(tag));
  if (added.length > 0)
    await trx
      .insertInto('member_tag')
      .values(
        added.map((tag) => ({ member_id: memberId, tag, staff_id: staff.staffId, staff_login: staff.login })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  return { before, after: [...tags].sort() };
}
