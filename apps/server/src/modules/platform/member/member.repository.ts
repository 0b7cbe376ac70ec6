import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import type { Database, MemberRow, MemberStatus } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function findMemberByMobile(db: Db, mobile: string): Promise<MemberRow | undefined> {
  return db.selectFrom('member').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  return db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Members by exact mobile, by id, whose nickname starts with `nickNameStart` (any case; migration 0085's
 * index), or among `ids` (what other modules found: an ID number, a receipt), newest first. Each criterion
 * is optional; none matches nobody. The nickname's reading takes at most `limit` members in its index's
 * order (`using ~<~`, the text_pattern_ops order): a prefix many share costs `limit` index entries, not a
 * scan of the members until `limit` of them match (issue 26's search p99 on 100,000 members).
 */
export async function searchMembers(
  db: Db,
  criteria: { mobile?: string; id?: number; nickNameStart?: string; ids?: readonly number[] },
  limit: number,
): Promise<MemberRow[]> {
  const { mobile, id, nickNameStart, ids = [] } = criteria;
  const found = [
    ...(mobile === undefined ? [] : [sql`(select id from member where mobile = ${mobile})`]),
    ...(id === undefined ? [] : [sql`(select id from member where id = ${id})`]),
    ...(ids.length === 0 ? [] : [sql`(select id from member where id = any(${[...ids]}::bigint[]))`]),
    ...(nickNameStart === undefined
      ? []
      : [
          sql`(select id from member where lower(nick_name) like ${`${escapeLike(nickNameStart.toLowerCase())}%`}
            order by lower(nick_name) using ~<~ limit ${limit})`,
        ]),
  ];
  if (found.length === 0) return [];
  return db
    .selectFrom('member')
    .selectAll()
    .where('id', 'in', sql<number>`(${sql.join(found, sql` union `)})`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A user's text inside a LIKE pattern matches itself only: its wildcards and the escape are escaped. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The (unexecuted) query for what decides a member's right to bet (`rightToBetOf`): status and betting
 * session, of the member `memberId` names, which may be another module's one-column subquery (the provider
 * wallet reads it with the game session in one statement).
 */
export function bettingStateQuery(db: Db, memberId: number | Expression<number | null>) {
  return db.selectFrom('member').select(['status', 'betting_session_id']).where('id', '=', memberId);
}

/** The (unexecuted) query of the active members' ids: the message module's one message to every member. */
export function activeMemberIdsQuery(db: Db) {
  return db.selectFrom('member').select('id').where('status', '=', 'active').where('disabled_at', 'is', null);
}

/** The (unexecuted) query of members' registered numbers, which a list of another module joins. */
export function memberMobilesQuery(db: Db) {
  return db.selectFrom('member').select(['id', 'mobile', 'created_at']);
}

export async function findMemberIdByInviteCode(db: Db, inviteCode: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('member')
    .select('id')
    .where('invite_code', '=', inviteCode.toUpperCase())
    .executeTakeFirst();
  return row?.id;
}

export type NewMember = {
  mobile: string;
  passwordHash: string;
  nickName: string;
  guid: string;
  inviteCode: string;
  invitedBy: number | null;
  guidCode: string | null;
  /** Where the member came from: the referrer and landing-URL cookies (spec §9), when kept. */
  landing?: Landing;
};

export type Landing = { referrer: string | null; landingUrl: string | null };

/** Inserts a member; undefined when the mobile is taken (a concurrent registration included). */
export async function insertMember(db: Db, member: NewMember): Promise<MemberRow | undefined> {
  return db
    .insertInto('member')
    .values({
      mobile: member.mobile,
      password_hash: member.passwordHash,
      nick_name: member.nickName,
      guid: member.guid,
      invite_code: member.inviteCode,
      invited_by: member.invitedBy,
      guid_code: member.guidCode,
      referrer: member.landing?.referrer ?? null,
      landing_url: member.landing?.landingUrl ?? null,
    })
    .onConflict((conflict) => conflict.column('mobile').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function inviteCodeTaken(db: Db, inviteCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('member')
    .select('id')
    .where('invite_code', '=', inviteCode)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePasswordHash(db: Db, memberId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('member')
    .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .execute();
}

export async function updateProfileFields(
  db: Db,
  memberId: number,
  fields: { nick_name?: string; img?: string },
): Promise<void> {
  await db
    .updateTable('member')
    .set({ ...fields, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .execute();
}

export async function excludeMember(db: Db, memberId: number, note: string): Promise<void> {
  await db
    .updateTable('member')
    .set({
      status: 'excluded',
      excluded_at: sql<Date>`now()`,
      exclusion_note: note,
      betting_session_id: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', memberId)
    .execute();
}

export async function setBettingSession(db: Db, memberId: number, sessionId: number): Promise<void> {
  await db.updateTable('member').set({ betting_session_id: sessionId }).where('id', '=', memberId).execute();
}

export async function insertSession(
  db: Db,
  session: {
    memberId: number;
    tokenHash: string;
    deviceId: string | null;
    ip: string | null;
    lifetimeSeconds: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('member_session')
    .values({
      member_id: session.memberId,
      token_hash: session.tokenHash,
      device_id: session.deviceId,
      ip: session.ip,
      expires_at: sql<Date>`now() + make_interval(secs => ${session.lifetimeSeconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type LiveSession = { sessionId: number; lastSeenAt: Date; member: MemberRow };

/** The live session of a token hash with its member, if it has not ended or expired. */
export async function findLiveSession(db: Db, tokenHash: string): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('member_session')
    .innerJoin('member', 'member.id', 'member_session.member_id')
    .selectAll('member')
    .select(['member_session.id as session_id', 'member_session.last_seen_at as session_last_seen_at'])
    .where('member_session.token_hash', '=', tokenHash)
    .where('member_session.ended_at', 'is', null)
    .where('member_session.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id: sessionId, session_last_seen_at: lastSeenAt, ...member } = row;
  return { sessionId, lastSeenAt, member };
}

export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('member_session')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .execute();
}

export async function endSession(db: Db, sessionId: number, reason: string): Promise<void> {
  await db
    .updateTable('member_session')
    .set({ ended_at: sql<Date>`now()`, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every live session of a member, except `keepSessionId` when given. */
/**
 * Puts the member on a time-out of `hours` (status `break`, no betting session) and answers when it ends;
 * a member already excluded stays excluded (the break row is kept, the status is not lowered).
 */
export async function startBreak(db: Db, memberId: number, hours: number): Promise<Date> {
  const row = await db
    .insertInto('member_break')
    .values({
      member_id: memberId,
      kind: 'time-out',
      ends_at: sql<Date>`now() + make_interval(hours => ${hours})`,
    })
    .returning('ends_at')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('member')
    .set({ status: 'break', betting_session_id: null, updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .where('status', '=', 'active')
    .execute();
  return row.ends_at;
}

/**
 * A member on a break whose every break has ended becomes active again (at their next login). True when
 * the member is active now; false while a break runs.
 */
export async function endFinishedBreak(db: Db, memberId: number): Promise<boolean> {
  await db
    .updateTable('member')
    .set({ status: 'active', updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .where('status', '=', 'break')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('member_break')
            .select('id')
            .whereRef('member_break.member_id', '=', 'member.id')
            .where('ends_at', '>', sql<Date>`now()`),
        ),
      ),
    )
    .execute();
  // Active now, whether this call or a parallel login made it so.
  return (await findMemberById(db, memberId))?.status === 'active';
}

export async function endMemberSessions(
  db: Db,
  memberId: number,
  reason: string,
  keepSessionId?: number,
): Promise<void> {
  let query = db
    .updateTable('member_session')
    .set({ ended_at: sql<Date>`now()`, end_reason: reason })
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
  await query.execute();
}

export async function insertSmsCode(
  db: Db,
  code: {
    mobile: string;
    purpose: string;
    salt: string;
    codeHash: string;
    lifetimeSeconds: number;
    ip: string | null;
  },
): Promise<number> {
  // A new code replaces the number's earlier codes for the same purpose.
  await db
    .updateTable('sms_code')
    .set({ used_at: sql<Date>`now()` })
    .where('mobile', '=', code.mobile)
    .where('purpose', '=', code.purpose)
    .where('used_at', 'is', null)
    .execute();
  const row = await db
    .insertInto('sms_code')
    .values({
      mobile: code.mobile,
      purpose: code.purpose,
      salt: code.salt,
      code_hash: code.codeHash,
      ip: code.ip,
      expires_at: sql<Date>`now() + make_interval(secs => ${code.lifetimeSeconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setSmsGatewayResult(
  db: Db,
  id: number,
  result: { messageId: string | null; status: string },
): Promise<void> {
  await db
    .updateTable('sms_code')
    .set({ gateway_message_id: result.messageId, delivery_status: result.status })
    .where('id', '=', id)
    .execute();
}

export async function setSmsDeliveryStatus(db: Db, messageId: string, status: string): Promise<number> {
  const result = await db
    .updateTable('sms_code')
    .set({ delivery_status: status })
    .where('gateway_message_id', '=', messageId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Seconds since the number's latest code for a purpose was sent, or undefined if none. */
export async function secondsSinceLastCode(
  db: Db,
  mobile: string,
  purpose: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('sms_code')
    .select(sql<number>`extract(epoch from (now() - max(created_at)))`.as('seconds'))
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row?.seconds === null || row?.seconds === undefined ? undefined : Number(row.seconds);
}

export type LiveSmsCode = { id: number; salt: string; codeHash: string; attempts: number };

/** The number's current code for a purpose: not used, not expired. Locks it for the check. */
export async function findLiveSmsCode(
  db: Db,
  mobile: string,
  purpose: string,
): Promise<LiveSmsCode | undefined> {
  const row = await db
    .selectFrom('sms_code')
    .select(['id', 'salt', 'code_hash', 'attempts'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return row && { id: row.id, salt: row.salt, codeHash: row.code_hash, attempts: row.attempts };
}

export async function countSmsAttempt(db: Db, id: number, exhausted: boolean): Promise<void> {
  await db
    .updateTable('sms_code')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      ...(exhausted ? { used_at: sql<Date>`now()` } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

export async function markSmsCodeUsed(db: Db, id: number): Promise<void> {
  await db
    .updateTable('sms_code')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function insertOauthAttempt(
  db: Db,
  attempt: {
    stateHash: string;
    provider: string;
    codeVerifier: string;
    returnPath: string | null;
    lifetimeSeconds: number;
  },
): Promise<void> {
  await db
    .insertInto('oauth_attempt')
    .values({
      state_hash: attempt.stateHash,
      provider: attempt.provider,
      code_verifier: attempt.codeVerifier,
      return_path: attempt.returnPath,
      expires_at: sql<Date>`now() + make_interval(secs => ${attempt.lifetimeSeconds})`,
    })
    .execute();
}

/** Uses up a login attempt by its state's hash; undefined when unknown, used or expired. */
export async function useOauthAttempt(db: Db, stateHash: string, provider: string) {
  return db
    .updateTable('oauth_attempt')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', stateHash)
    .where('provider', '=', provider)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['code_verifier', 'return_path'])
    .executeTakeFirst();
}

export async function findSocialIdentityMember(
  db: Db,
  provider: string,
  subject: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('social_identity')
    .select('member_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.member_id;
}

export async function insertSocialTicket(
  db: Db,
  ticket: { ticketHash: string; provider: string; subject: string; name: string; lifetimeSeconds: number },
): Promise<void> {
  await db
    .insertInto('social_ticket')
    .values({
      ticket_hash: ticket.ticketHash,
      provider: ticket.provider,
      subject: ticket.subject,
      name: ticket.name,
      expires_at: sql<Date>`now() + make_interval(secs => ${ticket.lifetimeSeconds})`,
    })
    .execute();
}

/** The verified provider account a social ticket stands for (by the ticket's hash), if still valid. */
export async function findSocialTicket(
  db: Db,
  ticketHash: string,
): Promise<{ provider: string; subject: string; name: string } | undefined> {
  return db
    .selectFrom('social_ticket')
    .select(['provider', 'subject', 'name'])
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Links a member to a ticket's account (by the ticket's hash) and uses it up; false if already used. */
export async function linkSocialTicket(db: Db, ticketHash: string, memberId: number): Promise<boolean> {
  const used = await db
    .updateTable('social_ticket')
    .set({ used_at: sql<Date>`now()` })
    .where('ticket_hash', '=', ticketHash)
    .where('used_at', 'is', null)
    .returning(['provider', 'subject', 'name'])
    .executeTakeFirst();
  if (!used) return false;
  await db
    .insertInto('social_identity')
    .values({ provider: used.provider, subject: used.subject, member_id: memberId, name: used.name })
    .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
    .execute();
  return true;
}

export async function markReauthenticated(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('member_session')
    .set({ reauthenticated_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .execute();
}

/** Whether the session confirmed it is the member within the last `seconds`. */
export async function reauthenticatedWithin(db: Db, sessionId: number, seconds: number): Promise<boolean> {
  const row = await db
    .selectFrom('member_session')
    .select('id')
    .where('id', '=', sessionId)
    .where('reauthenticated_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves a member to a new mobile; false when another member has it (the unique index decides). */
export async function updateMobile(db: Db, memberId: number, mobile: string): Promise<boolean> {
  try {
    await db
      .updateTable('member')
      .set({ mobile, updated_at: sql<Date>`now()` })
      .where('id', '=', memberId)
      .execute();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}

/** A member's status with the row share-locked until the transaction ends (`lockMemberInGoodStanding`). */
export async function lockMemberStatus(
  trx: Transaction<Database>,
  memberId: number,
): Promise<MemberStatus | 'disabled' | undefined> {
  const row = await trx
    .selectFrom('member')
    .select(['status', 'disabled_at'])
    .where('id', '=', memberId)
    .forShare()
    .executeTakeFirst();
  // A disabled account (an operator's decision, migration 0092) is not in good standing, whatever its status.
  return row?.disabled_at ? 'disabled' : row?.status;
}

/** Every (device id, address) members' sessions were opened from, distinct. */
export async function findSessionSignals(
  db: Db,
  memberIds: number[],
): Promise<{ memberId: number; deviceId: string | null; ip: string | null }[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('member_session')
    .select(['member_id', 'device_id', 'ip'])
    .distinct()
    .where('member_id', 'in', memberIds)
    .execute();
  return rows.map((row) => ({ memberId: Number(row.member_id), deviceId: row.device_id, ip: row.ip }));
}

/** Of the ids given, those of members in good standing (status active, not disabled): one statement. */
export async function findActiveAmong(db: Kysely<Database>, memberIds: readonly number[]): Promise<number[]> {
  if (memberIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select id from member where id = any(${memberIds}::bigint[]) and status = 'active' and disabled_at is null`.execute(
    db,
  );
  return rows.map((row) => Number(row.id));
}

/** The social logins linked to a member, as `provider` and `subject`. */
export function findSocialIdentitiesOf(
  db: Db,
  memberId: number,
): Promise<{ provider: string; subject: string }[]> {
  return db
    .selectFrom('social_identity')
    .select(['provider', 'subject'])
    .where('member_id', '=', memberId)
    .execute();
}

/** A self-excluded member whose exclusion has ended becomes active again (at their next login). */
export async function reopenExcludedMember(db: Db, memberId: number): Promise<void> {
  await db
    .updateTable('member')
    .set({ status: 'active', updated_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .where('status', '=', 'excluded')
    .execute();
}

/** Time-outs for the back office's register, newest first: those running (or every one), of one member. */
export async function findBreaks(db: Db, filter: { inForce: boolean; memberId?: number; limit: number }) {
  return db
    .selectFrom('member_break')
    .select(['id', 'member_id', 'starts_at', 'ends_at', sql<boolean>`ends_at > now()`.as('in_force')])
    .$if(filter.inForce, (query) => query.where('ends_at', '>', sql<Date>`now()`))
    .$if(filter.memberId !== undefined, (query) => query.where('member_id', '=', filter.memberId!))
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** How many members registered in [from, to) (migration 0094's index), and when the first one did. */
export async function countRegistrations(db: Db, span: { from: Date; to: Date }): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('created_at', '>=', span.from)
    .where('created_at', '<', span.to)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function firstRegistrationTime(db: Db): Promise<Date | undefined> {
  const row = await db.selectFrom('member').select('created_at').orderBy('id').limit(1).executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}
