import type { Kysely } from 'kysely';

/** When the session last confirmed it is the member (password or SMS code), for sensitive changes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_session').addColumn('reauthenticated_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('member_session').dropColumn('reauthenticated_at').execute();
}
