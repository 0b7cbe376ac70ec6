import { sql, type Kysely } from 'kysely';

/**
 * Where a member came from (spec platform-core §9, issue 22 §5): the referrer and landing-URL cookies of
 * their first visit (1 day), read at registration. Null when the registration carried none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column referrer text, add column landing_url text`.execute(db);
}
