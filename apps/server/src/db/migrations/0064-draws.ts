import { sql, type Kysely } from 'kysely';

/**
 * The draw engine (issue 16, docs/draws.md), shared by every draw product.
 *
 * `draw`: one row per draw, made ahead by the schedule job with its times and its beacon round fixed and
 * public. Sales lock the row (`for update`) and check `status = 'open'` and the database clock under the
 * lock; the close job takes the same lock, so no ticket commits once the list is read. `ticket_count` is
 * the next ticket number less one (tickets are numbered 1, 2, … in purchase order). At close the Merkle
 * root of the canonical list is stored; after the draw time the verified beacon (round, signature,
 * randomness) and the product's outcome; then `settled_at` once every prize is paid. `delay_reason` says
 * why a closed draw still waits (the beacon round missing, unreachable or refused).
 * `draw_ticket`: the committed list's rows; `entry` is the product's canonical text of the ticket (docs/draws.md
 * "Canonical ticket line"), `prize` what it won once settled.
 * Ledger accounts of kind 'draw': each product's prize fund and rollover (`ACCOUNT.drawFund`, `drawRollover`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account drop constraint ledger_account_kind_check`.execute(db);
  await sql`
    alter table ledger_account add constraint ledger_account_kind_check
      check (kind in ('player', 'house', 'clearing', 'promotion', 'world', 'draw'))`.execute(db);
  await sql`
    create table draw (
      id bigserial primary key,
      product text not null,
      ref text not null,
      price bigint not null check (price > 0),
      sales_open_at timestamptz not null,
      sales_close_at timestamptz not null,
      draw_at timestamptz not null,
      beacon_round bigint not null check (beacon_round > 0),
      status text not null default 'scheduled'
        check (status in ('scheduled', 'open', 'closed', 'drawn', 'settled')),
      ticket_count integer not null default 0 check (ticket_count >= 0),
      ticket_root text,
      closed_at timestamptz,
      beacon_signature text,
      randomness text,
      drawn_at timestamptz,
      outcome jsonb,
      settled_at timestamptz,
      delay_reason text,
      settings jsonb not null default '{}',
      created_at timestamptz not null default now(),
      unique (product, ref),
      check (sales_open_at < sales_close_at and sales_close_at < draw_at),
      check ((ticket_root is not null) = (status in ('closed', 'drawn', 'settled'))),
      check ((randomness is not null) = (status in ('drawn', 'settled'))),
      check ((settled_at is not null) = (status = 'settled'))
    )`.execute(db);
  await sql`create index draw_by_product_time on draw (product, draw_at)`.execute(db);
  await sql`create index draw_due on draw (status, sales_close_at) where status in ('scheduled', 'open', 'closed', 'drawn')`.execute(
    db,
  );
  await sql`
    create table draw_ticket (
      draw_id bigint not null references draw (id),
      ticket_no integer not null check (ticket_no > 0),
      member_id bigint not null,
      entry text not null,
      pay text not null check (pay in ('cash', 'ticket', 'coins', 'diamonds')),
      transaction_id bigint,
      prize bigint,
      tier smallint,
      created_at timestamptz not null default now(),
      primary key (draw_id, ticket_no)
    )`.execute(db);
  await sql`create index draw_ticket_by_member on draw_ticket (member_id, draw_id desc)`.execute(db);
}
