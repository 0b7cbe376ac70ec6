import { sql, type Kysely } from 'kysely';

/**
 * A member's message may lead somewhere in the app (issue 22 §3): the answer to a deposit appeal opens
 * that appeal's timeline. An app path ("/feedback/timeline/12"), null for a message that is only text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_message add column link text`.execute(db);
}
