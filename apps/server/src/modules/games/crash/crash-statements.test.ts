import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import { gameIdOf, newMember, openMemberGameSession } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { gameSessionResolver, gameSessionTokenHash } from '../catalogue/game-session.service.ts';
import { findBettors, findCashers } from './crash.repository.ts';

/**
 * The statements of a crash round's peak, a game call's session lookup, a bet's session with its records and
 * a cash-out's with its round and bet, are prepared once per connection (db/prepared-statements.ts) and read their batch's array through a
 * sub-select, so that from the sixth call PostgreSQL runs them on one generic plan instead of planning them
 * for every batch (a fifth of its CPU in a betting window, docs/benchmarks.md 2026-12-06). A generic plan
 * is made without the batch's values: each batch, in any order and past the sixth call, must still be
 * answered rightly.
 */
const ctx = useTestApp();

it('answer every batch rightly, on a generic plan from the sixth call on PostgreSQL', async () => {
  const crashId = await gameIdOf(ctx, 'crash');
  const members = [await newMember(ctx), await newMember(ctx)];
  const sessions = await Promise.all(members.map((member) => openMemberGameSession(ctx, member.id, crashId)));
  const ids = members.map((member) => member.id);
  const rows = await ctx.db.selectFrom('member').select(['id', 'mobile']).where('id', 'in', ids).execute();
  const mobiles = new Map(rows.map((row) => [row.id, row.mobile]));
  // Last seen five minutes ago: the first read marks it seen.
  const idle = sessions[1]?.sessionId ?? 0;
  await ctx.db
    .updateTable('game_session')
    .set({ last_seen_at: new Date(Date.now() - 5 * 60_000) })
    .where('id', '=', idle)
    .execute();

  // On PostgreSQL one connection, so that every call lands on the session whose statements are read after.
  const serverUrl = process.env.DATABASE_URL;
  const single = serverUrl
    ? await openDatabase({ engine: 'postgres', url: await urlOf(ctx.db, serverUrl), poolSize: 1 })
    : undefined;
  const db = single?.db ?? ctx.db;
  const resolve = gameSessionResolver(db);
  try {
    // The bet's read marks a session idle for a while seen, and answers the row after the mark.
    const [marked] = await findBettors(db, [gameSessionTokenHash(sessions[1]?.token ?? '')]);
    expect(marked?.session.id).toBe(idle);
    expect(Date.now() - (marked?.session.last_seen_at.getTime() ?? 0)).toBeLessThan(60_000);
    for (let call = 1; call <= 8; call += 1) {
      const order = call % 2 === 0 ? [1, 0] : [0, 1, 0].slice(0, 1 + (call % 3));
      // Asked together, the lookups go as one batch or two (the resolver's batching), each one statement.
      const found = await Promise.all(order.map((index) => resolve(sessions[index]?.token ?? '')));
      expect(found.map((session) => session?.id)).toEqual(order.map((index) => sessions[index]?.sessionId));
      // A bet's session and records, with a token nobody holds among them.
      const tokens = [...order.map((index) => sessions[index]?.token ?? ''), `unknown-${call}`];
      const bettors = await findBettors(db, tokens.map(gameSessionTokenHash));
      expect(
        bettors.map(
          (bettor) =>
            bettor && [
              bettor.session.id,
              bettor.records.game?.id,
              bettor.records.member?.status,
              bettor.records.mobile,
            ],
        ),
      ).toEqual([
        ...order.map((index) => [
          sessions[index]?.sessionId,
          crashId,
          'active',
          mobiles.get(members[index]?.id ?? 0),
        ]),
        undefined,
      ]);
      // A cash-out's session with its game; no round has begun in this database.
      const cashers = await findCashers(db, tokens.map(gameSessionTokenHash));
      expect(
        cashers.map(
          (casher) => casher && [casher.session.id, casher.records.game?.id, casher.records.latestRound],
        ),
      ).toEqual([...order.map((index) => [sessions[index]?.sessionId, crashId, undefined]), undefined]);
    }

    if (single) {
      const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        select statement, generic_plans::integer, custom_plans::integer from pg_prepared_statements`.execute(
        single.db,
      );
      // The lookup and the bettors' and cashers' reads, each planned five times with its values, then never again.
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.custom_plans).toBe(5);
        expect(row.generic_plans).toBeGreaterThan(0);
      }
    }
  } finally {
    await single?.close();
  }
});

/** The address of the test's own database on the PostgreSQL server. */
async function urlOf(db: Kysely<Database>, serverUrl: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(serverUrl);
  url.pathname = `/${rows[0]?.name ?? ''}`;
  return url.toString();
}
