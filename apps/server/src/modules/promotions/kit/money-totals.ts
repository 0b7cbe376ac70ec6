import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { factConsumer, type Fact } from '../../platform/wallet/money-facts.ts';
import * as repository from './promotions.repository.ts';
import type { MoneyTotals } from './promotions.repository.ts';

export type { MoneyTotals };

const ZERO: MoneyTotals = { bets: 0, staked: 0, won: 0, rolledBack: 0, deposited: 0, withdrawn: 0 };

/** What a batch of facts adds to each member's totals. */
export function totalsOf(facts: Fact[]): Map<number, MoneyTotals> {
  const byMember = new Map<number, MoneyTotals>();
  for (const fact of facts) {
    const totals = byMember.get(fact.memberId) ?? { ...ZERO };
    switch (fact.kind) {
      case 'bet':
        totals.bets += 1;
        totals.staked += fact.amount;
        break;
      case 'win':
        totals.won += fact.amount;
        break;
      case 'rollback':
        totals.rolledBack += fact.amount;
        break;
      case 'deposit':
        totals.deposited += fact.amount;
        break;
      case 'withdrawal':
        totals.withdrawn += fact.amount;
        break;
    }
    byMember.set(fact.memberId, totals);
  }
  return byMember;
}

/**
 * The members' totals (`member_money_total`): what each member staked (and in how many bets), won, got back
 * by rollbacks, deposited and had paid out, counted exactly once (the batch is added in the transaction that
 * moves this consumer's cursor).
 */
export const moneyTotals = factConsumer({
  name: 'member-money-totals',
  handle: (trx, facts) => repository.addMoneyTotals(trx, totalsOf(facts)),
});

/** A member's totals as counted so far (zero for a member with no fact counted yet). */
export async function getMoneyTotals(db: Kysely<Database>, memberId: number): Promise<MoneyTotals> {
  return (await repository.findMoneyTotals(db, memberId)) ?? { ...ZERO };
}

export function moneyTotalsJobs(db: Kysely<Database>): Job[] {
  return [moneyTotals.job(db)];
}
