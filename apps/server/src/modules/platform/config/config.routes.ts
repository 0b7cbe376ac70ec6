import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AdvertItemSchema,
  AdvertQuerySchema,
  AppSettingsSchema,
  ContentPageQuerySchema,
  ContentPageSchema,
  FaqItemSchema,
  FaqQuerySchema,
  MenuQuerySchema,
  SystemConfigEntrySchema,
  SystemConfigQuerySchema,
  SystemOptionByTypeQuerySchema,
  SystemOptionSchema,
  VersionFileSchema,
} from '@app/contracts/config';
import { pageSchema } from '@app/contracts/envelope';
import { CONFIG_PATHS, VERSION_FILE_PATH } from '@app/contracts/paths';
import type { Database } from '../../../db/schema.ts';
import type { Env } from '../../../env.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, openRoute } from '../../../http/route-schema.ts';
import * as config from './config.service.ts';

type Options = { db: Kysely<Database>; env: Env; version: string };

/**
 * Operator content rarely changes and is the same for every visitor of a language and platform, so
 * browsers may keep it for a minute; the answer varies by those request headers.
 */
function cacheShortly(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=60');
  reply.header('vary', 'accept-language, platform');
}

/** Config service (spec §7), mounted under /api. */
export async function configRoutes(app: FastifyInstance, { db, env }: Options): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['config'];
  const { country } = config.getAppSettings(env);

  routes.get(
    CONFIG_PATHS.systemOptions,
    openRoute(tags, 'All system options for the platform', {
      response: apiResponses(z.array(SystemOptionSchema)),
    }),
    async (request, reply) => {
      cacheShortly(reply);
      return ok(await config.getPublishedSystemOptions(db, { ...request.client, country }));
    },
  );

  routes.get(
    CONFIG_PATHS.systemOptionsByType,
    openRoute(tags, 'System options of one type', {
      querystring: SystemOptionByTypeQuerySchema,
      response: apiResponses(z.array(SystemOptionSchema)),
    }),
    async (request, reply) => {
      cacheShortly(reply);
      return ok(
        await config.getPublishedSystemOptions(db, { ...request.client, country }, request.query.type),
      );
    },
  );

  routes.get(
    CONFIG_PATHS.menusByPosition,
    openRoute(tags, 'Menu items at a position', {
      querystring: MenuQuerySchema,
      response: apiResponses(z.array(AdvertItemSchema)),
    }),
    async (request, reply) => {
      cacheShortly(reply);
      return ok(await config.getMenus(db, request.query.position, request.client.language));
    },
  );

  routes.get(
    CONFIG_PATHS.advertsByPosition,
    openRoute(tags, 'Adverts at a position', {
      querystring: AdvertQuerySchema,
      response: apiResponses(z.array(AdvertItemSchema)),
    }),
    async (request, reply) => {
      cacheShortly(reply);
      const audience = { language: request.client.language, christmas: env.CHRISTMAS };
      return ok(await config.getAdverts(db, request.query.typeId, audience));
    },
  );

  routes.get(
    CONFIG_PATHS.faqByType,
    openRoute(tags, 'FAQ entries of a type, paged', {
      querystring: FaqQuerySchema,
      response: apiResponses(pageSchema(FaqItemSchema)),
    }),
    async (request, reply) => {
      cacheShortly(reply);
      return ok(await config.getFaqPage(db, request.query, { ...request.client, country }));
    },
  );

  routes.get(
    CONFIG_PATHS.systemConfigByCode,
    openRoute(tags, 'System configuration entries by code (6002: withdraw enable and message)', {
      querystring: SystemConfigQuerySchema,
      response: apiResponses(z.array(SystemConfigEntrySchema)),
    }),
    async (request) =>
      ok(await config.getSystemConfigByCode(db, request.query.code, request.client.platform)),
  );

  routes.get(
    CONFIG_PATHS.contentPage,
    openRoute(tags, 'Content page by type', {
      querystring: ContentPageQuerySchema,
      response: apiResponses(ContentPageSchema),
    }),
    async (request, reply) => {
      cacheShortly(reply);
      return ok(await config.getContentPage(db, request.query.type, request.client.language));
    },
  );

  routes.get(
    CONFIG_PATHS.appSettings,
    openRoute(tags, 'Country profile, theme and switches for the web app', {
      response: apiResponses(AppSettingsSchema),
    }),
    async (_request, reply) => {
      cacheShortly(reply);
      return ok(config.getAppSettings(env));
    },
  );
}

/** The version file lives outside /api and without the envelope (spec §7). */
export async function versionFileRoute(app: FastifyInstance, { env, version }: Options): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    VERSION_FILE_PATH,
    openRoute(['config'], 'Latest app version for the download banner', {
      response: { 200: VersionFileSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return config.getVersionFile(env, version);
    },
  );
}
