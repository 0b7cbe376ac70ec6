import type { BeaconChain, DrawProof, DrawPublic } from '@app/contracts/draws';
import {
  beaconRandomness,
  QUICKNET,
  roundAt,
  roundTime,
  SIMULATOR_CHAIN,
  verifyBeacon,
  type BeaconChain as PinnedChain,
} from '@app/fair/beacon';
import { drawLotteryNumbers, drawWinningTickets } from '@app/fair/draw';
import { createMerkleBuilder, verifyMerkleProof } from '@app/fair/ticket-list';

/**
 * The draw verifier's checks (docs/draws.md "The protocol"), each a pure function of what the server
 * published, recomputed with packages/fair: the code the server draws with. The page only shows them.
 * A check never throws on hostile input: anything malformed is a failed check.
 */
export type CheckState = 'pass' | 'fail' | 'waiting';

/** Every state of the steps together: one failure fails the draw, else one wait makes it wait. */
export function overallState(states: readonly CheckState[]): CheckState {
  if (states.includes('fail')) return 'fail';
  return states.includes('waiting') ? 'waiting' : 'pass';
}

function stateOf(checks: readonly boolean[]): CheckState {
  return checks.every(Boolean) ? 'pass' : 'fail';
}

function timeOf(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

// The chain --------------------------------------------------------------------------------------------------

/** Which chain the server says it draws from, named only when it is exactly one this page pins. */
export type ChainName = 'quicknet' | 'simulator' | 'unknown';

function sameChain(chain: BeaconChain, pinned: PinnedChain): boolean {
  return (
    chain.publicKey.toLowerCase() === pinned.publicKey &&
    chain.genesis === pinned.genesis &&
    chain.period === pinned.period &&
    chain.chainHash.toLowerCase() === pinned.chainHash &&
    chain.scheme === pinned.scheme
  );
}

export function chainName(chain: BeaconChain): ChainName {
  if (sameChain(chain, QUICKNET)) return 'quicknet';
  if (sameChain(chain, SIMULATOR_CHAIN)) return 'simulator';
  return 'unknown';
}

/** packages/fair's chain type; a scheme it does not know still reaches verifyBeacon, which refuses it. */
function pinnedShape(chain: BeaconChain): PinnedChain {
  return { ...chain, scheme: chain.scheme as PinnedChain['scheme'] };
}

/** When a round is emitted (Unix ms), or null for a round that cannot exist. */
export function roundTimeOrNull(chain: BeaconChain, round: number): number | null {
  try {
    return roundTime(pinnedShape(chain), round);
  } catch {
    return null;
  }
}

function roundAtOrNull(chain: BeaconChain, instantMs: number): number | null {
  try {
    return roundAt(pinnedShape(chain), instantMs);
  } catch {
    return null;
  }
}

// Step 1: the draw and its round -----------------------------------------------------------------------------

export type ScheduleCheck = {
  state: CheckState;
  /** roundAt(chain, drawAt): the round the draw time fixes. */
  expectedRound: number | null;
  roundMatches: boolean;
  /** When the published round is emitted (Unix ms). */
  roundTimeMs: number | null;
  /** The round is emitted after sales close: its randomness did not exist while tickets were sold. */
  afterSalesClose: boolean;
  /** The list was committed before the round was emitted; null while the draw is not closed. */
  closedBeforeRound: boolean | null;
};

export function checkSchedule(draw: DrawPublic, chain: BeaconChain): ScheduleCheck {
  const drawAt = timeOf(draw.drawAt);
  const salesCloseAt = timeOf(draw.salesCloseAt);
  const closedAt = timeOf(draw.closedAt);
  const expectedRound = drawAt === null ? null : roundAtOrNull(chain, drawAt);
  const roundTimeMs = roundTimeOrNull(chain, draw.beaconRound);
  const roundMatches = expectedRound !== null && expectedRound === draw.beaconRound;
  const afterSalesClose = roundTimeMs !== null && salesCloseAt !== null && roundTimeMs > salesCloseAt;
  const closedBeforeRound =
    draw.closedAt === null ? null : closedAt !== null && roundTimeMs !== null && closedAt < roundTimeMs;
  return {
    state: stateOf([roundMatches, afterSalesClose, closedBeforeRound !== false]),
    expectedRound,
    roundMatches,
    roundTimeMs,
    afterSalesClose,
    closedBeforeRound,
  };
}

// Step 2: the committed list ---------------------------------------------------------------------------------

export type InclusionCheck = {
  state: CheckState;
  ticketNo: number;
  line: string;
  /** The line is the asked ticket's (`${ticketNo}|…`). */
  lineIsTicket: boolean;
  /** The proof leads from the line to the draw's published root, for a list of its published count. */
  inRoot: boolean;
};

/**
 * The player's ticket in the committed list: its line and sibling hashes must lead to the root the draw
 * published at close (not the root the proof names), at the ticket's place in a list of the published count.
 */
export function checkInclusion(draw: DrawPublic, ticketNo: number, proof: DrawProof): InclusionCheck {
  const line = typeof proof.line === 'string' ? proof.line : '';
  const lineIsTicket = line.startsWith(`${ticketNo}|`);
  // The sibling hashes as the server sends them (steps stating their side are taken too: verifyMerkleProof
  // checks a stated side against the one the ticket's place gives); anything malformed fails.
  const inRoot =
    draw.ticketRoot !== null &&
    Array.isArray(proof.path) &&
    verifyMerkleProof(draw.ticketRoot, line, ticketNo - 1, draw.ticketCount, proof.path);
  return { state: stateOf([lineIsTicket, inRoot]), ticketNo, line, lineIsTicket, inRoot };
}

export type ListCheck = {
  state: CheckState;
  /** Lines read. */
  count: number;
  /** The root of the lines read, recomputed here. */
  root: string;
  /** The first ticket number the list does not have where it should (lines must be 1, 2, 3, … in order). */
  firstOutOfOrder: number | null;
  rootMatches: boolean;
  countMatches: boolean;
};

export type ReadTicketPage = (after: number) => Promise<{ lines: string[]; next: number | null }>;

/**
 * Reads the whole committed list a page at a time and recomputes its root in the browser (one pending
 * hash per tree level, so a few hundred thousand lines take little memory). Stops early when `cancelled`
 * answers true, and at a page that does not move forward or a list longer than published.
 */
export async function recomputeList(
  draw: Pick<DrawPublic, 'ticketCount' | 'ticketRoot'>,
  readPage: ReadTicketPage,
  onProgress: (linesRead: number) => void = () => undefined,
  cancelled: () => boolean = () => false,
): Promise<ListCheck | undefined> {
  const builder = createMerkleBuilder();
  let firstOutOfOrder: number | null = null;
  let after = 0;
  for (;;) {
    const page = await readPage(after);
    if (cancelled()) return undefined;
    for (const line of page.lines) {
      const expected = builder.count + 1;
      if (firstOutOfOrder === null && !line.startsWith(`${expected}|`)) firstOutOfOrder = expected;
      builder.add(line);
    }
    onProgress(builder.count);
    const stuck = page.next === null || page.next <= after || page.lines.length === 0;
    if (stuck || builder.count > draw.ticketCount) break;
    after = page.next as number;
  }
  const root = builder.root();
  const rootMatches = draw.ticketRoot !== null && root === draw.ticketRoot.toLowerCase();
  const countMatches = builder.count === draw.ticketCount;
  return {
    state: stateOf([rootMatches, countMatches, firstOutOfOrder === null]),
    count: builder.count,
    root,
    firstOutOfOrder,
    rootMatches,
    countMatches,
  };
}

// Step 3: the beacon -----------------------------------------------------------------------------------------

export type BeaconCheck = {
  state: CheckState;
  chain: ChainName;
  signatureValid: boolean;
  /** SHA-256 of the signature, recomputed here; null when the signature is not hex. */
  randomness: string | null;
  randomnessMatches: boolean;
};

/**
 * The beacon: the signature of the draw's round under the chain's key (BLS pairing, in the browser) and
 * the randomness as its SHA-256. A chain this page does not pin fails: the server could otherwise name a
 * key of its own. Null while the draw has no beacon yet.
 */
export function checkBeacon(draw: DrawPublic, chain: BeaconChain): BeaconCheck | null {
  if (draw.beaconSignature === null) return null;
  const name = chainName(chain);
  const signatureValid = verifyBeacon(pinnedShape(chain), {
    round: draw.beaconRound,
    signature: draw.beaconSignature,
  });
  let randomness: string | null;
  try {
    randomness = beaconRandomness(draw.beaconSignature);
  } catch {
    randomness = null;
  }
  const randomnessMatches = randomness !== null && randomness === draw.randomness?.toLowerCase();
  return {
    state: stateOf([name !== 'unknown', signatureValid, randomnessMatches]),
    chain: name,
    signatureValid,
    randomness,
    randomnessMatches,
  };
}

// Step 4: the outcome ----------------------------------------------------------------------------------------

export type LotteryNumbers = { red: number[]; blue: number };

export type OutcomeCheck =
  | {
      state: CheckState;
      kind: 'lottery';
      recomputed: LotteryNumbers;
      /** The published numbers, or null when the outcome is not a lottery's. */
      published: LotteryNumbers | null;
    }
  | {
      state: CheckState;
      kind: 'raffle';
      /** Winning ticket numbers in draw order. */
      recomputed: number[];
      published: number[] | null;
    }
  /** The outcome could not be recomputed (no beacon signature, no root, an outcome of no known shape). */
  | { state: 'fail'; kind: 'unreadable' };

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function publishedLottery(outcome: unknown): LotteryNumbers | null {
  const { red, blue } = (outcome ?? {}) as { red?: unknown; blue?: unknown };
  return Array.isArray(red) && red.every(isCount) && isCount(blue) ? { red, blue } : null;
}

function publishedWinners(outcome: unknown): number[] | null {
  const { winners } = (outcome ?? {}) as { winners?: unknown };
  return Array.isArray(winners) && winners.every(isCount) ? winners : null;
}

function sameNumbers(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/**
 * The outcome recomputed from the beacon's randomness (recomputed from its signature, not the stored
 * one), the draw id and the committed root, compared with the published one. A raffle draws as many
 * winners as it published, in draw order. Null while the draw has no outcome.
 */
export function checkOutcome(draw: DrawPublic): OutcomeCheck | null {
  if (draw.outcome === null || draw.outcome === undefined) return null;
  if (draw.beaconSignature === null || draw.ticketRoot === null) return { state: 'fail', kind: 'unreadable' };
  try {
    const randomness = beaconRandomness(draw.beaconSignature);
    if (draw.product === 'lottery') {
      const recomputed = drawLotteryNumbers(randomness, draw.id, draw.ticketRoot);
      const published = publishedLottery(draw.outcome);
      const matches =
        published !== null &&
        sameNumbers(published.red, recomputed.red) &&
        published.blue === recomputed.blue;
      return { state: matches ? 'pass' : 'fail', kind: 'lottery', recomputed, published };
    }
    const published = publishedWinners(draw.outcome);
    if (published === null) return { state: 'fail', kind: 'unreadable' };
    const recomputed = drawWinningTickets(
      randomness,
      draw.id,
      draw.ticketRoot,
      draw.ticketCount,
      published.length,
    );
    const matches = sameNumbers(published, recomputed);
    return { state: matches ? 'pass' : 'fail', kind: 'raffle', recomputed, published };
  } catch {
    return { state: 'fail', kind: 'unreadable' };
  }
}
