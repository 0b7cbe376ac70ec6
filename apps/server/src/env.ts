import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CountryCodeSchema } from '@app/contracts/country';
import { ThemeSchema } from '@app/contracts/config';

// This file sits in src/ in development and is bundled into dist/server.js when built: both one folder
// below apps/server, so these resolve the same from either.
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the built apps and the shipped images are unless the environment says otherwise (WEB_DIST, GAMES_DIST). */
export const INSTALL_PATHS = {
  webDist: path.resolve(serverRoot, '../web/dist'),
  gamesDist: path.resolve(serverRoot, '../games/dist'),
  staticDir: path.resolve(serverRoot, 'static'),
};

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/**
 * Every environment variable the server reads, validated once at start (architecture.md
 * "Configuration"). A wrong value stops the start with the list of what is wrong, rather than failing
 * later in the middle of a request.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where uploaded images are kept; `<DATA_DIR>/uploads` when unset. */
  UPLOAD_DIR: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//)
    .optional(),
  /**
   * Public base address of this server, for players' links and provider callbacks. Unset: a player's
   * links follow the address the player opened (http/public-origin.ts), and callbacks from the
   * simulators come to this machine. Required with real M-Pesa credentials (Daraja calls it back).
   */
  PUBLIC_URL: z.url().optional(),
  COUNTRY: CountryCodeSchema.default('KE'),
  THEME: ThemeSchema.default('winslots'),
  CHRISTMAS: flag.default(false),
  BRAND_NAME: z.string().min(1).max(40).optional(),
  /** Seed the demo content at start (on by default; an operator with real content sets 0). */
  SEED_DEMO: flag.default(true),
  /**
   * Switch the welcome and first-deposit bonus on in a fresh demo (`npm start` sets it): a new demo player
   * meets them. Off by default, so the test servers' members start with exact balances; an operator's own
   * setting is never overwritten.
   */
  SEED_DEMO_BONUSES: flag.default(false),
  /** Where the built web app is; empty disables serving it (API-only). */
  WEB_DIST: z.string().optional(),
  /** Where the built games app (our game pages) is; `apps/games/dist` when unset. Without a build there, holding pages. */
  GAMES_DIST: z.string().optional(),
  /** `1` shows `/pay/deposit/paypay`: the deposit screen for paying from another number (spec §2). */
  PAYPAY: flag.default(false),
  /** Comma-separated game suppliers hidden in app-store builds (spec §6). */
  DISALLOWED_SUPPLIERS: z.string().default(''),
  /**
   * The third-party provider's game launch address (Hub88's game URL); the launch adds token, game_code,
   * currency, lang, lobby_url and deposit_url. With the simulators on, their provider stands in.
   */
  PROVIDER_LAUNCH_URL: z.url().optional(),
  /** A round paying at least this much (minor units) becomes a winner notice and a latest winner. */
  WINNER_NOTICE_MIN_WIN: z.coerce.number().int().positive().max(1e12).default(50_000),
  /** Where the app-download banner's download button goes (a native build); the PWA install page by default. */
  APK_URL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* from a load balancer in front (needed for real client IPs in rate limits). */
  TRUST_PROXY: flag.default(false),
  /**
   * Start the simulators of outside systems (SMS gateway, later M-Pesa) beside the server and point the
   * adapters at them. On unless provider credentials are given.
   */
  SIMULATORS: flag.optional(),
  SIMULATORS_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  /** Africa's Talking SMS: base address (live https://api.africastalking.com), username, key, sender. */
  SMS_BASE_URL: z.url().optional(),
  SMS_USERNAME: z.string().min(1).default('sandbox'),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).max(11).optional(),
  /**
   * Verification codes sent an hour from one address (abuse-limits.ts). Players behind a carrier's NAT
   * share addresses, so an operator may need more; the browser tests register every member from 127.0.0.1.
   */
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().positive().max(1_000_000).default(20),
  /**
   * Bearer token that only creates the first staff account (POST /api/admin/staff/bootstrap, refused once
   * any staff exists); it opens no other endpoint. Unset: the bootstrap answers 404.
   */
  ADMIN_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * Social login (OAuth 2.0 authorization code + PKCE) with Facebook's Login protocol. With the
   * simulators on and no secret given, the simulators' stand-in provider is used.
   */
  SOCIAL_CLIENT_ID: z.string().min(1).default('simulator-app'),
  SOCIAL_CLIENT_SECRET: z.string().min(1).optional(),
  SOCIAL_AUTH_BASE_URL: z.url().optional(),
  SOCIAL_GRAPH_BASE_URL: z.url().optional(),
  SOCIAL_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v19.0'),
  /**
   * Secret for the unguessable part of provider callback paths. Required with MPESA_CONSUMER_KEY; with
   * the simulators, made once and kept in `<DATA_DIR>/callback-secret` (adapters/outside-world.ts).
   */
  CALLBACK_SECRET: z.string().min(16).optional(),
  /**
   * Safaricom M-Pesa Daraja (deposits by STK Push, withdrawals by B2C). With the simulators on and no
   * consumer key given, the simulators' Daraja stands in (its sandbox shortcode and passkey).
   */
  MPESA_BASE_URL: z.url().optional(),
  MPESA_CONSUMER_KEY: z.string().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().min(1).optional(),
  MPESA_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
    .default('174379'),
  MPESA_PASSKEY: z.string().min(1).optional(),
  MPESA_B2C_SHORTCODE: z
    .string()
    .regex(/^\d{5,7}$/, 'must be 5 to 7 digits')
    .default('600992'),
  MPESA_INITIATOR_NAME: z.string().min(1).default('testapi'),
  MPESA_INITIATOR_PASSWORD: z.string().min(1).optional(),
  /** Safaricom's certificate that encrypts the initiator password: a PEM file path, or the PEM itself. */
  MPESA_CERT: z.string().min(1).optional(),
  /**
   * STK pushes per second the paybill may send (a token bucket shared by every instance, issue 24 §3),
   * and how many may go at once after a quiet spell. Daraja's per-shortcode ceiling is unpublished: set
   * this below the one agreed with Safaricom, leaving room for STK queries. Pushes beyond it wait in the
   * deposit queue ("we will prompt your phone shortly").
   */
  MPESA_PUSHES_PER_SECOND: z.coerce.number().positive().max(10_000).default(20),
  MPESA_PUSH_BURST: z.coerce.number().int().min(1).max(10_000).optional(),
  /**
   * Below this many shillings in the B2C utility account (the float payouts are paid from), the Account
   * Balance check raises the operators' alert; 0 turns the alert off.
   */
  MPESA_FLOAT_ALERT_BELOW: z.coerce.number().int().min(0).max(1e12).default(100_000),
  /** Comma-separated addresses allowed to post M-Pesa callbacks (a second layer behind the path token). */
  MPESA_CALLBACK_IPS: z.string().default(''),
  /**
   * Secret of the `sign` on payment hall links (HMAC-SHA256). Required with MPESA_CONSUMER_KEY; with the
   * simulators, derived from CALLBACK_SECRET when unset.
   */
  PAY_SIGN_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * Hub88's operator wallet API (/api/provider/hub88/…): the provider's public key, which checks the
   * X-Hub88-Signature of its calls, and our private key, which signs our answers. Each a PEM file path or
   * the PEM itself; both or neither (neither: the wallet API is off).
   */
  PROVIDER_PUBLIC_KEY: z.string().min(1).optional(),
  PROVIDER_PRIVATE_KEY: z.string().min(1).optional(),
  /**
   * The public randomness of the draws (docs/draws.md): the drand chain whose pinned key verifies every
   * beacon. `quicknet` is the League of Entropy's; `simulator` is the simulators' TEST key, which anyone can
   * sign with. Unset: `simulator` while the simulators stand in for providers, `quicknet` otherwise
   * (adapters/outside-world.ts, beaconSettings).
   */
  BEACON_CHAIN: z.enum(['simulator', 'quicknet']).optional(),
  /** drand's HTTP API: https://api.drand.sh for quicknet by default, the simulators' `/beacon` for theirs. */
  BEACON_URL: z.url().optional(),
});
export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Treat empty strings as unset so `DATABASE_URL= npm start` means "embedded".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
  }
  return result.data;
}
