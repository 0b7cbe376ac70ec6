import type { Language } from '@app/contracts/config';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { validatorWithTextRule } from '../http/validation.ts';
import { brandFor } from '@app/contracts/brand';
import { API_BASE } from '@app/contracts/paths';
import { INSTALL_PATHS, instanceIdOf } from '../env.ts';
import { registerErrorHandlers } from '../http/error-handler.ts';
import { bootstrapAuthenticator, registerAuthentication } from '../http/auth.ts';
import { registerBodyParsers } from '../http/body-parsers.ts';
import { registerRouteTable } from '../http/route-table.ts';
import { memberAuthenticator } from '../modules/platform/member/member-auth.ts';
import { staffAuthenticator } from '../modules/platform/staff/staff-auth.ts';
import { staffRoutes } from '../modules/platform/staff/staff.routes.ts';
import { gameSessionAuthenticator } from '../modules/games/catalogue/game-session-auth.ts';
import { registerMetrics } from '../http/metrics.ts';
import { registerRequestContext } from '../http/request-context.ts';
import { handleNotFound, registerAdminApp, registerWebApp } from '../http/web.ts';
import { analyticsRoutes } from '../modules/platform/analytics/analytics.routes.ts';
import { configRoutes, versionFileRoute } from '../modules/platform/config/config.routes.ts';
import { createPreparePage } from './home/first-screen.ts';
import { getAppSettings } from '../modules/platform/config/config.service.ts';
import { healthRoutes } from '../modules/platform/health/health.routes.ts';
import { memberRoutes } from '../modules/platform/member/member.routes.ts';
import { messageRoutes } from '../modules/messages/message/message.routes.ts';
import { sendWelcome } from '../modules/messages/message/message.service.ts';
import { kycRoutes } from '../modules/platform/kyc/kyc.routes.ts';
import { walletRoutes } from '../modules/platform/wallet/wallet.routes.ts';
import { playerLimitsRoutes } from '../modules/platform/wallet/player-limits.routes.ts';
import { uploadFileRoutes } from '../modules/platform/upload/upload.routes.ts';
import { createUploadStore } from '../adapters/storage/upload-store.ts';
import { socialRoutes } from '../modules/platform/member/social.routes.ts';
import { loadProviderKeys, simulatorsEnabled, simulatorsUrl } from '../adapters/outside-world.ts';
import { providerRoutes } from '../modules/games/provider/provider.routes.ts';
import { depositRoutes } from '../modules/payments/deposit/deposit.routes.ts';
import { withdrawRoutes } from '../modules/payments/withdraw/withdraw.routes.ts';
import { mpesaPauseRoutes } from '../modules/payments/channels/mpesa-pause.routes.ts';
import { countQueuedDeposits, depositMsisdnsOf } from '../modules/payments/deposit/deposit.service.ts';
import {
  countQueuedWithdrawals,
  withdrawalMsisdnsOf,
} from '../modules/payments/withdraw/withdraw.service.ts';
import { feedbackRoutes } from '../modules/messages/feedback/feedback.routes.ts';
import { isProofInPublicFolder } from '../modules/messages/feedback/feedback.service.ts';
import { taxRoutes } from '../modules/payments/tax/tax.routes.ts';
import { regulatorRoutes } from '../modules/payments/regulator/regulator.routes.ts';
import { regulatorJobs, type RegulatorDeps } from '../modules/payments/regulator/regulator.service.ts';
import { gamesRoutes } from '../modules/games/catalogue/games.routes.ts';
import { gameFrameRoutes } from '../modules/games/catalogue/game-frame.routes.ts';
import { gamesConfig } from '../modules/games/catalogue/games-config.ts';
import { playerLinks } from '../http/public-origin.ts';
import { paymentDepsOf } from '../modules/payments/channels/payment-deps.ts';
import { paymentJobs } from './payment-jobs.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { jobsRoutes } from '../jobs/jobs.routes.ts';
import { inhouseRoutes } from '../modules/games/inhouse/inhouse.routes.ts';
import { inhouseJobs } from '../modules/games/inhouse/inhouse-jobs.ts';
import type { InhouseDeps } from '../modules/games/inhouse/inhouse.service.ts';
import { PROCESS_CLOCK } from '../db/clock.ts';
import { backOfficeRoutes } from './back-office/back-office.routes.ts';
import { revenueJobs, type RevenueDeps } from '../modules/platform/revenue/revenue-report.ts';
import { registerCrashGame } from './crash-game.ts';
import { registerFleetInstance } from './fleet-instance.ts';
import { fastifyOptions } from './fastify-options.ts';
import { registerApiDocs } from './api-docs.ts';
import type { AppOptions } from './app-options.ts';

import { winnerNoticeJobs } from '../modules/messages/message/winner-notice.ts';
import { promotionsAdminRoutes } from '../modules/promotions/kit/promotions-admin.routes.ts';
import { promotionPagesRoutes } from '../modules/promotions/promotion-pages/promotion-pages.routes.ts';
import { crashRoutes } from '../modules/games/crash/crash.routes.ts';
import { drawRoutes } from '../modules/promotions/draws/draws.routes.ts';
import { drawsAdminRoutes } from '../modules/promotions/draws/draws-admin.routes.ts';
import { drawJobs, type DrawDeps } from '../modules/promotions/draws/draws.service.ts';
import type { House } from '../modules/promotions/kit/plug.ts';
import { PROMOTION_PLUGS } from '../modules/promotions/plugs.ts';

/** The whole server as one Fastify instance: `server.ts` only listens, tests call `app.inject`. */

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, db, version } = options;
  const settings = getAppSettings(env);
  const app = Fastify(fastifyOptions(env, options.logger));
  app.setValidatorCompiler(validatorWithTextRule);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandlers(app);
  // Before any route: routes that declare `security` get their credentials checked first (http/auth.ts).
  registerAuthentication(app, {
    memberToken: memberAuthenticator(app, { db }),
    staffSession: staffAuthenticator(app, db),
    bootstrapToken: bootstrapAuthenticator(env.ADMIN_TOKEN),
    gameSession: gameSessionAuthenticator(app, db),
  });
  registerRouteTable(app);
  registerRequestContext(app, settings.country.defaultLanguage);
  registerMetrics(app, { instance: instanceIdOf(env) });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });

  await registerApiDocs(app, { title: `${settings.brandName} API`, version, publicUrl: env.PUBLIC_URL });
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerBodyParsers(app);

  // A player's links (the provider game's Home and Deposit, the social login's return) point back to where
  // the player is: PUBLIC_URL, or the address they opened (docs/decisions.md).
  const links = playerLinks({
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    port: env.PORT,
    simulatorsOrigin: simulatorsEnabled(env) ? simulatorsUrl(env) : undefined,
  });
  const secureCookies = env.PUBLIC_URL?.startsWith('https:') ?? false;
  const paymentDeps = paymentDepsOf(env, {
    db,
    country: settings.country,
    mpesa: options.mpesa,
    callbackSecret: options.callbackSecret,
  });
  const inhouseDeps: InhouseDeps = { db, country: settings.country };
  const memberDeps = {
    db,
    country: settings.country,
    brandName: settings.brandName,
    sms: options.sms,
    smsPerIpPerHour: env.SMS_PER_IP_PER_HOUR,
    verifier: options.identity,
    // A new member: the inbox's welcome, then what each programme does for one (docs/architecture.md).
    welcome: async (memberId: number, language: Language) => {
      await sendWelcome(db, memberId, settings.brandName, language);
      for (const plug of PROMOTION_PLUGS) await plug.onRegistration?.(house, memberId);
    },
    paymentNumbersOf: async (memberId: number) => [
      ...(await depositMsisdnsOf(db, memberId)),
      ...(await withdrawalMsisdnsOf({ db }, memberId)),
    ],
  };
  const clock = options.clock ?? PROCESS_CLOCK;
  const house: House = { db, country: settings.country, theme: env.THEME, member: memberDeps, clock };
  const drawDeps: DrawDeps = {
    db,
    country: settings.country,
    products: PROMOTION_PLUGS.flatMap((plug) => plug.drawProducts?.(house) ?? []),
    beacon: options.beacon,
    log: app.log,
  };
  // A folder, or the bucket every instance of a fleet shares (env UPLOAD_S3_*): uploads and the regulator's files.
  const uploads = createUploadStore(env);
  app.log.info(`uploads kept in ${uploads.location}`);
  const regulatorDeps: RegulatorDeps = { db, country: settings.country, store: uploads };
  const revenueDeps: RevenueDeps = { db, country: settings.country };
  let jobRunner: JobRunner | undefined;
  if (options.jobs) {
    const runner = createJobRunner({
      database: options.jobs.database,
      timeZone: settings.country.timeZone,
      jobs: [
        ...paymentJobs(paymentDeps),
        ...inhouseJobs(inhouseDeps),
        // The house's money-fact consumer: wins at or above WINNER_NOTICE_MIN_WIN become winner notices.
        // Where the market allows advertising former winners (issue 25 §5: not in Kenya).
        ...(settings.country.compliance.advertising.showWinners
          ? winnerNoticeJobs(db, env.WINNER_NOTICE_MIN_WIN)
          : []),
        // Each programme's jobs, its money-fact consumers among them.
        ...PROMOTION_PLUGS.flatMap((plug) => plug.jobs?.(house) ?? []),
        // The draw engine: draws made ahead, then closed, drawn with the beacon and settled when due.
        ...drawJobs(drawDeps),
        // The regulator's feed: the previous day's files before the deadline, and Kenya's live feed.
        ...regulatorJobs(regulatorDeps),
        // The reports' daily sums of the ledger (the back office's Reports).
        ...revenueJobs(revenueDeps),
        ...(options.jobs.more ?? []),
      ],
      log: app.log,
      ...(options.jobs.pollingIntervalSeconds
        ? { pollingIntervalSeconds: options.jobs.pollingIntervalSeconds }
        : {}),
    });
    // Before the app serves: the queues and schedules exist and the start-up repair has run.
    app.addHook('onReady', () => runner.start());
    app.addHook('onClose', () => runner.stop());
    jobRunner = runner;
  }
  app.decorate('jobs', jobRunner);
  // This process in the fleet's register, under the run id the crash driver's lease names.
  const runsJobs = options.jobs !== undefined;
  const instanceRunId = registerFleetInstance(app, { db, env, version, runsJobs });
  const crashEngine = await registerCrashGame(app, {
    db,
    env,
    country: settings.country,
    runsJobs,
    events: options.events,
    clock,
    holder: instanceRunId,
  });

  await app.register(healthRoutes, { db });
  await app.register(uploadFileRoutes, {
    uploads,
    // Appeal proofs stored in the public folder before they had their own: served only to who may see them.
    isPrivate: (name) => isProofInPublicFolder(db, name),
  });
  await app.register(versionFileRoute, { db, env, version });
  await app.register(gameFrameRoutes, {
    db,
    gamesDist: env.GAMES_DIST ?? INSTALL_PATHS.gamesDist,
    country: settings.country,
    brand: brandFor(env.THEME, env.BRAND_NAME),
  });
  await app.register(
    async (api) => {
      await api.register(configRoutes, { db, env, version });
      await api.register(staffRoutes, { deps: { db, issuer: settings.brandName }, secureCookies });
      await api.register(analyticsRoutes, { db });
      await api.register(socialRoutes, {
        deps: {
          ...memberDeps,
          social: options.social,
        },
        links,
        secureCookies,
      });
      await api.register(memberRoutes, {
        deps: memberDeps,
        callbackSecret: options.callbackSecret,
        uploads,
      });
      await api.register(messageRoutes, { db, country: settings.country });
      await api.register(kycRoutes, {
        db,
        country: settings.country,
        verifier: options.identity,
        store: uploads,
      });
      await api.register(walletRoutes, { db });
      await api.register(playerLimitsRoutes, { db, country: settings.country });
      await api.register(depositRoutes, { deps: paymentDeps });
      await api.register(withdrawRoutes, { deps: paymentDeps });
      const content = { staticDir: options.staticDir, uploads, christmas: env.CHRISTMAS };
      await api.register(backOfficeRoutes, { payments: paymentDeps, revenue: revenueDeps, ...content });
      await api.register(mpesaPauseRoutes, {
        deps: paymentDeps,
        queued: async () => ({
          deposits: await countQueuedDeposits(db),
          withdrawals: await countQueuedWithdrawals(paymentDeps),
        }),
      });
      await api.register(taxRoutes, { db, country: settings.country });
      await api.register(regulatorRoutes, { deps: regulatorDeps });
      // Hub88's wallet API, only when its key pair is configured.
      const providerKeys = loadProviderKeys(env);
      if (providerKeys) {
        await api.register(providerRoutes, {
          deps: { db, keys: providerKeys, country: settings.country },
        });
      }
      await api.register(feedbackRoutes, { db, uploads, country: settings.country, deps: paymentDeps });
      await api.register(gamesRoutes, { deps: { db, member: memberDeps, config: gamesConfig(env) }, links });
      await api.register(inhouseRoutes, { deps: inhouseDeps });
      await api.register(crashRoutes, { engine: crashEngine, betsInFlight: env.CRASH_BETS_IN_FLIGHT });
      // Promotion programmes: each one's routes, then the operator's switches, settings and costs.
      for (const plug of PROMOTION_PLUGS) await plug.routes?.(api, house);
      await api.register(drawRoutes, { deps: drawDeps });
      await api.register(drawsAdminRoutes, { deps: drawDeps });
      await api.register(promotionsAdminRoutes, {
        db,
        country: settings.country,
        programmes: PROMOTION_PLUGS.flatMap((plug) => plug.programmes),
        forms: Object.assign({}, ...PROMOTION_PLUGS.map((plug) => plug.forms)),
      });
      await api.register(promotionPagesRoutes, { db });
      // Operators (staff with jobs.read) list the jobs where they run.
      if (jobRunner) await api.register(jobsRoutes, { runner: jobRunner });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_BASE },
  );

  // Before the player app: its wildcard must not answer the back office's addresses.
  await registerAdminApp(app, options.adminDist);
  const { servePage } = await registerWebApp(app, {
    webDist: options.webDist,
    staticDir: options.staticDir,
    settings: settings,
    preparePage: createPreparePage(db, env),
  });
  app.setNotFoundHandler(handleNotFound(servePage));
  return app;
}
