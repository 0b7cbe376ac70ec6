import { sql, type Kysely } from 'kysely';

/**
 * The one clock of every decision that must agree across a fleet (issue 24 §4): when a crash round started
 * and when a cash-out was received, whichever process received it. It is the database's clock, read as
 * this process's clock plus an offset measured against PostgreSQL (the sample of the shortest round trip,
 * taken again every minute), so reading it costs no query. With the embedded database there is one
 * process and its clock is the database's.
 */
export type Clock = {
  /** Epoch milliseconds by the database's clock. */
  now(): number;
  /** The offset last measured (database minus process, ms): what metrics and logs show. */
  offsetMs(): number;
  stop(): void;
};

const SAMPLES = 5;
const RESYNC_MS = 60_000;

/** This process's own clock, read at each call (a test's moved clock included). */
export const PROCESS_CLOCK: Clock = { now: () => Date.now(), offsetMs: () => 0, stop: () => undefined };

export async function measureDatabaseOffset<DB>(
  db: Kysely<DB>,
): Promise<{ offsetMs: number; roundTripMs: number }> {
  let best = { offsetMs: 0, roundTripMs: Number.POSITIVE_INFINITY };
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const sent = Date.now();
    const { rows } = await sql<{ ms: number }>`
      select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`.execute(db);
    const received = Date.now();
    const roundTripMs = received - sent;
    if (rows[0] && roundTripMs < best.roundTripMs) {
      best = { offsetMs: Math.round(Number(rows[0].ms) - (sent + received) / 2), roundTripMs };
    }
  }
  return best;
}

/**
 * A new measure is taken unless its round trip is more than twice the best one kept (a busy database or
 * event loop stretches the round trip, and half of it is the measure's possible error: bench:crash saw
 * receipt times hundreds of ms off under load); the best one is kept at most KEEP_BEST_MS, since clocks
 * drift.
 */
const KEEP_BEST_MS = 10 * 60_000;

export function betterMeasure(
  kept: { offsetMs: number; roundTripMs: number; at: number },
  measured: { offsetMs: number; roundTripMs: number },
  at: number,
): { offsetMs: number; roundTripMs: number; at: number } {
  const fresh = measured.roundTripMs <= Math.max(2 * kept.roundTripMs, 2) || at - kept.at > KEEP_BEST_MS;
  return fresh ? { ...measured, at } : kept;
}

export async function createDatabaseClock<DB>(options: {
  db: Kysely<DB>;
  engine: 'pglite' | 'postgres';
}): Promise<Clock> {
  if (options.engine === 'pglite') return PROCESS_CLOCK;
  let kept = { ...(await measureDatabaseOffset(options.db)), at: Date.now() };
  const timer = setInterval(() => {
    // A failed measure keeps the last offset: clocks drift by milliseconds a day, and a database that
    // cannot be read shows everywhere else first.
    measureDatabaseOffset(options.db).then(
      (measured) => {
        kept = betterMeasure(kept, measured, Date.now());
      },
      () => undefined,
    );
  }, RESYNC_MS);
  timer.unref();
  return {
    now: () => Date.now() + kept.offsetMs,
    offsetMs: () => kept.offsetMs,
    stop: () => clearInterval(timer),
  };
}
