import path from 'node:path';
import packageJson from '../package.json' with { type: 'json' };
import {
  callbackSecret,
  createBeacon,
  createMpesaClient,
  createSmsGateway,
  createIdentityVerifier,
  createSocialProvider,
  simulatorsEnabled,
} from './adapters/outside-world.ts';
import { DEMO_STAFF } from '@app/contracts/demo-staff';
import { seedDemoStaff } from './modules/platform/staff/staff.service.ts';
import { buildApp } from './composition/app.ts';
import { createDarajaTokenStore } from './modules/payments/channels/channels.service.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createDatabaseClock } from './db/clock.ts';
import { brandFor } from '@app/contracts/brand';
import { seedDemo } from './db/seed/demo-seed.ts';
import { EnvError, INSTALL_PATHS, loadEnv } from './env.ts';
import { jobsDatabaseOf } from './jobs/job-runner.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { engine: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, warm: true }
      : { engine: 'pglite', dataDir: env.DATA_DIR },
  );
  const applied = await migrateToLatest(database.db);
  const clock = await createDatabaseClock({ db: database.db, engine: database.engine });
  if (env.DEMO_STAFF) {
    // A public password and TOTP secret: never on a server that talks to real providers.
    if (!simulatorsEnabled(env)) throw new EnvError('DEMO_STAFF=1 needs the simulators (SIMULATORS=1)');
    await seedDemoStaff(database.db, DEMO_STAFF);
  }
  if (env.SEED_DEMO) {
    await seedDemo(database.db, brandFor(env.THEME, env.BRAND_NAME), { bonuses: env.SEED_DEMO_BONUSES });
  }

  const app = await buildApp({
    env,
    db: database.db,
    version: packageJson.version,
    webDist: env.WEB_DIST ?? INSTALL_PATHS.webDist,
    adminDist: env.ADMIN_DIST ?? INSTALL_PATHS.adminDist,
    staticDir: INSTALL_PATHS.staticDir,
    sms: createSmsGateway(env),
    social: createSocialProvider(env),
    identity: createIdentityVerifier(env),
    callbackSecret: callbackSecret(env),
    // One access token for every instance on this database (Daraja keeps one live token per app).
    mpesa: createMpesaClient(env, {
      tokenStore: (mpesaApp) => createDarajaTokenStore(database.db, mpesaApp),
    }),
    beacon: createBeacon(env),
    // A web process (RUN_JOBS=0) runs no background work; the fleet's worker processes do.
    ...(env.RUN_JOBS && { jobs: { database: jobsDatabaseOf(database) } }),
    clock,
  });
  app.log.info(
    {
      engine: database.engine,
      migrationsApplied: applied,
      country: env.COUNTRY,
      theme: env.THEME,
      clockOffsetMs: clock.offsetMs(),
    },
    database.engine === 'pglite'
      ? `embedded database in ${path.resolve(env.DATA_DIR)} (for development; production uses PostgreSQL)`
      : 'connected to PostgreSQL',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    clock.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (env.SERVE_HTTP) await app.listen({ port: env.PORT, host: env.HOST });
  else await app.ready();
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Server failed to start:', error);
  }
  process.exit(1);
});
