import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { crashTimeToReach } from '@app/fair/crash';
import type { Database } from '../../../db/schema.ts';
import { createCrashHub } from './crash-hub.ts';
import type { BetRow } from './crash.repository.ts';
import * as crash from './crash.service.ts';
import type { CrashDeps, LoadedChain } from './crash.service.ts';

/**
 * The crash game's one driver: a loop that plays rounds one after another. Every state lives in
 * crash_round and game_round rows (crash.service.ts), so a process that stops loses nothing: the next
 * start cancels the round it left and refunds its open bets. Times come from the server's clock only.
 *
 *   betting (bettingMs) → running (the curve m(t) = crashMultiplierAt(t), automatic cash-outs at their
 *   targets) → crashed at crashTimeToReach(crash point) → pause (pauseMs) → the next round
 *
 * One process drives the game (the one started with jobs): its rounds are in the database for everyone,
 * but its pages and its timers are in its own memory. Several server processes would need one elected
 * driver and Redis to fan its events out (architecture.md "Scale"); that is not built.
 */
export type CrashTiming = {
  bettingMs: number;
  pauseMs: number;
  /** Games in a new chain (an existing chain keeps its own length). */
  chainLength: number;
};

export const DEFAULT_CRASH_TIMING: CrashTiming = { bettingMs: 6_000, pauseMs: 3_000, chainLength: 100_000 };

/** How long the engine waits before looking again when the game is missing or switched off. */
const IDLE_MS = 10_000;
/** After a failed step, how long before the round is cancelled and play goes on. */
const RETRY_MS = 1_000;

export type CrashEngine = {
  deps: CrashDeps;
  /** Builds the chain, repairs what a stop left, and starts playing rounds. */
  start(timing?: Partial<CrashTiming>): Promise<void>;
  /**
   * Stops after the step in progress, settling and refunding nothing, as a killed process would (the next
   * start repairs it). For tests of a restart.
   */
  halt(): Promise<void>;
  /** Stops, then cancels the round in play and refunds its open bets at once. */
  stop(): Promise<void>;
  isRunning(): boolean;
  /** The chain in play, once started. */
  chain(): LoadedChain | undefined;
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    crashEngine: CrashEngine;
  }
}

export function createCrashEngine(options: {
  db: Kysely<Database>;
  country: CrashDeps['country'];
  logger: FastifyBaseLogger;
  now?: () => number;
}): CrashEngine {
  const deps: CrashDeps = {
    db: options.db,
    country: options.country,
    hub: createCrashHub(),
    inflight: new Set(),
    now: options.now ?? Date.now,
  };
  const log = options.logger.child({ module: 'crash' });
  let loaded: LoadedChain | undefined;
  let loop: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;

  /** Resolves at `at` (epoch ms), or at once when the engine is stopping. */
  const sleepUntil = (at: number) =>
    new Promise<void>((resolve) => {
      const delay = at - deps.now();
      if (stopping || delay <= 0) {
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, delay);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  async function newChain(length: number): Promise<LoadedChain> {
    const began = performance.now();
    const chain = await crash.createChain(deps, length);
    log.info(
      { chainId: chain.row.id, length, ms: Math.round(performance.now() - began) },
      'crash: new hash chain committed',
    );
    return chain;
  }

  async function playRound(timing: CrashTiming): Promise<void> {
    if (!(await crash.isCrashEnabled(deps))) {
      await sleepUntil(deps.now() + IDLE_MS);
      return;
    }
    if (!loaded) return;
    const round = await crash.openRound(deps, loaded, timing.bettingMs);
    if (!round) {
      loaded = await newChain(timing.chainLength);
      return;
    }
    await sleepUntil(round.betting_ends_at.getTime());
    if (stopping) return;

    const started = await crash.startRound(deps, round);
    if (!started || stopping) return;
    const running = started.round;
    const startedAt = (running.started_at as Date).getTime();
    const crashAt = crash.crashTimeOf(startedAt, running.crash_point);

    // Automatic cash-outs the curve will reach (a target equal to the crash point is reached at the crash
    // time itself, and wins: packages/fair crashPayout), in the order the curve reaches them.
    const autos = started.bets
      .map((bet) => ({ bet, target: crash.autoCashoutOf(bet) }))
      .filter((entry): entry is { bet: BetRow; target: number } => entry.target !== null)
      .filter((entry) => entry.target <= running.crash_point)
      .sort((a, b) => a.target - b.target);
    for (const { bet, target } of autos) {
      await sleepUntil(startedAt + crashTimeToReach(target));
      if (stopping) return;
      await crash.autoCashOut(deps, bet, running, target);
    }

    await sleepUntil(crashAt);
    if (stopping) return;
    // Cash-out calls that arrived before now (the crash time) are judged first, whatever the database's pace.
    await Promise.allSettled([...deps.inflight]);
    await crash.crashRound(deps, running, loaded.row.salt);
    await sleepUntil(deps.now() + timing.pauseMs);
  }

  async function run(timing: CrashTiming): Promise<void> {
    while (!stopping) {
      try {
        await playRound(timing);
      } catch (error) {
        if (stopping) break;
        log.error({ err: error }, 'crash: a round failed; it is cancelled and play goes on');
        await sleepUntil(deps.now() + RETRY_MS);
        if (stopping) break;
        await crash.recoverInterrupted(deps).catch((repairError: unknown) => {
          log.error({ err: repairError }, 'crash: the repair failed');
        });
      }
    }
  }

  async function halt(): Promise<void> {
    if (!loop) return;
    stopping = true;
    wake?.();
    await loop;
    loop = undefined;
  }

  return {
    deps,
    async start(overrides = {}) {
      if (loop) return;
      const timing = { ...DEFAULT_CRASH_TIMING, ...overrides };
      stopping = false;
      const repaired = await crash.recoverInterrupted(deps);
      if (repaired.cancelled + repaired.refunded + repaired.lost + repaired.paid > 0) {
        log.warn(repaired, 'crash: repaired what a stop left');
      }
      const began = performance.now();
      loaded = await crash.loadOrCreateChain(deps, timing.chainLength);
      log.info(
        { chainId: loaded.row.id, length: loaded.row.length, ms: Math.round(performance.now() - began) },
        'crash: hash chain ready',
      );
      deps.hub.startHeartbeat();
      loop = run(timing);
    },
    halt,
    async stop() {
      if (!loop) return;
      await halt();
      await crash.recoverInterrupted(deps);
      deps.hub.close();
    },
    isRunning: () => loop !== undefined,
    chain: () => loaded,
  };
}
