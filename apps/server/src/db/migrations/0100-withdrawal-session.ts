import { sql, type Kysely } from 'kysely';

/**
 * The member's session a withdrawal was asked from (issue 26 §3, the approvers' "new device" badge): its
 * device is the session's, recorded at login, and when that device was first seen for the member is read
 * from the member's sessions. Null on withdrawals asked before this column, which carry no such badge. No
 * foreign key: sessions are the member module's, and a withdrawal outlives nothing by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawal add column member_session_id bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawal drop column member_session_id`.execute(db);
}
