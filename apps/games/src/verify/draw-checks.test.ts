import type { DrawProof } from '@app/contracts/draws';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { beaconMessage, BEACON_DST, roundTime, SIMULATOR_CHAIN } from '@app/fair/beacon';
import { drawLotteryNumbers, drawWinningTickets } from '@app/fair/draw';
import { merklePath, merkleProof } from '@app/fair/ticket-list';
import { signSimulatorRound } from '@app/simulators/beacon/simulator-chain';
import { describe, expect, it } from 'vitest';
import { makeDraw, QUICKNET_ROUND_1000 } from '../test/draw-fixtures.ts';
import {
  chainName,
  checkBeacon,
  checkInclusion,
  checkOutcome,
  checkSchedule,
  overallState,
  recomputeList,
} from './draw-checks.ts';

function proofOf(lines: string[], ticketNo: number, root: string): DrawProof {
  return {
    drawId: 42,
    ticketNo,
    line: lines[ticketNo - 1] ?? '',
    ticketCount: lines.length,
    root,
    path: merkleProof(lines, ticketNo - 1),
  };
}

function flipByte(hex: string, index: number): string {
  const byte = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16) ^ 0x01;
  return hex.slice(0, index * 2) + byte.toString(16).padStart(2, '0') + hex.slice(index * 2 + 2);
}

/** A page reader over lines, `size` at a time, as the server pages them. */
function pages(lines: string[], size: number) {
  return async (after: number) => {
    const page = lines.slice(after, after + size);
    return { lines: page, next: after + page.length < lines.length ? after + page.length : null };
  };
}

describe('step 1: the draw’s round, fixed in advance', () => {
  it('passes when the round is the draw time’s and is published after the close and the commitment', () => {
    const { draw, chain } = makeDraw();
    const check = checkSchedule(draw, chain);
    expect(check).toMatchObject({
      state: 'pass',
      expectedRound: draw.beaconRound,
      roundMatches: true,
      afterSalesClose: true,
      closedBeforeRound: true,
    });
    expect(check.roundTimeMs).toBe(roundTime(SIMULATOR_CHAIN, draw.beaconRound));
  });

  it('fails a round other than the draw time’s', () => {
    const { draw, chain } = makeDraw();
    expect(checkSchedule({ ...draw, beaconRound: draw.beaconRound - 1 }, chain)).toMatchObject({
      state: 'fail',
      roundMatches: false,
    });
  });

  it('fails when the round already existed while tickets were sold or before the list was committed', () => {
    const { draw, chain } = makeDraw();
    const roundAtMs = roundTime(SIMULATOR_CHAIN, draw.beaconRound);
    const lateClose = { ...draw, salesCloseAt: new Date(roundAtMs).toISOString(), closedAt: null };
    expect(checkSchedule(lateClose, chain)).toMatchObject({ state: 'fail', afterSalesClose: false });
    const lateCommit = { ...draw, closedAt: new Date(roundAtMs + 1).toISOString() };
    expect(checkSchedule(lateCommit, chain)).toMatchObject({ state: 'fail', closedBeforeRound: false });
  });

  it('checks an open draw’s round without a commitment yet, and refuses nonsense without throwing', () => {
    const { draw, chain } = makeDraw({ stage: 'open' });
    expect(checkSchedule(draw, chain)).toMatchObject({ state: 'pass', closedBeforeRound: null });
    expect(checkSchedule({ ...draw, beaconRound: 0 }, chain).state).toBe('fail');
    expect(checkSchedule({ ...draw, drawAt: 'not a time' }, chain).state).toBe('fail');
    expect(checkSchedule(draw, { ...chain, period: 0 }).state).toBe('fail');
  });
});

describe('step 2: the committed ticket list', () => {
  it('finds every ticket in the committed list by its line and path', () => {
    const { draw, lines } = makeDraw();
    for (let ticketNo = 1; ticketNo <= lines.length; ticketNo += 1) {
      const check = checkInclusion(draw, ticketNo, proofOf(lines, ticketNo, draw.ticketRoot!));
      expect(check, `ticket ${ticketNo}`).toMatchObject({ state: 'pass', lineIsTicket: true, inRoot: true });
    }
  });

  it('takes the path as sibling hashes, or as {hash, side} steps whose sides must be the ticket’s', () => {
    const { draw, lines } = makeDraw();
    const proof = proofOf(lines, 3, draw.ticketRoot!);
    expect(checkInclusion(draw, 3, proof).state).toBe('pass');
    const sided = merklePath(lines, 2) as unknown as DrawProof['path'];
    expect(checkInclusion(draw, 3, { ...proof, path: sided }).state).toBe('pass');
    // Ticket 3 sits on the left of its first sibling: a path claiming otherwise is for another place.
    const [first, ...rest] = merklePath(lines, 2);
    const wrongSide = [{ hash: first!.hash, side: 'left' }, ...rest] as unknown as DrawProof['path'];
    expect(checkInclusion(draw, 3, { ...proof, path: wrongSide })).toMatchObject({
      state: 'fail',
      inRoot: false,
    });
  });

  it('fails a wrong root, a changed line, another ticket’s line or a path cut short', () => {
    const { draw, lines } = makeDraw();
    const proof = proofOf(lines, 2, draw.ticketRoot!);
    // The proof names its own root: the page checks against the draw's, published at close.
    const otherRoot = flipByte(draw.ticketRoot!, 0);
    expect(
      checkInclusion({ ...draw, ticketRoot: otherRoot }, 2, { ...proof, root: otherRoot }),
    ).toMatchObject({
      state: 'fail',
      inRoot: false,
    });
    expect(checkInclusion(draw, 2, { ...proof, line: '2|01 02 03 04 05 07+16' }).state).toBe('fail');
    expect(checkInclusion(draw, 3, { ...proof, ticketNo: 3 })).toMatchObject({
      state: 'fail',
      lineIsTicket: false,
    });
    const path = proof.path.slice(1);
    expect(checkInclusion(draw, 2, { ...proof, path }).state).toBe('fail');
    expect(checkInclusion(draw, 2, { ...proof, path: 'x' as unknown as DrawProof['path'] }).state).toBe(
      'fail',
    );
    // The last ticket's path depends on the list's length: a longer list than published does not fit it.
    const last = proofOf(lines, 5, draw.ticketRoot!);
    expect(checkInclusion(draw, 5, last).state).toBe('pass');
    expect(checkInclusion({ ...draw, ticketCount: draw.ticketCount + 1 }, 5, last).state).toBe('fail');
  });

  it('recomputes the whole list’s root page by page, reporting progress', async () => {
    const { draw, lines } = makeDraw();
    const progress: number[] = [];
    const check = await recomputeList(draw, pages(lines, 2), (read) => progress.push(read));
    expect(check).toMatchObject({
      state: 'pass',
      count: lines.length,
      root: draw.ticketRoot,
      rootMatches: true,
      countMatches: true,
      firstOutOfOrder: null,
    });
    expect(progress).toEqual([2, 4, 5]);
  });

  it('fails a list with a line changed, missing, added or out of order', async () => {
    const { draw, lines } = makeDraw();
    const changed = [...lines];
    changed[3] = '4|01 02 03 04 05 06+01';
    expect(await recomputeList(draw, pages(changed, 2))).toMatchObject({ state: 'fail', rootMatches: false });
    expect(await recomputeList(draw, pages(lines.slice(0, 4), 2))).toMatchObject({
      state: 'fail',
      countMatches: false,
    });
    expect(await recomputeList(draw, pages([...lines, '6|09 10 11 12 13 14+02'], 10))).toMatchObject({
      state: 'fail',
      count: 6,
    });
    const swapped = [lines[1]!, lines[0]!, ...lines.slice(2)];
    expect(await recomputeList(draw, pages(swapped, 10))).toMatchObject({
      state: 'fail',
      firstOutOfOrder: 1,
    });
  });

  it('stops at a page that does not move forward, and when cancelled', async () => {
    const { draw, lines } = makeDraw();
    let calls = 0;
    const stuck = async () => {
      calls += 1;
      return { lines: lines.slice(0, 2), next: 0 };
    };
    expect(await recomputeList(draw, stuck)).toMatchObject({ state: 'fail', count: 2 });
    expect(calls).toBe(1);
    expect(await recomputeList(draw, pages(lines, 2), undefined, () => true)).toBeUndefined();
  });
});

describe('step 3: the beacon', () => {
  it('verifies the simulator’s signature of the draw’s round and names its test chain', () => {
    const { draw, chain } = makeDraw();
    expect(chainName(chain)).toBe('simulator');
    expect(checkBeacon(draw, chain)).toMatchObject({
      state: 'pass',
      chain: 'simulator',
      signatureValid: true,
      randomness: draw.randomness,
      randomnessMatches: true,
    });
  });

  it('verifies a real quicknet beacon against the pinned League of Entropy key', () => {
    const { draw, chain } = makeDraw({ chain: 'quicknet' });
    expect(draw.beaconRound).toBe(1000);
    expect(checkBeacon(draw, chain)).toMatchObject({
      state: 'pass',
      chain: 'quicknet',
      signatureValid: true,
      randomness: QUICKNET_ROUND_1000.randomness,
    });
  });

  it('fails a forged signature: another round’s, a flipped byte, or one under another key', () => {
    const { draw, chain } = makeDraw();
    const otherRound = signSimulatorRound(draw.beaconRound + 1);
    expect(
      checkBeacon(
        { ...draw, beaconSignature: otherRound.signature, randomness: otherRound.randomness },
        chain,
      ),
    ).toMatchObject({ state: 'fail', signatureValid: false, randomnessMatches: true });
    expect(
      checkBeacon({ ...draw, beaconSignature: flipByte(draw.beaconSignature!, 20) }, chain),
    ).toMatchObject({
      state: 'fail',
      signatureValid: false,
    });
    expect(checkBeacon({ ...draw, beaconSignature: 'zz' }, chain)).toMatchObject({
      state: 'fail',
      randomness: null,
    });
    // A server naming a key of its own: the signature checks out under it, but the chain is no pinned one.
    const signatures = bls12_381.shortSignatures;
    const { secretKey, publicKey } = signatures.keygen(new Uint8Array(48).fill(7));
    const signature = signatures
      .sign(signatures.hash(beaconMessage(draw.beaconRound), BEACON_DST), secretKey)
      .toHex();
    const ownChain = { ...chain, publicKey: publicKey.toHex() };
    expect(chainName(ownChain)).toBe('unknown');
    expect(checkBeacon({ ...draw, beaconSignature: signature, randomness: null }, ownChain)).toMatchObject({
      state: 'fail',
      chain: 'unknown',
      signatureValid: true,
    });
  });

  it('fails stored randomness that is not the signature’s hash, and waits while there is no beacon', () => {
    const { draw, chain } = makeDraw();
    expect(checkBeacon({ ...draw, randomness: flipByte(draw.randomness!, 0) }, chain)).toMatchObject({
      state: 'fail',
      signatureValid: true,
      randomnessMatches: false,
    });
    expect(checkBeacon(makeDraw({ stage: 'delayed' }).draw, chain)).toBeNull();
  });
});

describe('step 4: the outcome recomputed', () => {
  it('recomputes the lottery’s numbers and finds them published', () => {
    const { draw } = makeDraw();
    const numbers = drawLotteryNumbers(draw.randomness!, draw.id, draw.ticketRoot!);
    expect(checkOutcome(draw)).toEqual({
      state: 'pass',
      kind: 'lottery',
      recomputed: numbers,
      published: numbers,
    });
  });

  it('fails tampered numbers, another root, or numbers from other randomness', () => {
    const { draw } = makeDraw();
    const numbers = draw.outcome as { red: number[]; blue: number };
    const otherBlue = { ...numbers, blue: (numbers.blue % 16) + 1 };
    expect(checkOutcome({ ...draw, outcome: otherBlue })).toMatchObject({ state: 'fail', kind: 'lottery' });
    const otherRed = { ...numbers, red: [...numbers.red].reverse() };
    expect(checkOutcome({ ...draw, outcome: otherRed })?.state).toBe('fail');
    expect(checkOutcome({ ...draw, ticketRoot: flipByte(draw.ticketRoot!, 31) })?.state).toBe('fail');
    // The outcome is recomputed from the signature's randomness, not the stored one.
    const other = signSimulatorRound(draw.beaconRound + 1);
    expect(
      checkOutcome({
        ...draw,
        randomness: other.randomness,
        outcome: drawLotteryNumbers(other.randomness, draw.id, draw.ticketRoot!),
      })?.state,
    ).toBe('fail');
    expect(checkOutcome({ ...draw, outcome: { red: 'x' } })).toMatchObject({
      state: 'fail',
      published: null,
    });
  });

  it.each(['lucky-refund', 'cash-draw'] as const)(
    'recomputes a %s raffle’s winning tickets in draw order',
    (product) => {
      const { draw, lines } = makeDraw({ product, winners: 3 });
      const winners = drawWinningTickets(draw.randomness!, draw.id, draw.ticketRoot!, lines.length, 3);
      expect(checkOutcome(draw)).toEqual({
        state: 'pass',
        kind: 'raffle',
        recomputed: winners,
        published: winners,
      });
      const reordered = [winners[1]!, winners[0]!, winners[2]!];
      expect(checkOutcome({ ...draw, outcome: { winners: reordered } })).toMatchObject({
        state: 'fail',
        kind: 'raffle',
      });
      const replaced = [winners[0]!, winners[1]!, lines.length + 1];
      expect(checkOutcome({ ...draw, outcome: { winners: replaced } })?.state).toBe('fail');
      expect(checkOutcome({ ...draw, outcome: { winner: 3 } })).toEqual({
        state: 'fail',
        kind: 'unreadable',
      });
    },
  );

  it('waits while there is no outcome and fails an outcome without a beacon', () => {
    expect(checkOutcome(makeDraw({ stage: 'closed' }).draw)).toBeNull();
    const { draw } = makeDraw();
    expect(checkOutcome({ ...draw, beaconSignature: null })).toEqual({ state: 'fail', kind: 'unreadable' });
  });
});

describe('the verdict', () => {
  it('fails on any failure, else waits on any wait', () => {
    expect(overallState(['pass', 'pass'])).toBe('pass');
    expect(overallState(['pass', 'waiting'])).toBe('waiting');
    expect(overallState(['waiting', 'fail', 'pass'])).toBe('fail');
  });
});
