import { sql, type Kysely } from 'kysely';

/**
 * Cash rain (issue 14, docs/promotions.md "Cash rain"): a slot of a site day, its packets (its budget
 * split when it opens, "try again" packets included), and one claim per member and slot. A claim takes
 * one free packet in one statement (FOR UPDATE SKIP LOCKED), so two claims never share a packet; the
 * claim's primary key makes a member's claim exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cash_rain_slot (
      id serial primary key,
      site_day text not null,
      slot_id integer not null,
      begins_at timestamptz not null,
      ends_at timestamptz not null,
      budget integer not null,
      server_seed text not null,
      server_seed_hash text not null,
      packets integer not null,
      created_at timestamptz not null default now(),
      unique (site_day, slot_id)
    )`.execute(db);
  await sql`
    create table cash_rain_packet (
      id bigserial primary key,
      slot_id integer not null references cash_rain_slot (id),
      position integer not null,
      gift_type smallint not null check (gift_type between 0 and 4),
      amount integer not null check (amount >= 0),
      member_id integer references member (id),
      claimed_at timestamptz,
      unique (slot_id, position)
    )`.execute(db);
  // The free packets of a slot in order: what a claim's SKIP LOCKED scan reads.
  await sql`
    create index cash_rain_packet_free on cash_rain_packet (slot_id, position) where member_id is null
  `.execute(db);
  await sql`
    create table cash_rain_claim (
      slot_id integer not null references cash_rain_slot (id),
      member_id integer not null references member (id),
      packet_id bigint references cash_rain_packet (id),
      gift_type smallint not null,
      amount integer not null,
      created_at timestamptz not null default now(),
      primary key (slot_id, member_id)
    )`.execute(db);
}
