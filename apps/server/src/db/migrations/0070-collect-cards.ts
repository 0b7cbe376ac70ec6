import { sql, type Kysely } from 'kysely';

/**
 * Collect-cards (issue 16 §3, docs/promotions.md "Collect-cards").
 *
 * - `collect_cards_member`: one row per (activity, member): the cards of the set in progress, the chances
 *   to use, the sets completed. Every change (a chance added, a draw) locks this row first, so one
 *   member's requests take turns; `chances >= 0` is the last line of defence against using a chance twice.
 * - `collect_cards_chance`: every grant of chances, unique by (source, ref): the free chance per activity,
 *   site day and member; a deposit order (its id: an order gives chances once, ever); a purchase (member
 *   and request id). The unique key is what makes each grant happen once.
 * - `collect_cards_seed`: each member's committed server seed (its hash shown before a draw), client seed
 *   and nonce; a draw uses them and reveals the seed, a new one is committed (like the diamond spin).
 * - `collect_cards_draw`: one row per chance used, unique per (member, request key), with the seeds and
 *   weights it was drawn with, the card, and whether it completed the set.
 * - `collect_cards_gift`: one row per completed set (activity, member, set number), inserted with the
 *   payment in the draw's transaction: a set pays once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table collect_cards_member (
      activity_id integer not null,
      member_id bigint not null,
      cards smallint[] not null default '{}',
      chances integer not null default 0 check (chances >= 0),
      sets integer not null default 0 check (sets >= 0),
      updated_at timestamptz not null default now(),
      primary key (activity_id, member_id)
    )`.execute(db);
  await sql`
    create table collect_cards_chance (
      id bigserial primary key,
      activity_id integer not null,
      member_id bigint not null,
      source text not null check (source in ('free', 'deposit', 'bought')),
      ref text not null,
      chances integer not null check (chances > 0),
      transaction_id bigint,
      created_at timestamptz not null default now(),
      unique (source, ref)
    )`.execute(db);
  await sql`create index collect_cards_chance_member on collect_cards_chance (member_id, id desc)`.execute(
    db,
  );
  await sql`
    create table collect_cards_seed (
      member_id bigint primary key,
      server_seed text not null,
      server_seed_hash text not null,
      client_seed text not null,
      nonce integer not null default 0
    )`.execute(db);
  await sql`
    create table collect_cards_draw (
      id bigserial primary key,
      activity_id integer not null,
      member_id bigint not null,
      request_key text not null,
      card smallint not null check (card >= 1),
      duplicate boolean not null,
      completed boolean not null,
      gift bigint not null default 0,
      server_seed text not null,
      server_seed_hash text not null,
      client_seed text not null,
      nonce integer not null,
      weights integer[] not null,
      created_at timestamptz not null default now(),
      unique (member_id, request_key)
    )`.execute(db);
  await sql`create index collect_cards_draw_member on collect_cards_draw (member_id, id desc)`.execute(db);
  await sql`
    create table collect_cards_gift (
      activity_id integer not null,
      member_id bigint not null,
      set_no integer not null check (set_no >= 1),
      amount bigint not null check (amount > 0),
      draw_id bigint not null,
      transaction_id bigint not null,
      created_at timestamptz not null default now(),
      primary key (activity_id, member_id, set_no)
    )`.execute(db);
  await sql`create index collect_cards_gift_recent on collect_cards_gift (activity_id, created_at desc)`.execute(
    db,
  );
  await sql`create index collect_cards_gift_member on collect_cards_gift (member_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table collect_cards_gift`.execute(db);
  await sql`drop table collect_cards_draw`.execute(db);
  await sql`drop table collect_cards_seed`.execute(db);
  await sql`drop table collect_cards_chance`.execute(db);
  await sql`drop table collect_cards_member`.execute(db);
}
