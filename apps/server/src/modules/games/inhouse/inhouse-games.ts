import type { z } from 'zod';
import {
  DiceOptionsSchema,
  PlinkoOptionsSchema,
  SlotOptionsSchema,
  WheelOptionsSchema,
} from '@app/contracts/inhouse';
import { assertDiceOptions, DICE_FLOATS, playDice, type DiceOptions } from '@app/fair/dice';
import { minesFloats } from '@app/fair/mines';
import { assertPlinkoOptions, playPlinko, plinkoFloats, type PlinkoOptions } from '@app/fair/plinko';
import { playSlot } from '@app/fair/slot';
import { createFloatStream, generateFloats, type BetSeeds } from '@app/fair/stream';
import { assertWheelOptions, playWheel, WHEEL_FLOATS, type WheelOptions } from '@app/fair/wheel';
import { AppError } from '../../../http/app-error.ts';

/**
 * The in-house games the server settles, each bound to its maths in packages/fair: how a bet's options are
 * read (the shared zod schema, then the game's own range checks), and how the outcome follows from the
 * seeds. Pure: no I/O, so the page's verifier and the server compute the same thing.
 */
type InstantGame<Options> = {
  schema: z.ZodType<Options>;
  check: (options: Options) => void;
  play: (seeds: BetSeeds, options: Options) => { outcome: unknown; multiplier: number };
};

type AnyInstantGame = InstantGame<Record<string, unknown>>;

/** Typed where it is declared; erased in the registry, whose callers pass options its own schema parsed. */
function instant<Options>(game: InstantGame<Options>): AnyInstantGame {
  return game as unknown as AnyInstantGame;
}

export const INSTANT_GAMES = {
  dice: instant<DiceOptions>({
    schema: DiceOptionsSchema,
    check: assertDiceOptions,
    play: (seeds, options) => {
      const outcome = playDice(generateFloats(seeds, DICE_FLOATS), options);
      return { outcome, multiplier: outcome.multiplier };
    },
  }),
  plinko: instant<PlinkoOptions>({
    schema: PlinkoOptionsSchema,
    check: assertPlinkoOptions,
    play: (seeds, options) => {
      const outcome = playPlinko(generateFloats(seeds, plinkoFloats(options.rows)), options);
      return { outcome, multiplier: outcome.multiplier };
    },
  }),
  wheel: instant<WheelOptions>({
    schema: WheelOptionsSchema,
    check: assertWheelOptions,
    play: (seeds, options) => {
      const outcome = playWheel(generateFloats(seeds, WHEEL_FLOATS), options);
      return { outcome, multiplier: outcome.multiplier };
    },
  }),
  // The whole bet, free spins included, reads one stream: one nonce is one complete outcome.
  slot: instant<Record<string, never>>({
    schema: SlotOptionsSchema,
    check: () => undefined,
    play: (seeds) => {
      const outcome = playSlot(createFloatStream(seeds));
      return { outcome, multiplier: outcome.multiplier };
    },
  }),
  /** Mines is not an instant game (it is played tile by tile); it only shares the seeds-to-floats step. */
  mines: {
    floats: (seeds: BetSeeds, mines: number) => generateFloats(seeds, minesFloats(mines)),
  },
} as const;

type InstantCode = Exclude<keyof typeof INSTANT_GAMES, 'mines'>;

export function isInstantGame(code: string): code is InstantCode {
  return code in INSTANT_GAMES && code !== 'mines';
}

/** A bet's options, checked by the shared schema and the game's own rules; a bad one is GAME_OPTIONS. */
export function parseOptions(code: InstantCode, raw: Record<string, unknown>): Record<string, unknown> {
  const game = INSTANT_GAMES[code];
  const parsed = game.schema.safeParse(raw);
  if (!parsed.success) throw new AppError('GAME_OPTIONS');
  try {
    game.check(parsed.data);
  } catch (error) {
    throw new AppError('GAME_OPTIONS', error instanceof RangeError ? error.message : undefined);
  }
  return parsed.data;
}

export function playInstant(
  code: string,
  seeds: BetSeeds,
  options: Record<string, unknown>,
): { outcome: unknown; multiplier: number } {
  if (!isInstantGame(code)) throw new Error(`${code} is not an instant game`);
  const game = INSTANT_GAMES[code];
  return game.play(seeds, options);
}

export function seedsOf(pair: { server_seed: string; client_seed: string; nonce: number }): BetSeeds {
  return { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce };
}
