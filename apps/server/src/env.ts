import { hostname } from 'node:os';
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
  adminDist: path.resolve(serverRoot, '../admin/dist'),
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
  /**
   * Where uploaded images are kept; `<DATA_DIR>/uploads` when unset. In a fleet, a folder every instance
   * mounts, or none and UPLOAD_S3_BUCKET (docs/deployment.md).
   */
  UPLOAD_DIR: z.string().min(1).optional(),
  /**
   * Keep uploads in this S3-compatible bucket instead of a folder, so every instance serves every upload.
   * With it: UPLOAD_S3_ACCESS_KEY and UPLOAD_S3_SECRET_KEY; UPLOAD_S3_ENDPOINT for a service other
   * than Amazon S3 (MinIO, R2…), UPLOAD_S3_PATH_STYLE=1 for one that wants `{endpoint}/{bucket}/{key}`.
   */
  UPLOAD_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 of a-z 0-9 . -)')
    .optional(),
  UPLOAD_S3_ENDPOINT: z.url().optional(),
  UPLOAD_S3_REGION: z.string().min(1).default('us-east-1'),
  UPLOAD_S3_ACCESS_KEY: z.string().min(1).optional(),
  UPLOAD_S3_SECRET_KEY: z.string().min(1).optional(),
  UPLOAD_S3_PATH_STYLE: flag.default(false),
  /**
   * `1`: this process is one of several instances serving one casino (behind a load balancer, on one
   * database). The start is then refused unless everything the instances must share is configured:
   * DATABASE_URL, REDIS_URL, CALLBACK_SECRET, PAY_SIGN_SECRET, and uploads in UPLOAD_S3_BUCKET or a shared
   * UPLOAD_DIR (fleetProblems below; docs/deployment.md lists them).
   */
  FLEET: flag.default(false),
  /** This instance's name in the metrics (`instance` label); `<hostname>:<pid>` when unset. */
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . : or -')
    .optional(),
  /**
   * The source commit this build was made from (a deployment sets it, e.g. `git rev-parse HEAD`): shown
   * beside the version in the back office's Fleet, so operators see which instances run which build.
   */
  BUILD_COMMIT: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/, 'must be a commit hash: 7 to 40 lower-case hex digits')
    .optional(),
  /**
   * Redis for a fleet of processes: the crash game's events reach the pages of every process through its
   * pub/sub (docs/deployment.md). Unset, one process needs none.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//)
    .optional(),
  /** Keeps the channels of several deployments on one Redis apart. */
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[\w.-]{1,40}$/)
    .default('casino'),
  /**
   * Whether this process may drive the crash game's rounds: `auto` joins the drivers' election (one process
   * of the fleet drives, elected by a lease), `never` only takes bets and cash-outs.
   */
  CRASH_DRIVER: z.enum(['auto', 'never']).default('auto'),
  /** Crash bets one process works on at once; more are answered "try again" before any work (load shedding). */
  CRASH_BETS_IN_FLIGHT: z.coerce.number().int().min(0).default(400),
  /** `0`: a worker process, which serves no HTTP (the jobs and the crash driver only). */
  SERVE_HTTP: flag.default(true),
  /**
   * `0`: a web process, which runs no background jobs (no pg-boss connections or polling) and never drives
   * the crash game; at least one process of a fleet runs them.
   */
  RUN_JOBS: flag.default(true),
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
  /**
   * `1` makes the demo back-office account with its public password and TOTP secret (docs/back-office.md);
   * refused unless the simulators stand in for the providers. `npm start` sets it.
   */
  DEMO_STAFF: flag.default(false),
  /** Where the built back office (apps/admin) is; `apps/admin/dist` when unset. Without a build, no /admin. */
  ADMIN_DIST: z.string().optional(),
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
  /**
   * The identity-verification service (a Smile ID style Biometric KYC, adapters/identity): its address,
   * partner id and API key. Without a key, the simulators' stand-in (when the simulators are on).
   */
  IDENTITY_BASE_URL: z.url().optional(),
  IDENTITY_PARTNER_ID: z.string().min(1).default('simulator-partner'),
  IDENTITY_API_KEY: z.string().min(1).optional(),
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
  /**
   * While Daraja answers with its maintenance shape, M-Pesa payments stay paused and one instance asks it
   * again (an Account Balance request) this often; its first good answer ends the pause (issue 24 §3).
   */
  MPESA_MAINTENANCE_PROBE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
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

/** Variables that only make sense together: a bucket needs its keys, and one place for uploads. */
function uploadProblems(env: Env): string[] {
  if (!env.UPLOAD_S3_BUCKET) return [];
  return [
    ...(env.UPLOAD_DIR ? ['UPLOAD_DIR: not with UPLOAD_S3_BUCKET (uploads are kept in one place)'] : []),
    ...(['UPLOAD_S3_ACCESS_KEY', 'UPLOAD_S3_SECRET_KEY'] as const)
      .filter((name) => env[name] === undefined)
      .map((name) => `${name}: required with UPLOAD_S3_BUCKET`),
  ];
}

/**
 * What several instances must share, refused when missing rather than made up per process: a secret
 * generated in one instance's data folder differs from the next one's, so M-Pesa's callback for a push one
 * instance sent would be refused by the instance it reaches, and a payment link signed by one would fail on
 * another; the embedded database, the local event bus and a private upload folder belong to one process.
 */
function fleetProblems(env: Env): string[] {
  if (!env.FLEET) return [];
  const required = (name: string, why: string) => `${name}: required with FLEET=1 (${why})`;
  return [
    ...(env.DATABASE_URL ? [] : [required('DATABASE_URL', 'the embedded database belongs to one process')]),
    ...(env.REDIS_URL
      ? []
      : [
          required(
            'REDIS_URL',
            "the crash game's rounds, bets and cash-outs reach every instance's pages through it",
          ),
        ]),
    ...(env.CALLBACK_SECRET
      ? []
      : [required('CALLBACK_SECRET', "M-Pesa's callback reaches any instance, not the one that asked")]),
    ...(env.PAY_SIGN_SECRET
      ? []
      : [required('PAY_SIGN_SECRET', 'a payment link signed by one instance is checked by another')]),
    ...(env.UPLOAD_S3_BUCKET || env.UPLOAD_DIR
      ? []
      : [
          required(
            'UPLOAD_S3_BUCKET or UPLOAD_DIR',
            'an upload made on one instance is served by all: a bucket, or a folder every instance mounts',
          ),
        ]),
  ];
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Treat empty strings as unset so `DATABASE_URL= npm start` means "embedded".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = EnvSchema.refine((env) => env.SERVE_HTTP || env.RUN_JOBS, {
    path: ['SERVE_HTTP'],
    message:
      'a process that serves no HTTP (SERVE_HTTP=0) must run the jobs (RUN_JOBS=1): it would do nothing',
  }).safeParse(present);
  const problems = result.success
    ? [...uploadProblems(result.data), ...fleetProblems(result.data)]
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (!result.success || problems.length > 0) {
    throw new EnvError(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  return result.data;
}

/** This instance's name in metrics: INSTANCE_ID, or `<hostname>:<pid>`, unique on a machine and across them. */
export function instanceIdOf(env: Pick<Env, 'INSTANCE_ID'>): string {
  return env.INSTANCE_ID ?? `${hostname()}:${process.pid}`;
}
