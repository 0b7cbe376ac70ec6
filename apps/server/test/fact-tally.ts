import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { factConsumer, type Fact } from '../src/modules/platform/wallet/money-facts.ts';

/**
 * A consumer of money facts for the tests of the consumers' mechanism (each fact counted exactly once through
 * races, replays and SIGKILLs): it adds each batch to a table of its own in the transaction that moves its
 * cursor, as a programme's consumer does. The table belongs to the test (`createFactTally`, in the test's
 * own database); no module of the server reads it.
 */
export type Tally = {
  bets: number;
  staked: number;
  ownStaked: number;
  won: number;
  ownWon: number;
  deposited: number;
  withdrawn: number;
};

const ZERO: Tally = { bets: 0, staked: 0, ownStaked: 0, won: 0, ownWon: 0, deposited: 0, withdrawn: 0 };

export async function createFactTally(db: Kysely<Database>): Promise<void> {
  await sql`
    create table if not exists test_fact_tally (
      member_id bigint primary key,
      bets bigint not null, staked bigint not null, own_staked bigint not null,
      won bigint not null, own_won bigint not null, deposited bigint not null, withdrawn bigint not null
    )`.execute(db);
}

/** What a batch adds to each member's tally (a rollback takes its stake back). */
function tallyOf(facts: readonly Fact[]): Map<number, Tally> {
  const byMember = new Map<number, Tally>();
  for (const fact of facts) {
    const tally = byMember.get(fact.memberId) ?? { ...ZERO };
    if (fact.kind === 'bet') {
      tally.bets += 1;
      tally.staked += fact.amount;
      tally.ownStaked += fact.ownMoney;
    } else if (fact.kind === 'rollback') {
      tally.staked -= fact.amount;
      tally.ownStaked -= fact.ownMoney;
    } else if (fact.kind === 'win') {
      tally.won += fact.amount;
      tally.ownWon += fact.ownMoney;
    } else if (fact.kind === 'deposit') tally.deposited += fact.amount;
    else tally.withdrawn += fact.amount;
    byMember.set(fact.memberId, tally);
  }
  return byMember;
}

async function addToTally(trx: Transaction<Database>, facts: Fact[]): Promise<void> {
  // Members in id order, so concurrent batches never deadlock.
  for (const [memberId, t] of [...tallyOf(facts)].sort(([a], [b]) => a - b)) {
    await sql`
      insert into test_fact_tally as t
        (member_id, bets, staked, own_staked, won, own_won, deposited, withdrawn)
      values (${memberId}, ${t.bets}, ${t.staked}, ${t.ownStaked}, ${t.won}, ${t.ownWon}, ${t.deposited},
        ${t.withdrawn})
      on conflict (member_id) do update set
        bets = t.bets + excluded.bets, staked = t.staked + excluded.staked,
        own_staked = t.own_staked + excluded.own_staked, won = t.won + excluded.won,
        own_won = t.own_won + excluded.own_won, deposited = t.deposited + excluded.deposited,
        withdrawn = t.withdrawn + excluded.withdrawn`.execute(trx);
  }
}

export const factTally = factConsumer({ name: 'test-fact-tally', handle: addToTally });

/** A member's tally so far (zero before any fact of theirs was counted). */
export async function tallyFor(db: Kysely<Database>, memberId: number): Promise<Tally> {
  const { rows } = await sql<Record<string, string>>`
    select bets, staked, own_staked, won, own_won, deposited, withdrawn
    from test_fact_tally where member_id = ${memberId}`.execute(db);
  const row = rows[0];
  if (!row) return { ...ZERO };
  return {
    bets: Number(row.bets),
    staked: Number(row.staked),
    ownStaked: Number(row.own_staked),
    won: Number(row.won),
    ownWon: Number(row.own_won),
    deposited: Number(row.deposited),
    withdrawn: Number(row.withdrawn),
  };
}
