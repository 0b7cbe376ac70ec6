import { sql, type Kysely } from 'kysely';

/**
 * Coin spin (issue 14, docs/promotions.md "Coin spin"). `coin_spin_day`: each site day's server seed (its
 * hash published before the first spin, the seed revealed the day after) and its pool, copied from the
 * settings when the day is first shown. `coin_spin_prize`: the day's prizes in published order with their
 * counts; `remaining` never goes below 0. `coin_spin`: one spin per member and site day (primary key), with
 * everything needed to recompute it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table coin_spin_day (
      site_day text primary key,
      server_seed text not null,
      server_seed_hash text not null,
      spins integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table coin_spin_prize (
      site_day text not null references coin_spin_day (site_day),
      prize_index smallint not null,
      coins bigint not null check (coins >= 0),
      cash bigint not null check (cash >= 0),
      count integer not null check (count >= 0),
      remaining integer not null check (remaining >= 0 and remaining <= count),
      primary key (site_day, prize_index)
    )`.execute(db);
  await sql`
    create table coin_spin (
      id bigserial unique,
      member_id bigint not null references member (id),
      site_day text not null references coin_spin_day (site_day),
      prize_index smallint not null,
      coins bigint not null,
      cash bigint not null,
      client_seed text not null,
      nonce integer not null,
      remaining_before integer[] not null,
      transaction_id bigint,
      created_at timestamptz not null default now(),
      primary key (member_id, site_day)
    )`.execute(db);
}
