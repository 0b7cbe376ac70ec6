import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AdminAdvertSchema,
  AdminFaqEntrySchema,
  AdminMenuEntrySchema,
  AdvertAddSchema,
  AdvertChangeSchema,
  ContentIdParamsSchema,
  ContentPictureSchema,
  FaqEntryAddSchema,
  FaqEntryChangeSchema,
  MenuEntryAddSchema,
  MenuEntryChangeSchema,
} from '@app/contracts/back-office-content';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { FileStore } from '../../adapters/storage/file-store.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../http/route-schema.ts';
import {
  addAdvert,
  addFaqEntry,
  addMenuEntry,
  changeAdvert,
  changeFaqEntry,
  changeMenuEntry,
  listAdvertsForOperators,
  listFaqForOperators,
  listMenuEntriesForOperators,
  removeAdvert,
  removeFaqEntry,
  removeMenuEntry,
  saveContentPicture,
} from '../../modules/platform/config/content-admin.ts';
import { auditedWrite } from '../../modules/platform/staff/audit.service.ts';
import { actorOf } from '../../modules/platform/staff/staff-auth.ts';

/**
 * The back office's content (issue 26 §5), mounted under /api: the adverts, menu entries and FAQ entries
 * the player routes serve, read with `promotions.read`; edited, added, removed and given new pictures with
 * `content.write`, each write audited with the row before and after (null for one added or removed) in its
 * transaction. (The ticker's notices are the messages module's.)
 */
export async function backOfficeContentRoutes(
  app: FastifyInstance,
  {
    db,
    staticDir,
    uploads,
    christmas,
  }: { db: Kysely<Database>; staticDir: string; uploads: FileStore; christmas: boolean },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const stores = { staticDir, uploads };
  const idParams = { params: ContentIdParamsSchema };

  /**
   * Runs a write and its audit entry (`{kind}.{verb}`, target `{kind}:{id}`) in one transaction; answers the
   * row after, or the row removed.
   */
  const audited = <T extends { id: number }>(
    request: FastifyRequest,
    action: { kind: 'advert' | 'menu' | 'faq'; verb: 'change' | 'add' | 'remove' },
    write: (trx: Kysely<Database>) => Promise<{ before: T | null; after: T | null }>,
  ): Promise<T> =>
    auditedWrite(db, actorOf(request), async (trx) => {
      const { before, after } = await write(trx);
      // Every write has a row on one side at least.
      const row = (after ?? before) as T;
      const record = {
        action: `${action.kind}.${action.verb}`,
        target: `${action.kind}:${row.id}`,
        before,
        after,
      };
      return { result: row, record };
    });

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
      { ...idParams, body: AdvertChangeSchema, response: apiResponses(AdminAdvertSchema) },
    ),
    async (request) =>
      ok(
        await audited(request, { kind: 'advert', verb: 'change' }, (trx) =>
          changeAdvert(trx, request.params.id, request.body, { ...stores, christmas }),
        ),
      ),
  );

  routes.post(
    ADMIN_PATHS.contentAdverts,
    staffRoute('content.write', 'Add an advert at a place of the app (audited, before null)', {
      body: AdvertAddSchema,
      response: apiResponses(AdminAdvertSchema),
    }),
    async (request) =>
      ok(
        await audited(request, { kind: 'advert', verb: 'add' }, async (trx) => ({
          before: null,
          after: await addAdvert(trx, request.body, { ...stores, christmas }),
        })),
      ),
  );

  routes.delete(
    ADMIN_PATHS.contentAdvert,
    staffRoute('content.write', 'Remove an advert the app does not rely on (audited, after null)', {
      ...idParams,
      response: apiResponses(AdminAdvertSchema),
    }),
    async (request) =>
      ok(
        await audited(request, { kind: 'advert', verb: 'remove' }, async (trx) => ({
          before: await removeAdvert(trx, request.params.id, christmas),
          after: null,
        })),
      ),
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
      { ...idParams, body: MenuEntryChangeSchema, response: apiResponses(AdminMenuEntrySchema) },
    ),
    async (request) =>
      ok(
        await audited(request, { kind: 'menu', verb: 'change' }, (trx) =>
          changeMenuEntry(trx, request.params.id, request.body, stores),
        ),
      ),
  );

  routes.post(
    ADMIN_PATHS.contentMenus,
    staffRoute('content.write', 'Add a menu entry to a menu of the app (audited, before null)', {
      body: MenuEntryAddSchema,
      response: apiResponses(AdminMenuEntrySchema),
    }),
    async (request) =>
      ok(
        await audited(request, { kind: 'menu', verb: 'add' }, async (trx) => ({
          before: null,
          after: await addMenuEntry(trx, request.body, stores),
        })),
      ),
  );

  routes.delete(
    ADMIN_PATHS.contentMenu,
    staffRoute('content.write', 'Remove a menu entry the app does not rely on (audited, after null)', {
      ...idParams,
      response: apiResponses(AdminMenuEntrySchema),
    }),
    async (request) =>
      ok(
        await audited(request, { kind: 'menu', verb: 'remove' }, async (trx) => ({
          before: await removeMenuEntry(trx, request.params.id),
          after: null,
        })),
      ),
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
      { ...idParams, body: FaqEntryChangeSchema, response: apiResponses(AdminFaqEntrySchema) },
    ),
    async (request) =>
      ok(
        await audited(request, { kind: 'faq', verb: 'change' }, (trx) =>
          changeFaqEntry(trx, request.params.id, request.body),
        ),
      ),
  );

  routes.post(
    ADMIN_PATHS.contentFaq,
    staffRoute('content.write', 'Add a FAQ entry to a FAQ page (audited, before null)', {
      body: FaqEntryAddSchema,
      response: apiResponses(AdminFaqEntrySchema),
    }),
    async (request) =>
      ok(
        await audited(request, { kind: 'faq', verb: 'add' }, async (trx) => ({
          before: null,
          after: await addFaqEntry(trx, request.body),
        })),
      ),
  );

  routes.delete(
    ADMIN_PATHS.contentFaqEntry,
    staffRoute('content.write', 'Remove a FAQ entry the app does not rely on (audited, after null)', {
      ...idParams,
      response: apiResponses(AdminFaqEntrySchema),
    }),
    async (request) =>
      ok(
        await audited(request, { kind: 'faq', verb: 'remove' }, async (trx) => ({
          before: await removeFaqEntry(trx, request.params.id),
          after: null,
        })),
      ),
  );

  // Multipart with one image in the field `file` (the multipart limit: 10 MB; a picture for players 1 MB):
  // read by hand, as zod does not describe a file for the API document.
  routes.post(
    ADMIN_PATHS.contentPictures,
    staffRoute(
      'content.write',
      'Upload a picture for adverts and menu entries (multipart field `file`: JPEG, PNG or WebP, 1 MB at most), answering its address',
      { response: apiResponses(ContentPictureSchema) },
    ),
    async (request) => {
      const file = (request.body as { file?: unknown } | undefined)?.file;
      if (file === undefined) {
        throw new AppError('VALIDATION', undefined, [
          { field: 'file', message: 'Cannot be empty, please fill in!' },
        ]);
      }
      return ok(await saveContentPicture(uploads, file));
    },
  );
}
