import { sql, type Kysely } from 'kysely';

/**
 * One open round per player and game for a round that waits for the player's moves (mines): checked in
 * code first, it did not hold under concurrency (50 parallel starts opened 49 rounds). The database now
 * holds it: `awaits_player` marks such a round, and a partial unique index allows one open one per member
 * (real play, across their sessions) or per demo session. Instant rounds are open only between their
 * steps and stay outside it.
 *
 * Rounds already open twice (opened by that race before this migration) keep their money and stay
 * playable by id: only the oldest of each group is marked, so the index can be built.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game_round add column awaits_player boolean not null default false`.execute(db);
  await sql`
    update game_round set awaits_player = true
    where game_id in (select id from game where code = 'mines')
  `.execute(db);
  await sql`
    update game_round r set awaits_player = false
    where r.awaits_player and r.state = 'open' and exists (
      select 1 from game_round o
      where o.awaits_player and o.state = 'open' and o.game_id = r.game_id and o.mode = r.mode and o.id < r.id
        and ((r.mode = 'launch' and o.member_id = r.member_id) or (r.mode = 'demo' and o.session_id = r.session_id))
    )
  `.execute(db);
  await sql`
    create unique index game_round_one_open_launch on game_round (game_id, member_id)
    where awaits_player and state = 'open' and mode = 'launch'
  `.execute(db);
  await sql`
    create unique index game_round_one_open_demo on game_round (game_id, session_id)
    where awaits_player and state = 'open' and mode = 'demo'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index game_round_one_open_demo`.execute(db);
  await sql`drop index game_round_one_open_launch`.execute(db);
  await sql`alter table game_round drop column awaits_player`.execute(db);
}
