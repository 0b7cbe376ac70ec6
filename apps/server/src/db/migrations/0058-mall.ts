import { sql, type Kysely } from 'kysely';

/**
 * The mall, cart and coupons (issue 15 §4, docs/promotions.md "Mall and coupons").
 *
 * - `mall_goods`: what is on sale, its price in one currency, what one unit delivers, its stock (null:
 *   unlimited; taken with `stock = stock - n where stock >= n`, so never below zero) and its limit per
 *   member.
 * - `mall_member_goods`: how many of an item each member bought, the per-member limit's counter (one row,
 *   raised by a conditional upsert, so parallel checkouts of one member cannot pass the limit together).
 * - `mall_coupon`: coupon definitions; `mall_member_coupon`: coupons held, each with a copy of its terms
 *   (an edit of the definition changes no coupon already given). Claimable codes are rows without a member,
 *   taken with `for update skip locked`; one claimed coupon per member and definition (partial unique
 *   index); a coupon is used once (`status` moves to used with its order, and an order names a coupon at
 *   most once).
 * - `mall_order` / `mall_order_line`: one order per checkout, unique per (member, request key), with what
 *   was charged and what each line delivers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mall_goods (
      id serial primary key,
      slug text not null unique,
      type smallint not null check (type between 1 and 4),
      name text not null,
      description text not null default '',
      image text not null default '',
      translations jsonb not null default '{}',
      currency text not null check (currency in ('cash', 'coins', 'diamonds')),
      price bigint not null check (price > 0),
      original_price bigint not null default 0 check (original_price >= 0),
      stock integer check (stock >= 0),
      sold integer not null default 0 check (sold >= 0),
      member_limit integer check (member_limit > 0),
      coupon_type smallint not null default 1 check (coupon_type in (0, 1)),
      deliverable jsonb not null,
      enabled boolean not null default true,
      sort integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index mall_goods_on_sale on mall_goods (type, sort, id) where enabled`.execute(db);
  await sql`
    create table mall_member_goods (
      member_id bigint not null,
      goods_id integer not null references mall_goods (id),
      bought integer not null check (bought > 0),
      primary key (member_id, goods_id)
    )`.execute(db);
  await sql`
    create table mall_coupon (
      id serial primary key,
      slug text not null unique,
      name text not null,
      currency text not null check (currency in ('cash', 'coins', 'diamonds')),
      discount_kind text not null check (discount_kind in ('amount', 'percent')),
      discount bigint not null check (discount > 0),
      goods_ids jsonb not null default '[]',
      goods_types jsonb not null default '[]',
      platforms jsonb not null default '[]',
      themes jsonb not null default '[]',
      valid_from timestamptz not null,
      valid_to timestamptz not null,
      claimable boolean not null default false,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (valid_to > valid_from),
      check (discount_kind <> 'percent' or discount <= 100)
    )`.execute(db);
  await sql`
    create table mall_member_coupon (
      id bigserial primary key,
      coupon_id integer not null references mall_coupon (id),
      member_id bigint,
      source text not null check (source in ('grant', 'claim')),
      code text unique,
      terms jsonb not null,
      status text not null default 'available' check (status in ('available', 'used')),
      order_id bigint unique,
      created_at timestamptz not null default now(),
      claimed_at timestamptz,
      used_at timestamptz,
      check ((status = 'used') = (order_id is not null)),
      check (source = 'claim' or member_id is not null)
    )`.execute(db);
  await sql`create unique index mall_member_coupon_one_claim on mall_member_coupon (coupon_id, member_id)
    where source = 'claim' and member_id is not null`.execute(db);
  await sql`create index mall_member_coupon_pool on mall_member_coupon (coupon_id, id) where member_id is null`.execute(
    db,
  );
  await sql`create index mall_member_coupon_member on mall_member_coupon (member_id, id desc)
    where member_id is not null`.execute(db);
  await sql`
    create table mall_order (
      id bigserial primary key,
      member_id bigint not null,
      request_key text not null,
      request_hash text not null,
      status text not null check (status in ('completed', 'pending', 'fulfilled', 'cancelled')),
      cash bigint not null check (cash >= 0),
      coins bigint not null check (coins >= 0),
      diamonds bigint not null check (diamonds >= 0),
      discount bigint not null default 0 check (discount >= 0),
      discount_currency text check (discount_currency in ('cash', 'coins', 'diamonds')),
      member_coupon_id bigint unique,
      note text not null default '',
      fulfilled_by text,
      created_at timestamptz not null default now(),
      fulfilled_at timestamptz,
      unique (member_id, request_key)
    )`.execute(db);
  await sql`create index mall_order_member on mall_order (member_id, id desc)`.execute(db);
  await sql`create index mall_order_waiting on mall_order (id) where status = 'pending'`.execute(db);
  await sql`
    create table mall_order_line (
      order_id bigint not null references mall_order (id),
      line smallint not null,
      goods_id integer not null references mall_goods (id),
      name text not null,
      currency text not null,
      unit_price bigint not null,
      count integer not null check (count > 0),
      deliverable jsonb not null,
      primary key (order_id, line)
    )`.execute(db);
}
