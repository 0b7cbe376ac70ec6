import { sql, type Kysely } from 'kysely';

/**
 * Lucky refund (issue 16 §2, docs/promotions.md "Lucky refund"). Each round and each Saturday raffle is a
 * draw of the draw engine (`draw`, product `lucky-refund`); these tables are the programme's own record of
 * what was bought and what it paid.
 *
 * - `lucky_refund_purchase`: one row per purchase, unique per (member, request key), so the same request
 *   again buys nothing twice; what was paid, in which currency, with which coupon, by which journal
 *   transaction.
 * - `lucky_refund_code`: every code sold, with its ticket in the round's draw and in the week's raffle
 *   (unique in both, and unique in its round); `read_at` once its member has been shown it.
 * - `lucky_refund_settlement`: one row per settled round or raffle, written in the transaction that pays
 *   it (the primary key makes a second settlement wait and then find it done): the split of the round's
 *   sales, and what went to (`jackpot_in`) and came out of (`jackpot_out`) the jackpot, whose balance is
 *   therefore Σ in − Σ out.
 * - `lucky_refund_result`: what each code got (its prize or refund, a raffle's jackpot), credited when it
 *   was settled; `redeemed_at` once its member has confirmed it (redeem only confirms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lucky_refund_purchase (
      id bigserial primary key,
      member_id bigint not null,
      request_key text not null,
      request_hash text not null,
      draw_id bigint not null,
      raffle_draw_id bigint not null,
      pay text not null check (pay in ('cash', 'coins', 'diamonds')),
      quantity integer not null check (quantity > 0),
      price bigint not null check (price > 0),
      paid bigint not null check (paid >= 0),
      discount bigint not null default 0 check (discount >= 0),
      member_coupon_id bigint unique,
      transaction_id bigint,
      created_at timestamptz not null default now(),
      unique (member_id, request_key)
    )`.execute(db);
  await sql`create index lucky_refund_purchase_by_draw on lucky_refund_purchase (draw_id, member_id)`.execute(
    db,
  );
  await sql`
    create table lucky_refund_code (
      draw_id bigint not null,
      ticket_no integer not null check (ticket_no > 0),
      code text not null check (code ~ '^[A-Z0-9]{8}$'),
      member_id bigint not null,
      purchase_id bigint not null references lucky_refund_purchase (id),
      pay text not null check (pay in ('cash', 'coins', 'diamonds')),
      raffle_draw_id bigint not null,
      raffle_ticket_no integer not null check (raffle_ticket_no > 0),
      read_at timestamptz,
      primary key (draw_id, ticket_no),
      unique (draw_id, code),
      unique (raffle_draw_id, raffle_ticket_no)
    )`.execute(db);
  await sql`create index lucky_refund_code_by_member on lucky_refund_code (member_id, draw_id)`.execute(db);
  await sql`
    create table lucky_refund_settlement (
      draw_id bigint primary key,
      kind text not null check (kind in ('round', 'raffle')),
      sales bigint not null default 0 check (sales >= 0),
      house bigint not null default 0 check (house >= 0),
      jackpot_in bigint not null default 0 check (jackpot_in >= 0),
      jackpot_out bigint not null default 0 check (jackpot_out >= 0),
      to_budget bigint not null default 0 check (to_budget >= 0),
      winners integer not null default 0 check (winners >= 0),
      prize bigint not null default 0 check (prize >= 0),
      refund bigint not null default 0 check (refund >= 0),
      settled_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table lucky_refund_result (
      id bigserial primary key,
      member_id bigint not null,
      draw_id bigint not null,
      ticket_no integer not null,
      code text not null,
      kind text not null check (kind in ('prize', 'refund', 'jackpot')),
      currency text not null check (currency in ('cash', 'coins', 'diamonds')),
      amount bigint not null check (amount > 0),
      created_at timestamptz not null default now(),
      redeemed_at timestamptz,
      unique (draw_id, ticket_no, kind)
    )`.execute(db);
  await sql`create index lucky_refund_result_by_member on lucky_refund_result (member_id, id desc)`.execute(
    db,
  );
}
