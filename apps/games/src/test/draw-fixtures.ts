import type { BeaconChain, DrawProduct, DrawPublic } from '@app/contracts/draws';
import { QUICKNET, roundAt, roundTime, SIMULATOR_CHAIN } from '@app/fair/beacon';
import { drawLotteryNumbers, drawWinningTickets } from '@app/fair/draw';
import { merkleProof, merkleRoot, ticketLine } from '@app/fair/ticket-list';
import { signSimulatorRound } from '@app/simulators/beacon/simulator-chain';
import type { DrawApi } from '../verify/draw-api.ts';

/**
 * Draws for the verifier's tests, made the way the engine makes them (docs/draws.md): the round from the
 * draw time, the root of the canonical lines, the beacon signed by the simulator's TEST key (or a real
 * quicknet beacon) and the outcome from packages/fair. Only test files import this module (never the app
 * build), and its name does not match the test pattern.
 */
export const SIMULATOR_INFO: BeaconChain = { ...SIMULATOR_CHAIN };
export const QUICKNET_INFO: BeaconChain = { ...QUICKNET };

/** quicknet's real round 1000 (packages/fair/src/beacon.test.ts), signed by the League of Entropy. */
export const QUICKNET_ROUND_1000 = {
  round: 1000,
  signature:
    'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
};

const LOTTERY_ENTRIES = [
  '03 07 12 19 25 31+09',
  '01 02 03 04 05 06+16',
  '08 11 17 22 29 33+01',
  '05 09 14 20 27 30+12',
  '02 13 18 21 26 32+07',
];
const RAFFLE_ENTRIES = ['K7Q2M9XA', 'P3L8N2QZ', 'A1B2C3D4', 'Z9Y8X7W6', 'M4N5P6Q7', 'R2S3T4U5', 'H8J9K1L2'];

export type DrawFixture = { draw: DrawPublic; lines: string[]; chain: BeaconChain };

const DRAW_AT = Date.UTC(2026, 10, 28, 18, 0, 0);
const MINUTE = 60_000;

/** A draw of `product` at the given stage, on the simulator chain unless told otherwise. */
export function makeDraw(
  options: {
    product?: DrawProduct;
    id?: number;
    stage?: 'open' | 'closed' | 'delayed' | 'drawn';
    winners?: number;
    chain?: 'simulator' | 'quicknet';
  } = {},
): DrawFixture {
  const product = options.product ?? 'lottery';
  const id = options.id ?? 42;
  const stage = options.stage ?? 'drawn';
  const chain = options.chain === 'quicknet' ? QUICKNET_INFO : SIMULATOR_INFO;
  const drawAt = options.chain === 'quicknet' ? roundTime(QUICKNET, 1000) + 1500 : DRAW_AT;
  const beaconRound = roundAt(chain as typeof QUICKNET, drawAt);
  const entries = product === 'lottery' ? LOTTERY_ENTRIES : RAFFLE_ENTRIES;
  const lines = entries.map((entry, index) => ticketLine(index + 1, entry));
  const root = merkleRoot(lines);
  const salesCloseAt = drawAt - 5 * MINUTE;
  const closed = stage !== 'open';
  const drawn = stage === 'drawn';
  const beacon =
    options.chain === 'quicknet' ? QUICKNET_ROUND_1000 : drawn ? signSimulatorRound(beaconRound) : undefined;
  const outcome =
    drawn && beacon
      ? product === 'lottery'
        ? drawLotteryNumbers(beacon.randomness, id, root)
        : { winners: drawWinningTickets(beacon.randomness, id, root, lines.length, options.winners ?? 3) }
      : null;
  return {
    chain,
    lines,
    draw: {
      id,
      product,
      ref: '2026-11-28 21:00',
      price: 5000,
      salesOpenAt: new Date(drawAt - 7 * 24 * 60 * MINUTE).toISOString(),
      salesCloseAt: new Date(salesCloseAt).toISOString(),
      drawAt: new Date(drawAt).toISOString(),
      beaconRound,
      status: drawn ? 'drawn' : closed ? 'closed' : 'open',
      ticketCount: closed ? lines.length : lines.length - 1,
      ticketRoot: closed ? root : null,
      closedAt: closed ? new Date(salesCloseAt + 2000).toISOString() : null,
      beaconSignature: drawn && beacon ? beacon.signature : null,
      randomness: drawn && beacon ? beacon.randomness : null,
      drawnAt: drawn ? new Date(drawAt + 4000).toISOString() : null,
      outcome,
      settledAt: null,
      delayReason: stage === 'delayed' ? `beacon round ${beaconRound} not published yet` : null,
    },
  };
}

/** The draw engine's public reads over a fixture, as the server answers them. */
export function fixtureApi(fixture: DrawFixture): DrawApi & { ticketCalls: number } {
  const api = {
    ticketCalls: 0,
    draw: async () => fixture.draw,
    chain: async () => fixture.chain,
    proof: async (drawId: number, ticketNo: number) => ({
      drawId,
      ticketNo,
      line: fixture.lines[ticketNo - 1] ?? '',
      ticketCount: fixture.lines.length,
      root: fixture.draw.ticketRoot ?? '',
      path: merkleProof(fixture.lines, ticketNo - 1),
    }),
    tickets: async (_drawId: number, after: number, limit: number) => {
      api.ticketCalls += 1;
      const lines = fixture.lines.slice(after, after + limit);
      const last = after + lines.length;
      return { lines, next: last < fixture.lines.length ? last : null };
    },
  };
  return api;
}
