import type { Kysely } from 'kysely';
import type { IdentityVerifier } from '../adapters/identity/identity-verifier.ts';
import type { DarajaClient } from '../adapters/mpesa/daraja-client.ts';
import type { SocialProvider } from '../adapters/oauth/social-provider.ts';
import type { EventBus } from '../adapters/events/event-bus.ts';
import type { Clock } from '../db/clock.ts';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Job, JobsDatabase } from '../jobs/job-runner.ts';
import type { SmsSender } from '../modules/platform/member/member.service.ts';
import type { BeaconSource } from '../modules/promotions/draws/draws.service.ts';

/** What `buildApp` is given: the configuration, the database and the outside world's adapters. */
export type AppOptions = {
  env: Env;
  db: Kysely<Database>;
  version: string;
  /** Folder of the built web app; undefined serves the API only. */
  webDist: string | undefined;
  /** Folder of the built back office (apps/admin), served under /admin; undefined serves none. */
  adminDist?: string | undefined;
  /** Folder of the shipped images served at /statics/. */
  staticDir: string;
  /** Where SMS goes: the Africa's Talking adapter (pointed at the simulator in development). */
  sms: SmsSender;
  /** The social login provider (Facebook's protocol; its simulator in development). */
  social: SocialProvider;
  /** The identity-verification service (a Smile ID style Biometric KYC; its simulator in development). */
  identity: IdentityVerifier;
  /** Secret path segment of provider callbacks (delivery reports, M-Pesa results). */
  callbackSecret: string;
  /** M-Pesa Daraja (its simulator in development). */
  mpesa: DarajaClient;
  /** The public randomness beacon the draws take their rounds from (drand's protocol; its simulator in development). */
  beacon: BeaconSource;
  /**
   * Run the background jobs (payment reconciliation, round repairs) on pg-boss in this database, and
   * drive the crash game. Tests without it run the jobs' passes by hand. `more`: jobs besides the app's own.
   */
  jobs?: { database: JobsDatabase; more?: Job[]; pollingIntervalSeconds?: number };
  /**
   * Messages every process of a fleet hears: tests may give their own bus; otherwise Redis pub/sub with
   * REDIS_URL, else the local bus of one process.
   */
  events?: EventBus;
  /** The clock of the decisions a fleet must agree on (db/clock.ts); this process's own by default. */
  clock?: Clock;
  /** Pino options, or false for none (tests). */
  logger?: boolean | Record<string, unknown>;
};
