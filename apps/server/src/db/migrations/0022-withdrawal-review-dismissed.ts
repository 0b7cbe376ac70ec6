import { sql, type Kysely } from 'kysely';

/**
 * A withdrawal case an operator closes without moving money (`dismissed`): M-Pesa's report that opened it
 * (another amount paid, a payment after the return) turns out wrong in the M-PESA portal, for example a
 * payment M-Pesa reversed. Only those two kinds: a held case always ends paid or returned, because its
 * money is still reserved and must go one way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table withdrawal_review
      drop constraint withdrawal_review_resolution_check,
      add constraint withdrawal_review_resolution_check
        check (resolution in ('paid', 'returned', 'recovered', 'refunded', 'dismissed')),
      add constraint withdrawal_review_dismissed_kind check (resolution <> 'dismissed' or kind <> 'held')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table withdrawal_review
      drop constraint withdrawal_review_dismissed_kind,
      drop constraint withdrawal_review_resolution_check,
      add constraint withdrawal_review_resolution_check
        check (resolution in ('paid', 'returned', 'recovered', 'refunded'))
  `.execute(db);
}
