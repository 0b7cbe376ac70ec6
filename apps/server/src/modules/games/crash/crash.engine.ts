import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { crashTimeToReach } from '@app/fair/crash';
import type { EventBus } from '../../../adapters/events/event-bus.ts';
import type { Database } from '../../../db/schema.ts';
import { createCrashFanout } from './crash-fanout.ts';
import type { BetRow, CrashRoundRow } from './crash.repository.ts';
import * as repository from './crash.repository.ts';
import * as crash from './crash.service.ts';
import type { CrashDeps, LoadedChain } from './crash.service.ts';

/**
 * The crash game's one driver in a fleet (issue 24 §1, docs/deployment.md). Every process that may drive
 * (CRASH_DRIVER=auto) asks for the drivers' lease every `renewMs`; the one holding it plays rounds one after
 * another, the others only take bets and cash-outs. Every state lives in crash_round and game_round rows
 * (crash.service.ts) and every time is read from the game's one clock (the database's), so a new driver
 * *finishes* what the last one left: a round taking bets is started at its time, a running one flies on from
 * its stored start and crash point (automatic cash-outs the curve reached paid at their targets, the rest
 * lost at the crash). Nothing is cancelled on a stop.
 *
 *   betting (bettingMs) → running (the curve m(t) = crashMultiplierAt(t), automatic cash-outs at their
 *   targets) → crashed at crashTimeToReach(crash point) → open bets lost after the grace → pause (pauseMs)
 *
 * A process stopped cleanly gives the lease up, so a successor takes over at its next ask (within
 * `renewMs`); a killed one's lease lapses after `leaseMs`. A driver that cannot renew stops driving. Two
 * processes believing they drive for a moment (a paused process whose lease lapsed) can do no harm: every
 * step is a conditional update of the round's state computed from stored times, and crash_round_one_live
 * refuses a second live round.
 */
export type CrashTiming = {
  bettingMs: number;
  pauseMs: number;
  /** Games in a new chain (an existing chain keeps its own length). */
  chainLength: number;
  /** How long a lease lasts unrenewed: a killed driver's successor takes over after at most this. */
  leaseMs: number;
  /** How often every process asks for the lease (the driver renews it). */
  renewMs: number;
  /**
   * How long after its crash time a crashed round still takes a cash-out received before that time: the
   * call may have reached another process than the driver's and still be on its way to the database.
   */
  graceMs: number;
};

export const DEFAULT_CRASH_TIMING: CrashTiming = {
  bettingMs: 6_000,
  pauseMs: 3_000,
  chainLength: 100_000,
  leaseMs: 5_000,
  renewMs: 1_000,
  graceMs: 2_000,
};

/** How long the engine waits before looking again when the game is missing or switched off. */
const IDLE_MS = 10_000;
/** After a failed step, how long before the driver tries again. */
const RETRY_MS = 1_000;

export type CrashEngine = {
  deps: CrashDeps;
  /** The name this process holds the lease under (host, pid and a random part). */
  holder: string;
  /** Resolves once this process hears the game's messages from every process (the bus is subscribed). */
  open(): Promise<void>;
  /** Joins the drivers' election: from the first ask on, drives while it holds the lease. */
  start(timing?: Partial<CrashTiming>): Promise<void>;
  /**
   * Stops at once after the step in progress, keeping the lease until it lapses, as a killed process
   * would. For tests of a successor.
   */
  halt(): Promise<void>;
  /**
   * Leaves for good (the process ends): stops after the step in progress, gives the lease up and closes
   * the pages' sockets; touches no round (the successor finishes it).
   */
  stop(): Promise<void>;
  /** Whether this process drives the rounds now. */
  isDriving(): boolean;
  /** The chain in play, once driving. */
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
  bus: EventBus;
  now: () => number;
  /** The name this process holds the lease under: the instance's run id (composition/fleet-instance.ts). */
  holder: string;
}): CrashEngine {
  const fanout = createCrashFanout(options.bus);
  const deps: CrashDeps = {
    db: options.db,
    country: options.country,
    hub: fanout,
    now: options.now,
    bettors: crash.bettorsReader(options.db),
    cashers: crash.cashersReader(options.db),
    memberBets: crash.memberBetWriter(options.db),
  };
  const { holder } = options;
  const log = options.logger.child({ module: 'crash' });
  let loaded: LoadedChain | undefined;
  let election: Promise<void> | undefined;
  let driving: Promise<void> | undefined;
  let holding = false;
  let stopping = false;
  const wakers = new Set<() => void>();

  /** Resolves at `at` (by the game's clock), or at once when the engine stops or loses the lease. */
  const sleepUntil = (at: number) =>
    new Promise<void>((resolve) => {
      const delay = at - deps.now();
      if (stopping || delay <= 0) {
        resolve();
        return;
      }
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, delay);
      wakers.add(wake);
    });
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };
  const mayDrive = () => !stopping && holding;

  async function newChain(length: number): Promise<LoadedChain> {
    const began = performance.now();
    const chain = await crash.createChain(deps, length);
    log.info(
      { chainId: chain.row.id, length, ms: Math.round(performance.now() - began) },
      'crash: new hash chain committed',
    );
    return chain;
  }

  /** The round's flight from its stored start: automatic cash-outs in the curve's order, the crash, the losses. */
  async function fly(round: CrashRoundRow, bets: BetRow[], timing: CrashTiming): Promise<void> {
    const startedAt = (round.started_at as Date).getTime();
    const crashAt = crash.crashTimeOf(startedAt, round.crash_point);
    // Automatic cash-outs the curve will reach (a target equal to the crash point is reached at the crash
    // time itself, and wins: packages/fair crashPayout), in the order the curve reaches them. A new driver
    // finishing a round past their times pays them at once, at their targets.
    const autos = bets
      .map((bet) => ({ bet, target: crash.autoCashoutOf(bet) }))
      .filter((entry): entry is { bet: BetRow; target: number } => entry.target !== null)
      .filter((entry) => entry.target <= round.crash_point)
      .sort((a, b) => a.target - b.target);
    for (const { bet, target } of autos) {
      await sleepUntil(startedAt + crashTimeToReach(target));
      if (!mayDrive()) return;
      await crash.autoCashOut(deps, bet, round, target);
    }
    await sleepUntil(crashAt);
    if (!mayDrive()) return;
    const crashed = await crash.crashRound(deps, round);
    if (!crashed) return;
    await sleepUntil(crashAt + timing.graceMs);
    if (!mayDrive()) return;
    await crash.loseOpenBetsOf(deps, crashed);
  }

  async function playRound(timing: CrashTiming): Promise<void> {
    // What the last driver left is finished first; otherwise the next game of the chain opens.
    let live = await crash.findLiveRound(deps);
    if (!live) {
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
      live = { round, bets: [] };
    }
    let { round, bets } = live;
    if (round.state === 'betting') {
      await sleepUntil(round.betting_ends_at.getTime());
      if (!mayDrive()) return;
      const started = await crash.startRound(deps, round);
      if (!started) return;
      ({ round, bets } = started);
    }
    if (!mayDrive()) return;
    await fly(round, bets, timing);
    if (!mayDrive()) return;
    await sleepUntil(deps.now() + timing.pauseMs);
  }

  async function drive(timing: CrashTiming): Promise<void> {
    const left = await crash.settleLeftovers(deps, timing.graceMs);
    if (left.refunded + left.lost + left.paid > 0) log.warn(left, 'crash: settled what a stop left');
    const began = performance.now();
    loaded = await crash.loadOrCreateChain(deps, timing.chainLength);
    log.info(
      { chainId: loaded.row.id, length: loaded.row.length, ms: Math.round(performance.now() - began) },
      'crash: driving the rounds; hash chain ready',
    );
    while (mayDrive()) {
      try {
        await playRound(timing);
      } catch (error) {
        if (!mayDrive()) break;
        log.error({ err: error }, 'crash: a step failed; the driver tries again');
        await sleepUntil(deps.now() + RETRY_MS);
      }
    }
  }

  /** One ask for the lease; starts driving when it is won, stops when it is lost. */
  async function ask(timing: CrashTiming): Promise<void> {
    let term: number | undefined;
    try {
      term = await repository.holdDriverLease(deps.db, holder, timing.leaseMs);
    } catch (error) {
      log.warn({ err: error }, 'crash: could not reach the lease');
    }
    const held = term !== undefined;
    if (held && !holding) log.info({ holder, term }, 'crash: this process drives the rounds');
    if (!held && holding) log.warn({ holder }, 'crash: the lease was lost; this process stops driving');
    holding = held;
    if (!holding) {
      wakeAll();
      return;
    }
    driving ??= drive(timing)
      .catch((error: unknown) => log.error({ err: error }, 'crash: the driver failed'))
      .finally(() => {
        driving = undefined;
      });
  }

  async function elect(timing: CrashTiming): Promise<void> {
    while (!stopping) {
      await sleepUntil(deps.now() + timing.renewMs);
      if (stopping) break;
      await ask(timing);
    }
  }

  async function halt(): Promise<void> {
    stopping = true;
    wakeAll();
    await Promise.all([election, driving]);
    election = undefined;
    holding = false;
  }

  return {
    deps,
    holder,
    async start(overrides = {}) {
      if (election) return;
      const timing = { ...DEFAULT_CRASH_TIMING, ...overrides };
      stopping = false;
      deps.hub.startHeartbeat();
      await ask(timing);
      election = elect(timing);
    },
    open: () => fanout.ready,
    halt,
    async stop() {
      const held = holding;
      await halt();
      if (held) await repository.releaseDriverLease(deps.db, holder);
      fanout.close();
    },
    isDriving: () => holding && driving !== undefined,
    chain: () => loaded,
  };
}
