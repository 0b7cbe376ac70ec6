import type { CashRainSplit } from '@app/fair/cash-rain';
import { formatMultiplier } from '@app/fair/payout';
import {
  verifyRound,
  VERIFIABLE_GAMES,
  type GameId,
  type VerifyRequest,
  type VerifyResult,
} from '@app/fair/verify';

/**
 * The verifier's form as text, and its translation into packages/fair's verifyRound request. The page
 * recomputes on every change; everything is checked here first so the player reads which field is wrong
 * rather than an exception.
 */
export type VerifyForm = {
  game: GameId;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** Dice: target in percent ("50.00") and direction. */
  target: string;
  direction: 'under' | 'over';
  /** Mines: how many, and optionally the tiles revealed in order ("3, 7, 12"). */
  mines: string;
  picks: string;
  rows: string;
  risk: 'low' | 'medium' | 'high';
  segments: string;
  /** Coin spin: the pool's remaining counts when the spin was drawn, in published order ("4, 2, 0"). */
  remaining: string;
  /** Prize wheel (the diamond spin): its published weights ("50, 30, 20") and the bet's spins. */
  weights: string;
  spins: string;
  /** Cash rain: the slot's published split parameters (minor units; diamonds counted) and the packet number. */
  rain: Record<RainField, string>;
  /** The player's packet, numbered from 1 (their record's position + 1); empty: the whole split only. */
  packet: string;
  /** Crash: the game's hash, the chain's salt, a cash-out ("2.00") to price. */
  gameHash: string;
  salt: string;
  cashOut: string;
};

/** A cash rain slot's published split parameters (packages/fair `CashRainSplit`), in form order. */
export const RAIN_FIELDS = [
  'budget',
  'cashPackets',
  'minPacket',
  'tryAgainPackets',
  'coinPackets',
  'coinAmount',
  'diamondPackets',
  'diamondAmount',
] as const satisfies readonly (keyof CashRainSplit)[];
export type RainField = (typeof RAIN_FIELDS)[number];

export const EMPTY_FORM: VerifyForm = {
  game: 'dice',
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '0',
  target: '50.00',
  direction: 'under',
  mines: '3',
  picks: '',
  rows: '12',
  risk: 'medium',
  segments: '30',
  remaining: '',
  weights: '',
  spins: '1',
  rain: {
    budget: '',
    cashPackets: '',
    minPacket: '',
    tryAgainPackets: '0',
    coinPackets: '0',
    coinAmount: '0',
    diamondPackets: '0',
    diamondAmount: '0',
  },
  packet: '',
  gameHash: '',
  salt: '',
  cashOut: '',
};

export type FormProblem = 'serverSeed' | 'clientSeed' | 'nonce' | 'options';

const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/;

export function isGameId(value: unknown): value is GameId {
  return (VERIFIABLE_GAMES as readonly unknown[]).includes(value);
}

/** "50.00" / "50,5" → hundredths (5000, 5050). */
function hundredths(text: string): number {
  return Math.round(Number(text.trim().replace(',', '.')) * 100);
}

function integer(text: string): number {
  return /^\s*\d{1,15}\s*$/.test(text) ? Number(text) : Number.NaN;
}

export function toRequest(form: VerifyForm): { request: VerifyRequest } | { problem: FormProblem } {
  if (form.game === 'crash') {
    if (!SERVER_SEED.test(form.gameHash.trim())) return { problem: 'serverSeed' };
    const target = form.cashOut.trim() ? hundredths(form.cashOut) : undefined;
    return {
      request: {
        game: 'crash',
        gameHash: form.gameHash.trim(),
        salt: form.salt.trim(),
        ...(target !== undefined && Number.isFinite(target) ? { target } : {}),
      },
    };
  }
  const serverSeed = form.serverSeed.trim();
  if (!SERVER_SEED.test(serverSeed)) return { problem: 'serverSeed' };
  if (!CLIENT_SEED.test(form.clientSeed)) return { problem: 'clientSeed' };
  const nonce = integer(form.nonce);
  if (!Number.isSafeInteger(nonce)) return { problem: 'nonce' };
  const seeds = { serverSeed, clientSeed: form.clientSeed, nonce };
  switch (form.game) {
    case 'dice':
      return {
        request: {
          ...seeds,
          game: 'dice',
          options: { target: hundredths(form.target), direction: form.direction },
        },
      };
    case 'mines': {
      const picks = form.picks
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((tile) => Number(tile));
      return {
        request: {
          ...seeds,
          game: 'mines',
          options: { mines: integer(form.mines), ...(picks.length ? { picks } : {}) },
        },
      };
    }
    case 'plinko':
      return {
        request: { ...seeds, game: 'plinko', options: { rows: integer(form.rows), risk: form.risk } },
      };
    case 'wheel':
      return {
        request: { ...seeds, game: 'wheel', options: { segments: integer(form.segments), risk: form.risk } },
      };
    case 'slot':
      return { request: { ...seeds, game: 'slot' } };
    case 'coin-spin': {
      const remaining = form.remaining
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((count) => integer(count));
      return { request: { ...seeds, game: 'coin-spin', options: { remaining } } };
    }
    case 'prize-wheel': {
      const weights = form.weights
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((weight) => integer(weight));
      return { request: { ...seeds, game: 'prize-wheel', options: { weights, spins: integer(form.spins) } } };
    }
    case 'cash-rain': {
      const split = Object.fromEntries(
        RAIN_FIELDS.map((field) => [field, integer(form.rain[field])]),
      ) as CashRainSplit;
      const packet = form.packet.trim() ? integer(form.packet) : undefined;
      return {
        request: {
          ...seeds,
          game: 'cash-rain',
          options: { ...split, ...(packet === undefined ? {} : { position: packet - 1 }) },
        },
      };
    }
  }
}

export type Recomputed = { result: VerifyResult } | { problem: FormProblem; message?: string };

/** The outcome, computed in the browser with the server's own code (packages/fair). */
export function recompute(form: VerifyForm): Recomputed {
  const built = toRequest(form);
  if ('problem' in built) return built;
  try {
    return { result: verifyRound(built.request) };
  } catch (error) {
    return { problem: 'options', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The form filled from a round of the history: its options (and, for mines, the tiles it opened). */
export function formFromRound(
  form: VerifyForm,
  round: { gameCode: string; nonce: number | null; options: Record<string, unknown>; outcome: unknown },
): VerifyForm {
  const next: VerifyForm = { ...form, nonce: round.nonce === null ? form.nonce : String(round.nonce) };
  if (isGameId(round.gameCode)) next.game = round.gameCode;
  const options = round.options;
  if (typeof options.target === 'number') next.target = (options.target / 100).toFixed(2);
  if (options.direction === 'under' || options.direction === 'over') next.direction = options.direction;
  if (typeof options.mines === 'number') next.mines = String(options.mines);
  if (typeof options.rows === 'number') next.rows = String(options.rows);
  if (typeof options.segments === 'number') next.segments = String(options.segments);
  if (Array.isArray(options.remaining)) next.remaining = options.remaining.join(', ');
  if (Array.isArray(options.weights)) next.weights = options.weights.map(String).join(', ');
  if (typeof options.spins === 'number') next.spins = String(options.spins);
  if (next.game === 'cash-rain') {
    next.rain = { ...form.rain };
    for (const field of RAIN_FIELDS) {
      const value = options[field];
      if (typeof value === 'number') next.rain[field] = String(value);
    }
    if (typeof options.position === 'number') next.packet = String(options.position + 1);
  }
  if (options.risk === 'low' || options.risk === 'medium' || options.risk === 'high')
    next.risk = options.risk;
  if (next.game === 'mines') {
    const outcome = (round.outcome ?? {}) as { revealed?: unknown; hit?: unknown };
    const revealed = Array.isArray(outcome.revealed)
      ? outcome.revealed.filter((tile) => typeof tile === 'number')
      : [];
    next.picks = [...revealed, ...(typeof outcome.hit === 'number' ? [outcome.hit] : [])].join(', ');
  }
  return next;
}

export { formatMultiplier };
