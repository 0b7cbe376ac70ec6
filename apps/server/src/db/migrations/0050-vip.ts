import { sql, type Kysely } from 'kysely';

/**
 * VIP levels and benefits (issue 15 §1 §2, docs/promotions.md "VIP levels and benefits").
 *
 * `vip_points`: what each member staked from real money in one calendar year of the market, weighted by
 * the holiday multiplier, in minor units (a level's points are this divided by the currency's scale). It is
 * counted from the money facts by the consumer `vip-points`, in the transaction that moves its cursor, so a
 * fact counts once; a rollback takes its part back (never below zero).
 *
 * `vip_benefit_claim`: one row per member, benefit and period claimed (the period names the level and year,
 * the site day, the ISO week, the month or the year, per the benefit's type); its primary key makes a claim
 * exactly once, and it is inserted in the transaction that pays it (`payReward`), with a copy of what was paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table vip_points (
      member_id bigint not null,
      year integer not null,
      weighted_stake bigint not null default 0 check (weighted_stake >= 0),
      updated_at timestamptz not null default now(),
      primary key (member_id, year)
    )`.execute(db);
  await sql`
    create table vip_benefit_claim (
      member_id bigint not null,
      benefit_id integer not null,
      period text not null,
      type smallint not null,
      level_id smallint not null,
      asset text not null check (asset in ('cash', 'coins', 'tickets')),
      amount bigint not null check (amount > 0),
      transaction_id bigint,
      created_at timestamptz not null default now(),
      primary key (member_id, benefit_id, period)
    )`.execute(db);
  await sql`create index vip_benefit_claim_member on vip_benefit_claim (member_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table vip_benefit_claim`.execute(db);
  await sql`drop table vip_points`.execute(db);
}
