import { createHash } from 'node:crypto';
import {
  beaconRandomness,
  chainHashOf,
  QUICKNET,
  roundTime,
  SIMULATOR_CHAIN,
  verifyBeacon,
} from '@app/fair/beacon';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createBeaconSimulator, type BeaconSimulatorOptions } from './beacon-simulator.ts';
import {
  signSimulatorRound,
  SIMULATOR_BEACON_ID,
  SIMULATOR_CHAIN_INFO,
  SIMULATOR_GROUP_HASH,
  simulatorPublicKey,
} from './simulator-chain.ts';

const HASH = SIMULATOR_CHAIN.chainHash;
/** The simulator's clock: just after round 5000's time, so 5000 is the latest round. */
let clock = roundTime(SIMULATOR_CHAIN, 5000) + 1500;

const openSimulators: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(openSimulators.splice(0).map((app) => app.close()));
  clock = roundTime(SIMULATOR_CHAIN, 5000) + 1500;
});

function startSimulator(options: BeaconSimulatorOptions = {}): FastifyInstance {
  const app = createBeaconSimulator({ now: () => clock, ...options });
  openSimulators.push(app);
  return app;
}

function get(app: FastifyInstance, path: string) {
  return app.inject({ method: 'GET', url: `/beacon/${path}` });
}

function control(app: FastifyInstance, action: string, body?: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/beacon/control/${action}`, payload: body ?? {} });
}

describe('the test chain', () => {
  it("is SIMULATOR_CHAIN: its key's public half and drand's hash of its info", () => {
    expect(simulatorPublicKey()).toBe(SIMULATOR_CHAIN.publicKey);
    expect(
      chainHashOf({ ...SIMULATOR_CHAIN, groupHash: SIMULATOR_GROUP_HASH, beaconId: SIMULATOR_BEACON_ID }),
    ).toBe(SIMULATOR_CHAIN.chainHash);
    expect(SIMULATOR_CHAIN).toMatchObject({
      genesis: 1700000000,
      period: 3,
      scheme: 'bls-unchained-g1-rfc9380',
    });
  });

  it('signs rounds that verify with the same code as real beacons, and only under its own key', () => {
    const beacon = signSimulatorRound(77);
    expect(verifyBeacon(SIMULATOR_CHAIN, beacon)).toBe(true);
    expect(verifyBeacon(QUICKNET, beacon)).toBe(false);
    expect(verifyBeacon(SIMULATOR_CHAIN, { ...beacon, round: 78 })).toBe(false);
    expect(beacon.randomness).toBe(
      createHash('sha256').update(Buffer.from(beacon.signature, 'hex')).digest('hex'),
    );
  });
});

describe('drand HTTP API', () => {
  it('serves the chain info as drand does', async () => {
    const response = await get(startSimulator(), `${HASH}/info`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      public_key: SIMULATOR_CHAIN.publicKey,
      period: 3,
      genesis_time: 1700000000,
      hash: HASH,
      groupHash: SIMULATOR_GROUP_HASH,
      schemeID: 'bls-unchained-g1-rfc9380',
      metadata: { beaconID: 'quicknet' },
    });
    expect(response.json()).toEqual(SIMULATOR_CHAIN_INFO);
  });

  it('serves a round whose time has come, signed and with its randomness', async () => {
    const app = startSimulator();
    for (const round of [1, 4999, 5000]) {
      const response = await get(app, `${HASH}/public/${round}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=604800, immutable');
      const beacon = response.json<{ round: number; randomness: string; signature: string }>();
      expect(Object.keys(beacon).sort()).toEqual(['randomness', 'round', 'signature']);
      expect(beacon.round).toBe(round);
      expect(verifyBeacon(SIMULATOR_CHAIN, beacon)).toBe(true);
      expect(beacon.randomness).toBe(beaconRandomness(beacon.signature));
    }
  });

  it('answers 425 Too Early for a round whose time has not come by its clock, and serves it once it has', async () => {
    const app = startSimulator();
    const early = await get(app, `${HASH}/public/5001`);
    expect(early.statusCode).toBe(425);
    expect(early.body).toBe('Requested future beacon');
    expect(early.headers['cache-control']).toContain('no-cache');
    expect((await get(app, `${HASH}/public/900000000`)).statusCode).toBe(425);

    clock = roundTime(SIMULATOR_CHAIN, 5001);
    const due = await get(app, `${HASH}/public/5001`);
    expect(due.statusCode).toBe(200);
    expect(verifyBeacon(SIMULATOR_CHAIN, due.json())).toBe(true);
  });

  it('serves the latest round (also as round 0)', async () => {
    const app = startSimulator();
    const latest = await get(app, `${HASH}/public/latest`);
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual(signSimulatorRound(5000));
    // 1.5 s into round 5000's 3 s: the next round comes in 2 s at most.
    expect(latest.headers['cache-control']).toBe('public, must-revalidate, max-age=2');
    expect((await get(app, `${HASH}/public/0`)).json()).toEqual(signSimulatorRound(5000));
  });

  it('answers unknown chains and malformed rounds as drand does', async () => {
    const app = startSimulator();
    const otherChain = await get(app, `${QUICKNET.chainHash}/public/1`);
    expect(otherChain.statusCode).toBe(400);
    expect(otherChain.body).toBe('unknown chain hash');
    expect((await get(app, `${QUICKNET.chainHash}/info`)).statusCode).toBe(400);
    expect((await get(app, 'not-a-hash/public/1')).statusCode).toBe(404);
    expect((await get(app, `${HASH}/public/-1`)).statusCode).toBe(404);
    expect((await get(app, `${HASH}/public/1.5`)).statusCode).toBe(404);
    expect((await get(app, `${HASH}/public/99999999999999999999999`)).statusCode).toBe(400);
    // The chain hash is case-insensitive, as drand's routes are.
    expect((await get(app, `${HASH.toUpperCase()}/public/1`)).statusCode).toBe(200);
  });
});

describe('control', () => {
  it('withholds rounds from one on: due rounds answer 500, latest stops before them, until released', async () => {
    const app = startSimulator();
    const withheld = await control(app, 'withhold', { fromRound: 4990 });
    expect(withheld.statusCode).toBe(200);
    expect(withheld.json()).toMatchObject({ withholdFromRound: 4990, latestRound: 4989, dueRound: 5000 });

    expect((await get(app, `${HASH}/public/4989`)).statusCode).toBe(200);
    const missing = await get(app, `${HASH}/public/4990`);
    expect(missing.statusCode).toBe(500);
    expect(missing.body).toBe('Failed to get beacon');
    expect((await get(app, `${HASH}/public/5000`)).statusCode).toBe(500);
    expect((await get(app, `${HASH}/public/5001`)).statusCode).toBe(425);
    expect((await get(app, `${HASH}/public/latest`)).json()).toMatchObject({ round: 4989 });

    await control(app, 'withhold', { fromRound: null });
    expect((await get(app, `${HASH}/public/4990`)).statusCode).toBe(200);
  });

  it('forges a round: consistent on its face, refused by the signature check', async () => {
    const app = startSimulator();
    expect((await control(app, 'forge', { round: 4000 })).json()).toMatchObject({ forgedRounds: [4000] });
    const forged = (await get(app, `${HASH}/public/4000`)).json<{
      round: number;
      randomness: string;
      signature: string;
    }>();
    expect(forged.round).toBe(4000);
    expect(forged.randomness).toBe(beaconRandomness(forged.signature));
    expect(forged.signature).not.toBe(signSimulatorRound(4000).signature);
    expect(verifyBeacon(SIMULATOR_CHAIN, forged)).toBe(false);
    // Other rounds are untouched; reset clears every fault.
    expect(verifyBeacon(SIMULATOR_CHAIN, (await get(app, `${HASH}/public/4001`)).json())).toBe(true);
    await control(app, 'reset');
    expect(verifyBeacon(SIMULATOR_CHAIN, (await get(app, `${HASH}/public/4000`)).json())).toBe(true);
  });

  it('takes faults at creation too, and shows them', async () => {
    const app = startSimulator({ faults: { withholdFromRound: 10, forgedRounds: [3] } });
    const state = await app.inject({ method: 'GET', url: '/beacon/control' });
    expect(state.json()).toMatchObject({
      withholdFromRound: 10,
      forgedRounds: [3],
      latestRound: 9,
      chain: SIMULATOR_CHAIN,
    });
  });

  it('refuses malformed switches', async () => {
    const app = startSimulator();
    expect((await control(app, 'withhold', { fromRound: 0 })).statusCode).toBe(400);
    expect((await control(app, 'withhold', { fromRound: 'soon' })).statusCode).toBe(400);
    expect((await control(app, 'withhold', {})).statusCode).toBe(400);
    expect((await control(app, 'withhold', { fromRound: 5, extra: true })).statusCode).toBe(400);
    expect((await control(app, 'forge', { round: -4 })).statusCode).toBe(400);
    expect((await control(app, 'forge', { rounds: [4] })).statusCode).toBe(400);
  });
});
