import { beaconRandomness, type BeaconChain, verifyBeacon } from '@app/fair/beacon';
import { z } from 'zod';
import { describeNetworkError } from '../network-error.ts';

export type BeaconClientOptions = {
  /** drand's HTTP API: https://api.drand.sh (or another relay) for quicknet, `<simulators>/beacon` for the simulator. */
  url: string;
  /** The pinned chain: its hash names it in the URL, its public key checks every answer. */
  chain: BeaconChain;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/**
 * What fetching a round can give. Only `ok` carries a beacon, and only after its signature verified under
 * the pinned key: the draw job stores it and draws. Every other answer leaves the draw waiting (its delay
 * reason set) to be asked again later; there is never another source (docs/draws.md step 4).
 */
export type BeaconFetch =
  | { status: 'ok'; round: number; signature: string; randomness: string }
  /** The chain has not emitted the round yet (drand answers 425 Too Early). */
  | { status: 'not-yet' }
  /** No usable answer: network error, timeout, or an HTTP error (a relay without the round answers 500). */
  | { status: 'unreachable'; reason: string }
  /** An answer that is not this chain's beacon of this round: never to be drawn with. */
  | { status: 'invalid'; reason: string };

export type BeaconClient = {
  readonly chain: BeaconChain;
  fetchRound(round: number): Promise<BeaconFetch>;
};

/**
 * drand's relay may hold a request for the round about to be emitted until it is (up to one period, 3 s
 * on quicknet), so the timeout leaves room for that.
 */
const DEFAULT_TIMEOUT_MS = 10_000;
/** A beacon is about 250 bytes of JSON; anything far larger is not one. */
const MAX_ANSWER_CHARS = 16_384;
const TOO_EARLY = 425;

const RoundAnswerSchema = z.object({
  round: z.number().int().positive(),
  signature: z.string(),
  randomness: z.string().optional(),
});

/**
 * A client of drand's HTTP API (`GET {url}/{chainHash}/public/{round}`) for one pinned chain. Each answer is
 * checked with packages/fair's verifyBeacon, the same code the players' verification page runs, and its
 * randomness, when the relay sends one, must be SHA-256 of the signature; the randomness returned is always
 * computed here from the verified signature.
 */
export function createBeaconClient(options: BeaconClientOptions): BeaconClient {
  const { chain } = options;
  const baseUrl = options.url.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function fetchRound(round: number): Promise<BeaconFetch> {
    if (!Number.isSafeInteger(round) || round < 1) throw new TypeError('round must be a positive integer');
    const signal = AbortSignal.timeout(timeoutMs);
    let httpStatus: number;
    let text: string;
    try {
      const response = await fetchFn(`${baseUrl}/${chain.chainHash}/public/${round}`, {
        headers: { accept: 'application/json' },
        signal,
      });
      httpStatus = response.status;
      text = await response.text();
    } catch (error) {
      const reason = signal.aborted ? `timed out after ${timeoutMs} ms` : describeNetworkError(error);
      return { status: 'unreachable', reason };
    }

    if (httpStatus === TOO_EARLY) return { status: 'not-yet' };
    if (httpStatus !== 200) return { status: 'unreachable', reason: `HTTP ${httpStatus}` };
    if (text.length > MAX_ANSWER_CHARS) return { status: 'invalid', reason: 'the answer is not a beacon' };

    let answer: z.infer<typeof RoundAnswerSchema>;
    try {
      answer = RoundAnswerSchema.parse(JSON.parse(text));
    } catch {
      return { status: 'invalid', reason: 'the answer is not a beacon' };
    }
    if (answer.round !== round) {
      return { status: 'invalid', reason: `asked for round ${round}, answered round ${answer.round}` };
    }
    if (!verifyBeacon(chain, { round, signature: answer.signature })) {
      return { status: 'invalid', reason: "the signature does not verify under the chain's public key" };
    }
    const signature = answer.signature.toLowerCase();
    const randomness = beaconRandomness(signature);
    if (answer.randomness !== undefined && answer.randomness.toLowerCase() !== randomness) {
      return { status: 'invalid', reason: 'the randomness is not SHA-256 of the signature' };
    }
    return { status: 'ok', round, signature, randomness };
  }

  return { chain, fetchRound };
}
