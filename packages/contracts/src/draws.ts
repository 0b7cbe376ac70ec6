import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';

/**
 * The draw engine's public record (issue 16, docs/draws.md): what every draw product shows and what the
 * fairness verifier checks. Amounts in minor units; instants as ISO strings; hashes and signatures as
 * lower-case hex.
 */
export const DRAW_STATUSES = ['scheduled', 'open', 'closed', 'drawn', 'settled'] as const;
export const DrawStatusSchema = zod.enum(DRAW_STATUSES);
export type DrawStatus = zod.infer<typeof DrawStatusSchema>;

export const DRAW_PRODUCTS = ['lottery', 'cash-draw', 'lucky-refund'] as const;
export const DrawProductSchema = zod.enum(DRAW_PRODUCTS);
export type DrawProduct = zod.infer<typeof DrawProductSchema>;

export const DrawIdSchema = wholeNumber(1, Number.MAX_SAFE_INTEGER);

export const DrawPublicSchema = zod.object({
  id: zod.number().int(),
  product: DrawProductSchema,
  /** The product's own name of the draw (e.g. its draw time in market time). */
  ref: zod.string(),
  price: zod.number().int(),
  salesOpenAt: zod.string(),
  salesCloseAt: zod.string(),
  drawAt: zod.string(),
  /** The public randomness round, fixed when the draw was scheduled. */
  beaconRound: zod.number().int(),
  status: DrawStatusSchema,
  ticketCount: zod.number().int(),
  /** The Merkle root of the committed ticket list, from close. */
  ticketRoot: zod.string().nullable(),
  closedAt: zod.string().nullable(),
  beaconSignature: zod.string().nullable(),
  randomness: zod.string().nullable(),
  drawnAt: zod.string().nullable(),
  /** The product's outcome (the lottery's numbers, a raffle's winning ticket numbers), once drawn. */
  outcome: zod.unknown().nullable(),
  settledAt: zod.string().nullable(),
  /** Why a closed draw still waits (the beacon round not yet published or refused); null otherwise. */
  delayReason: zod.string().nullable(),
});
export type DrawPublic = zod.infer<typeof DrawPublicSchema>;

export const DrawProofQuerySchema = zod.object({
  ticketNo: wholeNumber(1, 2 ** 31),
});
/** A ticket's place in the committed list: its canonical line and the Merkle path to the root. */
export const DrawProofSchema = zod.object({
  drawId: zod.number().int(),
  ticketNo: zod.number().int(),
  line: zod.string(),
  ticketCount: zod.number().int(),
  root: zod.string(),
  /**
   * Sibling hashes from the leaf up (RFC 6962 §2.1.1 PATH): which side each sits on follows from the
   * ticket's index and the count, as packages/fair/src/ticket-list.ts `verifyMerkleProof` reads them.
   */
  path: zod.array(zod.string()),
});
export type DrawProof = zod.infer<typeof DrawProofSchema>;

export const DrawTicketsQuerySchema = zod.object({
  after: wholeNumber(0, Number.MAX_SAFE_INTEGER).default(0),
  limit: wholeNumber(1, 1000).default(500),
});
export const DrawTicketsPageSchema = zod.object({
  lines: zod.array(zod.string()),
  /** The ticket number to pass as `after` for the next page; null at the end. */
  next: zod.number().int().nullable(),
});

/** The randomness chain a draw's beacon round comes from (drand's info). */
export const BeaconChainSchema = zod.object({
  publicKey: zod.string(),
  genesis: zod.number().int(),
  period: zod.number().int(),
  chainHash: zod.string(),
  scheme: zod.string(),
});
export type BeaconChain = zod.infer<typeof BeaconChainSchema>;

/** The address of a draw's page in the fairness verifier (`drawVerifyPath(drawId, ticketNo?)`). */
export { drawVerifyPath } from './paths.ts';
