import { roundAt, SIMULATOR_CHAIN } from '@app/fair/beacon';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { type DrandRound, signSimulatorRound, SIMULATOR_CHAIN_INFO } from './simulator-chain.ts';

/** Where drand's HTTP API is mounted: the server's BEACON_URL is `<simulators>/beacon`. */
export const BEACON_PREFIX = '/beacon';
const CONTROL_PATH = `${BEACON_PREFIX}/control`;

/** Faults to inject, so the server's "waiting for the public randomness" paths can be exercised. */
export type BeaconFaults = {
  /** Rounds from this one on are not produced (a stalled network): `null` produces every round. */
  withholdFromRound: number | null;
  /** Rounds served with another round's signature: well formed, only the BLS check refuses it. */
  forgedRounds: number[];
};

export type BeaconSimulatorOptions = {
  /** The simulator's clock, Unix ms: a round is served once its time has come by it. */
  now?: () => number;
  faults?: Partial<BeaconFaults>;
  /** Fastify's logger option: off by default so tests stay quiet. */
  logger?: FastifyServerOptions['logger'];
};

/** How far from the real round a forged round takes its signature: far enough to be an obvious other round. */
const FORGERY_ROUND_OFFSET = 1_000_000;
const CHAIN_HASH = /^[0-9A-Fa-f]{64}$/;
const DIGITS = /^\d+$/;

// Cache headers as drand's relay (github.com/drand/http-relay, routes_handler.go) sets them.
const IMMUTABLE = 'public, max-age=604800, immutable';
const NO_CACHE = 'must-revalidate, no-cache, max-age=0';

const positiveRound = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

/**
 * drand's HTTP API (v1 routes of github.com/drand/http-relay) for one chain, the simulator's, under
 * `/beacon`: `GET /beacon/{chainHash}/info`, `/public/{round}` and `/public/latest`. Rounds are signed
 * with the test key (simulator-chain.ts) once their time has come by the simulator's clock; a later round
 * answers 425 Too Early as drand's relay does. `/beacon/control` withholds and forges rounds.
 */
export const beaconSimulatorPlugin: FastifyPluginAsync<BeaconSimulatorOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const faults: BeaconFaults = {
    withholdFromRound: options.faults?.withholdFromRound ?? null,
    forgedRounds: [...(options.faults?.forgedRounds ?? [])],
  };

  /** The newest round the chain has produced by now: its clock, less whatever is withheld. */
  function latestRound(): number {
    const dueRound = roundAt(SIMULATOR_CHAIN, now());
    return faults.withholdFromRound === null ? dueRound : Math.min(dueRound, faults.withholdFromRound - 1);
  }

  function publishedRound(round: number): DrandRound {
    if (!faults.forgedRounds.includes(round)) return signSimulatorRound(round);
    // A real signature of another round, with its own randomness: consistent on its face.
    const other = signSimulatorRound(round + FORGERY_ROUND_OFFSET);
    return { round, randomness: other.randomness, signature: other.signature };
  }

  /** Answers unknown chains as drand's relay does: not a hash → no such route; another hash → 400. */
  function refuseChain(chainHash: string, reply: FastifyReply): FastifyReply | undefined {
    if (!CHAIN_HASH.test(chainHash)) return reply.code(404).type('text/plain').send('404 page not found');
    if (chainHash.toLowerCase() !== SIMULATOR_CHAIN.chainHash)
      return reply.code(400).type('text/plain').send('unknown chain hash');
    return undefined;
  }

  function sendLatest(reply: FastifyReply): FastifyReply {
    const latest = latestRound();
    if (latest < 1)
      return reply
        .code(425)
        .header('cache-control', NO_CACHE)
        .type('text/plain')
        .send('Requested future beacon');
    const nextRoundAtMs = (SIMULATOR_CHAIN.genesis + latest * SIMULATOR_CHAIN.period) * 1000;
    const maxAge = Math.max(0, Math.ceil((nextRoundAtMs - now()) / 1000));
    return reply
      .header('cache-control', `public, must-revalidate, max-age=${maxAge}`)
      .send(publishedRound(latest));
  }

  app.get<{ Params: { chainHash: string } }>(`${BEACON_PREFIX}/:chainHash/info`, async (request, reply) => {
    const refused = refuseChain(request.params.chainHash, reply);
    if (refused) return refused;
    return reply.header('cache-control', IMMUTABLE).send(SIMULATOR_CHAIN_INFO);
  });

  app.get<{ Params: { chainHash: string } }>(
    `${BEACON_PREFIX}/:chainHash/public/latest`,
    async (request, reply) => {
      const refused = refuseChain(request.params.chainHash, reply);
      if (refused) return refused;
      return sendLatest(reply);
    },
  );

  app.get<{ Params: { chainHash: string; round: string } }>(
    `${BEACON_PREFIX}/:chainHash/public/:round`,
    async (request, reply) => {
      const { chainHash, round: roundText } = request.params;
      // drand routes only digits here; anything else is no route at all.
      if (!DIGITS.test(roundText)) return reply.code(404).type('text/plain').send('404 page not found');
      const refused = refuseChain(chainHash, reply);
      if (refused) return refused;
      const round = Number(roundText);
      if (!Number.isSafeInteger(round))
        return reply.code(400).type('text/plain').send('Failed to parse round. Err: value out of range');
      // As in drand's relay, round 0 is the latest.
      if (round === 0) return sendLatest(reply);
      if (round > roundAt(SIMULATOR_CHAIN, now()))
        return reply
          .code(425)
          .header('cache-control', NO_CACHE)
          .type('text/plain')
          .send('Requested future beacon');
      // Due but not produced: drand's relay answers 500 when none of its nodes has the round.
      if (round > latestRound())
        return reply
          .code(500)
          .header('cache-control', NO_CACHE)
          .type('text/plain')
          .send('Failed to get beacon');
      return reply.header('cache-control', IMMUTABLE).send(publishedRound(round));
    },
  );

  function describeControlState() {
    return {
      ...faults,
      chain: SIMULATOR_CHAIN,
      dueRound: roundAt(SIMULATOR_CHAIN, now()),
      latestRound: latestRound(),
    };
  }

  app.get(CONTROL_PATH, async () => describeControlState());

  app.post<{ Body: { fromRound: number | null } }>(
    `${CONTROL_PATH}/withhold`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['fromRound'],
          // Refuses a misspelt key instead of silently ignoring it (Fastify strips unknown properties).
          propertyNames: { enum: ['fromRound'] },
          properties: { fromRound: { ...positiveRound, type: ['integer', 'null'] } },
        },
      },
    },
    async (request) => {
      faults.withholdFromRound = request.body.fromRound;
      return describeControlState();
    },
  );

  app.post<{ Body: { round: number } }>(
    `${CONTROL_PATH}/forge`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['round'],
          propertyNames: { enum: ['round'] },
          properties: { round: positiveRound },
        },
      },
    },
    async (request) => {
      if (!faults.forgedRounds.includes(request.body.round)) faults.forgedRounds.push(request.body.round);
      return describeControlState();
    },
  );

  app.post(`${CONTROL_PATH}/reset`, async () => {
    faults.withholdFromRound = null;
    faults.forgedRounds = [];
    return describeControlState();
  });
};

/** A Fastify instance running only the beacon simulator, not listening: `inject` it or `listen({ port: 0 })`. */
export function createBeaconSimulator(options: BeaconSimulatorOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  void app.register(beaconSimulatorPlugin, options);
  return app;
}
