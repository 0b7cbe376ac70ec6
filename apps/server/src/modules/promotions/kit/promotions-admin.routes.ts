import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ProgrammeBudgetSchema } from '@app/contracts/back-office-programmes';
import type { CountryProfile } from '@app/contracts/country';
import { ADMIN_PATHS } from '@app/contracts/paths';
import {
  ProgrammeCostQuerySchema,
  ProgrammeCostRowSchema,
  ProgrammeFormSchema,
  ProgrammeUpdateSchema,
  ProgrammeViewSchema,
} from '@app/contracts/promotions';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

import { ok } from '../../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../../http/route-schema.ts';
import { actorOf } from '../../platform/staff/staff-auth.ts';
import {
  configureProgramme,
  listProgrammes,
  programmeBudgets,
  programmeCosts,
  type ProgrammeDefinition,
} from './programmes.ts';
import { programmeFormOf, type SettingsForm } from './settings-form.ts';

/**
 * The operator's promotion programmes (issue 14 §9): their switches and settings (audited) and what each
 * cost per day. Mounted under /api. `programmes` are the programme modules' definitions, listed by the
 * composition root.
 */
export async function promotionsAdminRoutes(
  app: FastifyInstance,
  {
    db,
    country,
    programmes,
    forms,
  }: {
    db: Kysely<Database>;
    country: CountryProfile;
    programmes: readonly ProgrammeDefinition[];
    /** Each programme's settings form (its plug's), by code. */
    forms: Readonly<Record<string, SettingsForm>>;
  },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A code the server runs no programme of is refused as bad input (400), as when the contracts listed them.
  const codes = programmes.map((each) => each.code);
  const ProgrammeParamsSchema = z.object({ code: z.enum(codes) });

  routes.get(
    ADMIN_PATHS.promotionProgrammes,
    staffRoute(
      'promotions.read',
      'Every promotion programme: on or off (and whether the market allows it), settings, budget',
      { response: apiResponses(z.array(ProgrammeViewSchema)) },
    ),
    async () => ok(await listProgrammes(db, programmes, country)),
  );

  routes.put(
    ADMIN_PATHS.promotionProgramme,
    staffRoute(
      'promotions.write',
      'Switch a programme on or off and set its settings (checked by the programme; audited)',
      {
        params: ProgrammeParamsSchema,
        body: ProgrammeUpdateSchema,
        response: apiResponses(ProgrammeViewSchema),
      },
    ),
    async (request) => {
      const definition = programmes.find((each) => each.code === request.params.code);
      if (!definition) throw new AppError('NOT_FOUND');
      return ok(await configureProgramme(db, actorOf(request), definition, country, request.body));
    },
  );

  routes.get(
    ADMIN_PATHS.promotionProgrammeForm,
    staffRoute(
      'promotions.read',
      "A programme's settings form: their JSON Schema, the unit of each number, the defaults",
      { params: ProgrammeParamsSchema, response: apiResponses(ProgrammeFormSchema) },
    ),
    async (request) => {
      const definition = programmes.find((each) => each.code === request.params.code);
      const form = forms[request.params.code];
      if (!definition || !form) throw new AppError('NOT_FOUND');
      return ok(programmeFormOf(definition, form));
    },
  );

  routes.get(
    ADMIN_PATHS.promotionCosts,
    staffRoute(
      'promotions.read',
      'What each programme paid out per day of the market, from its budget account in the ledger',
      { querystring: ProgrammeCostQuerySchema, response: apiResponses(z.array(ProgrammeCostRowSchema)) },
    ),
    async (request) => ok(await programmeCosts(db, country, request.query)),
  );

  routes.get(
    ADMIN_PATHS.promotionBudgets,
    staffRoute(
      'promotions.read',
      "Each programme's budget account: its balance and what it paid in the last 7 market days",
      { response: apiResponses(z.array(ProgrammeBudgetSchema)) },
    ),
    async () => ok(await programmeBudgets(db, programmes, country, new Date())),
  );
}
