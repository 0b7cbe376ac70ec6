import { sql, type Kysely } from 'kysely';

/**
 * Invitation and referral (issue 15 §5, docs/promotions.md "Invitation and referral").
 *
 * `referral`: one row per invited member (primary key invitee: a member has one referrer), written when the
 * invitee registers with a code. Its state moves registered → qualified (deposit and wagering counted from
 * the money facts; reward and hold copied from the settings of that moment) → paid, or to refused (abuse,
 * a blocked member) or capped (the referrer's cap), each with its reason. The payment is a conditional
 * update `state = 'qualified'` in the transaction that pays, under the ledger key
 * `promo:referral:friend:<invitee>:<referrer>`: exactly once per (referrer, invitee).
 * `referral_referrer`: a row per referrer, locked by the payment so caps are counted one payment at a time.
 * `referral_visit`: invitation link visits per referrer, channel and day (a count, not a row per visit).
 * `referral_task_claim`: one row per referrer and invite task collected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table referral (
      invitee_id bigint primary key,
      referrer_id bigint not null,
      channel smallint not null default 0,
      state text not null default 'registered'
        check (state in ('registered', 'qualified', 'paid', 'refused', 'capped')),
      reason text,
      signals jsonb not null default '[]',
      ip_flagged boolean not null default false,
      deposited bigint not null default 0,
      wagered bigint not null default 0,
      cash bigint not null default 0 check (cash >= 0),
      coins bigint not null default 0 check (coins >= 0),
      registered_at timestamptz not null default now(),
      qualified_at timestamptz,
      due_at timestamptz,
      paid_at timestamptz,
      transaction_id bigint,
      check (referrer_id <> invitee_id),
      check ((reason is not null) = (state in ('refused', 'capped'))),
      check ((state = 'paid') = (paid_at is not null))
    )`.execute(db);
  await sql`create index referral_by_referrer on referral (referrer_id, registered_at desc)`.execute(db);
  await sql`create index referral_due on referral (due_at) where state = 'qualified'`.execute(db);
  await sql`
    create table referral_referrer (
      referrer_id bigint primary key,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table referral_visit (
      referrer_id bigint not null,
      channel smallint not null,
      day text not null,
      visits integer not null default 0,
      primary key (referrer_id, channel, day)
    )`.execute(db);
  await sql`
    create table referral_task_claim (
      referrer_id bigint not null,
      task_id integer not null,
      invites integer not null,
      cash bigint not null,
      coins bigint not null,
      transaction_id bigint not null,
      created_at timestamptz not null default now(),
      primary key (referrer_id, task_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table referral_task_claim`.execute(db);
  await sql`drop table referral_visit`.execute(db);
  await sql`drop table referral_referrer`.execute(db);
  await sql`drop table referral`.execute(db);
}
