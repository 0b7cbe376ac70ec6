import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { dueGrants, expireGrant, expirePendingGrants } from '../../platform/wallet/bonus-pocket.ts';
import { expireOffers } from './offers.ts';

/**
 * Expires the bonus grants past their date (docs/promotions.md "Bonus coins and bonus cash"): each in its
 * own transaction, claimed by the `status = 'active'` predicate of its UPDATE, so a run twice, late, on
 * several processes at once, or racing a member's forfeit or a conversion, ends each grant once. Its
 * bonus cash goes back to its budget and the member's next pending grant becomes active. How many expired.
 */
export async function expireDueGrants(db: Kysely<Database>, { batch = 200 } = {}): Promise<number> {
  let expired = await expirePendingGrants(db);
  for (;;) {
    const due = await dueGrants(db, batch);
    let ended = 0;
    for (const id of due) {
      if (await retryingTransaction(db, (trx) => expireGrant(trx, id))) ended += 1;
    }
    expired += ended;
    if (due.length < batch || ended === 0) return expired;
  }
}

export function bonusJobs(db: Kysely<Database>): Job[] {
  return [
    { name: 'expire-bonus-grants', schedule: { cron: '* * * * *' }, run: () => expireDueGrants(db) },
    // Offers nobody answered lapse (they were already refused once past their date; this records it).
    { name: 'expire-bonus-offers', schedule: { cron: '* * * * *' }, run: () => expireOffers(db) },
  ];
}
