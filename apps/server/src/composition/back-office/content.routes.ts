import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AdminAdvertSchema,
  AdminFaqEntrySchema,
  AdminMenuEntrySchema,
  AdvertChangeSchema,
  ContentIdParamsSchema,
  FaqEntryChangeSchema,
  MenuEntryChangeSchema,
} from '@app/contracts/back-office-content';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Database } from '../../db/schema.ts';
import { ok } from '../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../http/route-schema.ts';
import {
  changeAdvert,
  changeFaqEntry,
  changeMenuEntry,
  listAdvertsForOperators,
  listFaqForOperators,
  listMenuEntriesForOperators,
} from '../../modules/platform/config/content-admin.ts';
import { auditedWrite } from '../../modules/platform/staff/audit.service.ts';
import { actorOf } from '../../modules/platform/staff/staff-auth.ts';

/**
 * The back office's content (issue 26 §5), mounted under /api: the adverts, menu entries and FAQ entries
 * the player routes serve, read with `promotions.read` and edited with `content.write`, each edit audited
 * with the row before and after in its transaction. (The ticker's notices are the messages module's.)
 */
export async function backOfficeContentRoutes(
  app: FastifyInstance,
  { db, staticDir, christmas }: { db: Kysely<Database>; staticDir: string; christmas: boolean },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    ADMIN_PATHS.contentAdverts,
    staffRoute(
      'promotions.read',
      'Every advert, on or off, by position and order, with whether players see it now',
      {
        response: apiResponses(z.array(AdminAdvertSchema)),
      },
    ),
    async () => ok(await listAdvertsForOperators(db, christmas)),
  );

  routes.put(
    ADMIN_PATHS.contentAdvert,
    staffRoute(
      'content.write',
      'Change an advert: texts and pictures per language, link, order, switch, period (audited)',
      {
        params: ContentIdParamsSchema,
        body: AdvertChangeSchema,
        response: apiResponses(AdminAdvertSchema),
      },
    ),
    async (request) => {
      const { id } = request.params;
      const changed = await auditedWrite(db, actorOf(request), async (trx) => {
        const { before, after } = await changeAdvert(trx, id, request.body, { staticDir, christmas });
        return { result: after, record: { action: 'advert.change', target: `advert:${id}`, before, after } };
      });
      return ok(changed);
    },
  );

  routes.get(
    ADMIN_PATHS.contentMenus,
    staffRoute('promotions.read', 'Every menu entry, on or off, by position and order', {
      response: apiResponses(z.array(AdminMenuEntrySchema)),
    }),
    async () => ok(await listMenuEntriesForOperators(db)),
  );

  routes.put(
    ADMIN_PATHS.contentMenu,
    staffRoute(
      'content.write',
      'Change a menu entry: texts and pictures per language, link, order, switch (audited)',
      {
        params: ContentIdParamsSchema,
        body: MenuEntryChangeSchema,
        response: apiResponses(AdminMenuEntrySchema),
      },
    ),
    async (request) => {
      const { id } = request.params;
      const changed = await auditedWrite(db, actorOf(request), async (trx) => {
        const { before, after } = await changeMenuEntry(trx, id, request.body, { staticDir });
        return { result: after, record: { action: 'menu.change', target: `menu:${id}`, before, after } };
      });
      return ok(changed);
    },
  );

  routes.get(
    ADMIN_PATHS.contentFaq,
    staffRoute('promotions.read', 'Every FAQ entry, on or off, by type and order', {
      response: apiResponses(z.array(AdminFaqEntrySchema)),
    }),
    async () => ok(await listFaqForOperators(db)),
  );

  routes.put(
    ADMIN_PATHS.contentFaqEntry,
    staffRoute(
      'content.write',
      'Change a FAQ entry: question and answer per language, order, switch (audited)',
      {
        params: ContentIdParamsSchema,
        body: FaqEntryChangeSchema,
        response: apiResponses(AdminFaqEntrySchema),
      },
    ),
    async (request) => {
      const { id } = request.params;
      const changed = await auditedWrite(db, actorOf(request), async (trx) => {
        const { before, after } = await changeFaqEntry(trx, id, request.body);
        return { result: after, record: { action: 'faq.change', target: `faq:${id}`, before, after } };
      });
      return ok(changed);
    },
  );
}
