import { sql, type Kysely } from 'kysely';

/** A member's identity details (KYC) and where their review stands; later features may require it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_kyc')
    .addColumn('member_id', 'bigint', (col) => col.primaryKey().references('member.id'))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'verified', 'rejected')`),
    )
    .addColumn('fields', 'jsonb', (col) => col.notNull())
    .addColumn('submitted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_kyc').execute();
}
