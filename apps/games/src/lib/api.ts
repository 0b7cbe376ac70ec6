import { ERRORS } from '@app/contracts/errors';
import type { Envelope } from '@app/contracts/envelope';
import type {
  Fairness,
  GameBonusForfeitResult,
  InhouseSession,
  PlayResult,
  Round,
} from '@app/contracts/inhouse';
import { API_BASE, INHOUSE_PATHS } from '@app/contracts/paths';

/**
 * The in-house play API (docs/games.md "In-house play"), called with the frame's game-session token. Every
 * answer is the envelope {code, msg, data}; code 0 is success, anything else an ApiError with the server's
 * code and message. The server decides every outcome: nothing here computes one.
 */

/**
 * The contracts' GAME_SESSION_HEADER. Written out because importing any value from contracts/inhouse.ts
 * brings its zod schemas (and zod, 30 KB gzipped) into every game page; api.test.ts checks the two agree.
 */
export const SESSION_HEADER = 'game-session';

/** Client-side codes, as in the web app: never sent by the server. */
export const NETWORK_ERROR = -98;
export const REQUEST_TIMEOUT_MS = 20_000;

export class ApiError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}

export type RevealedPair = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonces: number;
  revealTime: string;
};
export type RoundPage = { list: Round[]; page: number; size: number };
export type RotateResult = { previous: RevealedPair; fairness: Fairness };

export type GameApi = {
  session(): Promise<InhouseSession>;
  bet(stake: number, options: Record<string, unknown>): Promise<PlayResult>;
  minesStart(stake: number, mines: number): Promise<PlayResult>;
  minesReveal(roundId: number, tile: number): Promise<PlayResult>;
  minesCashout(roundId: number): Promise<PlayResult>;
  rounds(page: number, size: number): Promise<RoundPage>;
  rotateSeeds(clientSeed: string): Promise<RotateResult>;
  revealedSeeds(): Promise<RevealedPair[]>;
  /** Gives up the active bonus `id` (where its stake limit is met); the stake limit and balance after. */
  forfeitBonus(id: number): Promise<GameBonusForfeitResult>;
};

type Fetch = typeof fetch;

/**
 * One call to the games' API with the page's session token and language: a body makes it a JSON POST,
 * anything else a GET. The answer's envelope is unwrapped here, so every caller (the frame's API, the
 * crash game's own calls) fails the same way: an ApiError with the server's code and message, or
 * NETWORK_ERROR when the server could not be reached or did not answer JSON.
 */
export async function callApi<T>(
  path: string,
  init: {
    /** The game session's token; empty for the public reads (the draw verifier), sent without it. */
    token: string;
    language: string;
    body?: unknown;
    query?: Record<string, number>;
    fetcher?: Fetch;
  },
): Promise<T> {
  const { token, language, body, fetcher = (...args) => fetch(...args) } = init;
  const query = init.query
    ? `?${new URLSearchParams(Object.entries(init.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetcher(`${API_BASE}${path}${query}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(token ? { [SESSION_HEADER]: token } : {}),
        'accept-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 'network');
  } finally {
    clearTimeout(timer);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.ok ? NETWORK_ERROR : ERRORS.INTERNAL.code, response.statusText || 'network');
  }
  if (typeof envelope?.code !== 'number') throw new ApiError(ERRORS.INTERNAL.code, 'Unexpected answer');
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.msg);
  return envelope.data;
}

export function createApi(token: string, language: string, fetcher?: Fetch): GameApi {
  const call = <T>(path: string, init: { body?: unknown; query?: Record<string, number> } = {}) =>
    callApi<T>(path, { ...init, token, language, fetcher });

  return {
    session: () => call<InhouseSession>(INHOUSE_PATHS.session),
    bet: (stake, options) => call<PlayResult>(INHOUSE_PATHS.bet, { body: { stake, options } }),
    minesStart: (stake, mines) => call<PlayResult>(INHOUSE_PATHS.minesStart, { body: { stake, mines } }),
    minesReveal: (roundId, tile) => call<PlayResult>(INHOUSE_PATHS.minesReveal, { body: { roundId, tile } }),
    minesCashout: (roundId) => call<PlayResult>(INHOUSE_PATHS.minesCashout, { body: { roundId } }),
    rounds: (page, size) => call<RoundPage>(INHOUSE_PATHS.rounds, { query: { page, size } }),
    rotateSeeds: (clientSeed) => call<RotateResult>(INHOUSE_PATHS.rotateSeeds, { body: { clientSeed } }),
    revealedSeeds: () => call<RevealedPair[]>(INHOUSE_PATHS.revealedSeeds),
    forfeitBonus: (id) => call<GameBonusForfeitResult>(INHOUSE_PATHS.forfeitBonus, { body: { id } }),
  };
}

/**
 * What the page does with a failed call. Insufficient balance sends the player to the cashier (the app
 * opens its deposit), a bet refused because another device holds the right to bet tells the app ('in other
 * games'; it runs the kick-out sync and reloads the frame), an ended session ends the page; anything else
 * is shown as the server's message.
 */
export type ErrorAction = 'cashier' | 'one-device' | 'ended' | 'message';

export function errorAction(error: unknown): ErrorAction {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === ERRORS.INSUFFICIENT_BALANCE.code) return 'cashier';
  if (code === ERRORS.ONE_DEVICE.code) return 'one-device';
  if (code === ERRORS.GAME_SESSION_INVALID.code || code === ERRORS.UNAUTHORIZED.code) return 'ended';
  return 'message';
}

/** Codes the page's catalogue words itself (keys `error.<code>`); others show the server's message. */
export const TRANSLATED_ERRORS = [
  NETWORK_ERROR,
  ERRORS.INTERNAL.code,
  ERRORS.INSUFFICIENT_BALANCE.code,
  ERRORS.ONE_DEVICE.code,
  ERRORS.GAME_SESSION_INVALID.code,
  ERRORS.GAME_UNAVAILABLE.code,
  ERRORS.GAME_STAKE_LIMIT.code,
  ERRORS.GAME_OPTIONS.code,
  ERRORS.GAME_ROUND_OPEN.code,
  ERRORS.GAME_ROUND_CLOSED.code,
] as const;

/**
 * The text shown for a failed call: the server's own message in English (the server writes its messages
 * in English), the catalogue's translation of it in French and Portuguese where the code is one the page
 * knows, and the server's message otherwise.
 */
export function errorText(
  error: unknown,
  language: string,
  translate: (code: number) => string | undefined,
): string {
  const code = error instanceof ApiError ? error.code : ERRORS.INTERNAL.code;
  const server = error instanceof ApiError && code !== NETWORK_ERROR ? error.message : undefined;
  if (language === 'en' && server) return server;
  return translate(code) ?? server ?? translate(ERRORS.INTERNAL.code) ?? 'Error';
}
