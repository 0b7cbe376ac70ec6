import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { getGameRegister, type RegisteredGame } from '../../games/catalogue/games.service.ts';
import { taxesOfTransactions, type LedgerEvent } from '../../platform/wallet/ledger-reads.ts';
import { factConsumer, type Fact } from '../../platform/wallet/money-facts.ts';
import { formatOf, readPlayers, type RegulatorDeps } from './regulator-export.ts';
import * as repository from './regulator.repository.ts';

/**
 * Kenya's near-real-time feed (issue 25 §4; the tax authority's real-time system takes stakes and wins per
 * transaction): a consumer of the money facts (money-facts.ts) that writes each batch, with the tax legs of
 * its deposits and withdrawals, as one file of the format's live serialiser. The batch is written to an
 * outbox row in the consumer's own transaction (so it is counted once, across crashes and retries) and copied
 * to the file store after it commits; a copy cut short is done again, and a key already written is not.
 */
export const LIVE_CONSUMER = 'regulator-live';
/** Outbox rows copied to the store per pass. */
const STORE_BATCHES = 50;

/** The batch's events in the order the regulator reads them: each fact, then its tax leg if it booked one. */
async function eventsOf(trx: Transaction<Database>, facts: Fact[]): Promise<LedgerEvent[]> {
  const taxed = facts.filter((fact) => fact.kind === 'deposit' || fact.kind === 'withdrawal');
  const taxes = await taxesOfTransactions(
    trx,
    taxed.map((fact) => fact.transactionId),
  );
  const events: LedgerEvent[] = [];
  for (const fact of facts) {
    const base = {
      at: fact.createdAt,
      transactionId: fact.transactionId,
      memberId: fact.memberId,
      ref: fact.ref,
    };
    events.push({
      ...base,
      kind: fact.kind,
      amount: fact.amount,
      ownMoney: fact.ownMoney,
      gameId: fact.gameId,
    });
    for (const tax of taxes.filter((each) => each.transactionId === fact.transactionId)) {
      events.push({ ...base, kind: tax.event, amount: tax.tax, ownMoney: tax.tax, gameId: null });
    }
  }
  return events;
}

export function liveFeed(deps: RegulatorDeps) {
  const { country } = deps;
  const live = formatOf(country).live;
  let games: Map<number, RegisteredGame> | undefined;
  const consumer = factConsumer({
    name: LIVE_CONSUMER,
    handle: async (trx, facts) => {
      if (!live) return;
      // The catalogue is read again when a game appears that this process has not seen.
      if (!games || facts.some((fact) => fact.gameId !== null && !games?.has(fact.gameId))) {
        games = await getGameRegister(trx);
      }
      const events = await eventsOf(trx, facts);
      const players = await readPlayers(
        trx,
        events.map((event) => event.memberId),
      );
      const context = {
        day: '',
        market: country.code,
        currency: country.currency,
        decimals: country.decimals,
      };
      const lines = [live.header];
      for (const event of events) {
        const line = live.line(
          { event, player: players.get(event.memberId)!, game: games.get(event.gameId ?? -1) },
          context,
        );
        if (line !== null) lines.push(line);
      }
      const content = `${lines.join('\n')}\n`;
      await repository.insertLiveBatch(trx, {
        market: country.code,
        format: country.compliance.regulatorFeed.format,
        first_transaction_id: facts[0]!.transactionId,
        last_transaction_id: facts.at(-1)!.transactionId,
        rows: lines.length - 1,
        content,
        checksum: createHash('sha256').update(content).digest('hex'),
      });
    },
  });
  return { consumer, storeBatches: () => storeLiveBatches(deps) };
}

/** The store key of a live batch: its day (UTC) and its outbox id, unique and written once. */
export function liveKey(batch: { id: number; created_at: Date }, file: string): string {
  const day = new Date(batch.created_at).toISOString().slice(0, 10);
  return `private/regulator-live/${day}/${batch.id}-${file.replace('.', '-')}`;
}

/** Copies the outbox's batches to the file store, oldest first; how many it copied. */
export async function storeLiveBatches(deps: RegulatorDeps): Promise<number> {
  const live = formatOf(deps.country).live;
  if (!live) return 0;
  let stored = 0;
  for (const batch of await repository.findUnstoredLiveBatches(deps.db, STORE_BATCHES)) {
    const key = liveKey({ id: Number(batch.id), created_at: batch.created_at }, live.name);
    // Copied before a crash that kept it from being marked: the store keeps what it has.
    if (!(await deps.store.get(key)))
      await deps.store.put(key, Buffer.from(batch.content, 'utf8'), 'text/csv');
    await repository.markLiveBatchStored(deps.db, Number(batch.id));
    stored += 1;
  }
  return stored;
}

/** The live feed's job, in the money-fact consumers' queue: read the new facts, then copy them to the store. */
export function liveFeedJob(db: Kysely<Database>, deps: RegulatorDeps): Job {
  const { consumer, storeBatches } = liveFeed(deps);
  const job = consumer.job(db);
  return {
    ...job,
    run: async () => {
      await job.run();
      await storeBatches();
    },
  };
}
