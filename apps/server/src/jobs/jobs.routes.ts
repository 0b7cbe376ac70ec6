import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JobFailuresQuerySchema, JobFailuresSchema, JobsOverviewSchema } from '@app/contracts/jobs';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { ok } from '../http/envelope.ts';
import { requiresStaff } from '../http/auth.ts';
import { apiResponses } from '../http/route-schema.ts';
import type { JobRunner } from './job-runner.ts';

/** Who may read the jobs: staff holding jobs.read. */
const OPERATORS = requiresStaff('jobs.read');

/** Operators' view of the background jobs (docs/api.md "Operators: jobs"). Mounted under /api. */
export async function jobsRoutes(app: FastifyInstance, { runner }: { runner: JobRunner }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    ADMIN_PATHS.jobs,
    {
      schema: {
        security: OPERATORS,
        tags: ['operator'],
        summary:
          'Every background job: its schedule in the market’s time zone, next and last run, runs by state',
        response: apiResponses(JobsOverviewSchema),
      },
    },
    async () => ok(await runner.overview()),
  );
  routes.get(
    ADMIN_PATHS.jobFailures,
    {
      schema: {
        security: OPERATORS,
        tags: ['operator'],
        summary:
          'The latest failed runs of background jobs (or of one queue), newest first, with their error',
        querystring: JobFailuresQuerySchema,
        response: apiResponses(JobFailuresSchema),
      },
    },
    async (request) => ok({ failures: await runner.failures(request.query.limit, request.query.queue) }),
  );
}
