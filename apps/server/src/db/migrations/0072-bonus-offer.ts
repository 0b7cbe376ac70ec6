import { sql, type Kysely } from 'kysely';

/**
 * Bonus offers (issue 22 §2, docs/promotions.md "Welcome and first-deposit bonus"): a welcome or first-deposit
 * bonus is offered to the member, who accepts or declines it; only an accepted offer becomes a grant
 * (`bonus_grant`) with its limits. The terms are a snapshot of the programme's when offered.
 *
 * - `UNIQUE (member_id, programme, source_ref)`: one offer per occasion (the registration, the first deposit).
 * - An accepted offer names its grant, and only an accepted one; a decided offer has `decided_at`.
 * - `deposit_order (journal_transaction_id)`: the consumers of deposit facts find the order a fact paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bonus_offer (
      id bigserial primary key,
      member_id bigint not null references member (id),
      programme text not null,
      source_ref text not null,
      amount bigint not null check (amount > 0),
      terms jsonb not null,
      status text not null default 'offered' check (status in ('offered', 'accepted', 'declined', 'expired')),
      grant_id bigint references bonus_grant (id),
      offered_at timestamptz not null default now(),
      expires_at timestamptz not null,
      decided_at timestamptz,
      constraint bonus_offer_grant check ((status = 'accepted') = (grant_id is not null)),
      constraint bonus_offer_decided check ((status = 'offered') = (decided_at is null)),
      unique (member_id, programme, source_ref)
    )`.execute(db);
  await sql`create index bonus_offer_open on bonus_offer (member_id) where status = 'offered'`.execute(db);
  await sql`create index bonus_offer_due on bonus_offer (expires_at) where status = 'offered'`.execute(db);
  await sql`create index deposit_order_journal_transaction on deposit_order (journal_transaction_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index deposit_order_journal_transaction`.execute(db);
  await sql`drop table bonus_offer`.execute(db);
}
