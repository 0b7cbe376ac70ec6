import { sql, type Kysely } from 'kysely';

/**
 * The diamond spin (issue 14 §5, docs/promotions.md "Diamonds"). `diamond_spin_seed`: each member's
 * committed server seed (its hash shown before the spin), client seed and nonce; a bet uses them and
 * reveals the seed, a new one is committed. `diamond_spin_pool`: the published daily prize pool, one row
 * per site day and prize segment (how many were published, how many remain); a prize is taken with
 * `remaining = remaining - 1 where remaining >= 1`, so it never goes below zero. `diamond_spin_bet`: one row
 * per bet, its request key unique per member (a replayed request is the same bet), with the seeds and what
 * each spin landed on and paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table diamond_spin_seed (
      member_id bigint primary key,
      server_seed text not null,
      server_seed_hash text not null,
      client_seed text not null,
      nonce integer not null default 0
    )`.execute(db);
  await sql`
    create table diamond_spin_pool (
      day text not null,
      segment_id integer not null,
      published integer not null,
      remaining integer not null check (remaining >= 0),
      primary key (day, segment_id)
    )`.execute(db);
  await sql`
    create table diamond_spin_bet (
      id bigserial primary key,
      member_id bigint not null,
      request_key text not null,
      day text not null,
      option_index integer not null,
      cost bigint not null,
      server_seed text not null,
      server_seed_hash text not null,
      client_seed text not null,
      nonce integer not null,
      weights jsonb not null,
      spins jsonb not null,
      coins bigint not null,
      diamonds bigint not null,
      cash bigint not null,
      created_at timestamptz not null default now(),
      unique (member_id, request_key)
    )`.execute(db);
  await sql`create index diamond_spin_bet_member on diamond_spin_bet (member_id, id desc)`.execute(db);
  await sql`create index diamond_spin_bet_winners on diamond_spin_bet (id desc) where coins + diamonds + cash > 0`.execute(
    db,
  );
}
