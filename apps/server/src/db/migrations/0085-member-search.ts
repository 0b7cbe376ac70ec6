import { sql, type Kysely } from 'kysely';

/**
 * The back office's player search (issue 26 §2) by the start of a nickname, in any case: `lower(nick_name)
 * like 'abc%'` uses this index (text_pattern_ops makes a prefix match indexable whatever the collation).
 * Mobile and id already have their unique indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index member_nick_name_search on member (lower(nick_name) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_nick_name_search`.execute(db);
}
