import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { QUICKNET, roundTime, SIMULATOR_CHAIN } from '@app/fair/beacon';
import { createBeaconSimulator } from '@app/simulators/beacon/beacon-simulator';
import { signSimulatorRound } from '@app/simulators/beacon/simulator-chain';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { beaconSettings, QUICKNET_URL } from '../outside-world.ts';
import { createBeaconClient, type BeaconClientOptions } from './beacon-client.ts';

/**
 * quicknet's round 1000 as `https://api.drand.sh/52db9b…e971/public/1000` serves it (the fixture of
 * packages/fair/src/beacon.test.ts, where its sources are cited).
 */
const QUICKNET_ROUND_1000 = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature:
    'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};

/** The simulator's clock: 1.5 s into round 5000. */
let clock = roundTime(SIMULATOR_CHAIN, 5000) + 1500;
let simulator: FastifyInstance;
let url: string;

beforeAll(async () => {
  simulator = createBeaconSimulator({ now: () => clock });
  url = `${await simulator.listen({ port: 0, host: '127.0.0.1' })}/beacon`;
});
afterAll(async () => {
  await simulator.close();
});
afterEach(async () => {
  clock = roundTime(SIMULATOR_CHAIN, 5000) + 1500;
  await simulator.inject({ method: 'POST', url: '/beacon/control/reset' });
});

function simulatorClient(overrides: Partial<BeaconClientOptions> = {}) {
  return createBeaconClient({ url, chain: SIMULATOR_CHAIN, ...overrides });
}

/** A relay that answers every request with this status and body, recording the URLs asked. */
function fixedRelay(status: number, body: unknown) {
  const asked: string[] = [];
  const fetchFn: typeof fetch = async (input) => {
    asked.push(String(input));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
  return { asked, fetch: fetchFn };
}

/** An address where nothing listens: a port taken and released. */
async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/beacon`;
}

describe('beacon client against the simulator', () => {
  it('gives a round whose time has come, verified, with randomness = SHA-256(signature)', async () => {
    const answer = await simulatorClient().fetchRound(5000);
    expect(answer).toEqual({ status: 'ok', ...signSimulatorRound(5000) });
    // A trailing slash on the configured address changes nothing.
    expect(await simulatorClient({ url: `${url}/` }).fetchRound(4999)).toEqual({
      status: 'ok',
      ...signSimulatorRound(4999),
    });
  });

  it('is told "not yet" for a round still in the future, and gets it once its time has come', async () => {
    const client = simulatorClient();
    expect(await client.fetchRound(5001)).toEqual({ status: 'not-yet' });
    clock = roundTime(SIMULATOR_CHAIN, 5001);
    expect(await client.fetchRound(5001)).toMatchObject({ status: 'ok', round: 5001 });
  });

  it('refuses a forged round: another round signature, consistent on its face', async () => {
    await simulator.inject({ method: 'POST', url: '/beacon/control/forge', payload: { round: 4000 } });
    expect(await simulatorClient().fetchRound(4000)).toEqual({
      status: 'invalid',
      reason: "the signature does not verify under the chain's public key",
    });
    expect(await simulatorClient().fetchRound(4001)).toMatchObject({ status: 'ok' });
  });

  it('reports a withheld round (a stalled chain) as unreachable until it is produced', async () => {
    await simulator.inject({ method: 'POST', url: '/beacon/control/withhold', payload: { fromRound: 4990 } });
    expect(await simulatorClient().fetchRound(4995)).toEqual({ status: 'unreachable', reason: 'HTTP 500' });
    expect(await simulatorClient().fetchRound(4989)).toMatchObject({ status: 'ok' });
    await simulator.inject({ method: 'POST', url: '/beacon/control/withhold', payload: { fromRound: null } });
    expect(await simulatorClient().fetchRound(4995)).toMatchObject({ status: 'ok' });
  });

  it('refuses the simulator beacons under quicknet, and names the chain it asks for', async () => {
    // Pinned to quicknet but pointed at the simulator: it asks for quicknet's chain hash, which the
    // simulator does not serve.
    expect(await createBeaconClient({ url, chain: QUICKNET }).fetchRound(1000)).toEqual({
      status: 'unreachable',
      reason: 'HTTP 400',
    });
    // Even when a relay answers with a simulator beacon, quicknet's key refuses it.
    const relay = fixedRelay(200, signSimulatorRound(1000));
    expect(
      await createBeaconClient({ url, chain: QUICKNET, fetch: relay.fetch }).fetchRound(1000),
    ).toMatchObject({
      status: 'invalid',
    });
    expect(relay.asked).toEqual([`${url}/${QUICKNET.chainHash}/public/1000`]);
  });

  it('reports an address where nothing listens as unreachable, without quoting it', async () => {
    const answer = await simulatorClient({ url: await closedUrl() }).fetchRound(5000);
    expect(answer).toEqual({ status: 'unreachable', reason: 'network error ECONNREFUSED' });
  });

  it('gives up on a relay that does not answer in time', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    expect(await simulatorClient({ fetch: hanging, timeoutMs: 50 }).fetchRound(5000)).toEqual({
      status: 'unreachable',
      reason: 'timed out after 50 ms',
    });
  });
});

describe('beacon client on answers that are no beacon', () => {
  const relayClient = (status: number, body: unknown) =>
    createBeaconClient({ url: QUICKNET_URL, chain: QUICKNET, fetch: fixedRelay(status, body).fetch });

  it('verifies the real quicknet round 1000 with the same code', async () => {
    const relay = fixedRelay(200, QUICKNET_ROUND_1000);
    const client = createBeaconClient({ url: QUICKNET_URL, chain: QUICKNET, fetch: relay.fetch });
    expect(await client.fetchRound(1000)).toEqual({ status: 'ok', ...QUICKNET_ROUND_1000 });
    expect(relay.asked).toEqual([
      'https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/1000',
    ]);
    // drand's v2 routes leave the randomness out: it is computed from the verified signature.
    const withoutRandomness = { round: 1000, signature: QUICKNET_ROUND_1000.signature };
    expect(await relayClient(200, withoutRandomness).fetchRound(1000)).toEqual({
      status: 'ok',
      ...QUICKNET_ROUND_1000,
    });
  });

  it('refuses a real beacon of another round, a wrong randomness and an unreadable body', async () => {
    expect(await relayClient(200, QUICKNET_ROUND_1000).fetchRound(1001)).toEqual({
      status: 'invalid',
      reason: 'asked for round 1001, answered round 1000',
    });
    expect(await relayClient(200, { ...QUICKNET_ROUND_1000, round: 1001 }).fetchRound(1001)).toMatchObject({
      status: 'invalid',
    });
    expect(
      await relayClient(200, { ...QUICKNET_ROUND_1000, randomness: 'ab'.repeat(32) }).fetchRound(1000),
    ).toEqual({ status: 'invalid', reason: 'the randomness is not SHA-256 of the signature' });
    for (const body of [
      '<html>maintenance</html>',
      '{}',
      { round: '1000', signature: 'x' },
      'x'.repeat(20_000),
    ])
      expect(await relayClient(200, body).fetchRound(1000)).toEqual({
        status: 'invalid',
        reason: 'the answer is not a beacon',
      });
    expect(
      await relayClient(200, { ...QUICKNET_ROUND_1000, signature: 'zz'.repeat(48) }).fetchRound(1000),
    ).toMatchObject({ status: 'invalid' });
  });

  it('tells a relay error from a round not yet emitted', async () => {
    expect(await relayClient(425, 'Requested future beacon').fetchRound(1000)).toEqual({ status: 'not-yet' });
    expect(await relayClient(404, '404 page not found').fetchRound(1000)).toEqual({
      status: 'unreachable',
      reason: 'HTTP 404',
    });
    expect(await relayClient(503, '').fetchRound(1000)).toEqual({
      status: 'unreachable',
      reason: 'HTTP 503',
    });
  });

  it('asks only for rounds that exist', async () => {
    const client = relayClient(200, QUICKNET_ROUND_1000);
    for (const round of [0, -1, 1.5, Number.NaN])
      await expect(client.fetchRound(round)).rejects.toThrow(TypeError);
  });
});

describe('beacon settings', () => {
  it('are the simulator chain at the simulators while they stand in, quicknet at drand otherwise', () => {
    expect(beaconSettings(loadEnv({}))).toEqual({
      chainName: 'simulator',
      chain: SIMULATOR_CHAIN,
      url: 'http://127.0.0.1:8090/beacon',
    });
    expect(beaconSettings(loadEnv({ SIMULATORS_PORT: '9100' })).url).toBe('http://127.0.0.1:9100/beacon');
    expect(beaconSettings(loadEnv({ SMS_API_KEY: 'live-key' }))).toEqual({
      chainName: 'quicknet',
      chain: QUICKNET,
      url: 'https://api.drand.sh',
    });
    expect(beaconSettings(loadEnv({ SIMULATORS: '0' })).chainName).toBe('quicknet');
  });

  it('follow BEACON_CHAIN and BEACON_URL when given', () => {
    expect(beaconSettings(loadEnv({ BEACON_CHAIN: 'quicknet' }))).toEqual({
      chainName: 'quicknet',
      chain: QUICKNET,
      url: 'https://api.drand.sh',
    });
    expect(
      beaconSettings(loadEnv({ BEACON_CHAIN: 'quicknet', BEACON_URL: 'https://drand.cloudflare.com' })).url,
    ).toBe('https://drand.cloudflare.com');
    expect(beaconSettings(loadEnv({ SMS_API_KEY: 'live-key', BEACON_CHAIN: 'simulator' })).chain).toBe(
      SIMULATOR_CHAIN,
    );
    expect(() => loadEnv({ BEACON_CHAIN: 'default' })).toThrow(/BEACON_CHAIN/);
    expect(() => loadEnv({ BEACON_URL: 'not a url' })).toThrow(/BEACON_URL/);
  });
});
