import { sql, type Kysely } from 'kysely';

/**
 * The 6+1 lottery and the cash draw on the draw engine (issue 16 §4 §5, docs/promotions.md "The 6+1
 * lottery and the cash draw"). The engine owns `draw` and `draw_ticket`; these are the products' own rows.
 *
 * - `lottery_holding`: how many tickets a member holds in one draw, raised by each purchase with a
 *   conditional upsert before the draw's lock (the per-member limit of a draw; one member's parallel
 *   purchases queue on the row). No foreign key to `draw`: its check would take a share lock on the draw's
 *   row before the purchase's `for update`, and two purchases upgrading at once would deadlock.
 * - `lottery_settlement`: one row per settled draw of either product, written once (primary key) in the
 *   transaction that moves the draw's aggregate money (house share, rollover in and out, jackpot seed):
 *   the split it was computed with, and the progress of the winners' payments (`members_paid`, a cursor over
 *   the winners in member order), so a re-run pays from where the last one stopped and never twice. The
 *   CHECK is the draw's conservation: house + prizes + rollover out = sales + rollover in + seed.
 * - `lottery_prize`: one row per winning member and draw, written in the transaction that credits them
 *   (the winners' page reads it; the ledger key is `draw:<drawId>:prize:<memberId>`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lottery_holding (
      draw_id bigint not null,
      member_id bigint not null,
      tickets integer not null check (tickets > 0),
      primary key (draw_id, member_id)
    )`.execute(db);
  await sql`
    create table lottery_settlement (
      draw_id bigint primary key references draw (id),
      product text not null check (product in ('lottery', 'cash-draw')),
      sales bigint not null check (sales >= 0),
      house_share bigint not null check (house_share >= 0),
      rollover_in bigint not null check (rollover_in >= 0),
      seed_top_up bigint not null check (seed_top_up >= 0),
      paid bigint not null check (paid >= 0),
      rollover_out bigint not null check (rollover_out >= 0),
      split jsonb not null,
      winners integer not null check (winners >= 0),
      members_paid integer not null default 0,
      created_at timestamptz not null default now(),
      paid_at timestamptz,
      check (house_share + paid + rollover_out = sales + rollover_in + seed_top_up),
      check (members_paid >= 0 and members_paid <= winners),
      check ((paid_at is not null) = (members_paid = winners))
    )`.execute(db);
  await sql`
    create table lottery_prize (
      draw_id bigint not null references lottery_settlement (draw_id),
      member_id bigint not null,
      amount bigint not null check (amount > 0),
      tickets integer not null check (tickets > 0),
      best_tier smallint not null,
      transaction_id bigint not null,
      created_at timestamptz not null default now(),
      primary key (draw_id, member_id)
    )`.execute(db);
  await sql`create index lottery_prize_by_tier on lottery_prize (draw_id, best_tier, amount desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lottery_prize`.execute(db);
  await sql`drop table lottery_settlement`.execute(db);
  await sql`drop table lottery_holding`.execute(db);
}
