import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JobFailuresQuerySchema, JobFailuresSchema, JobsOverviewSchema } from '@app/contracts/jobs';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { ok } from '../http/envelope.ts';
import { apiResponses, staffRoute } from '../http/route-schema.ts';
import type { JobRunner } from './job-runner.ts';

/** Operators' view of the background jobs (docs/api.md "Operators: jobs"). Mounted under /api. */
export async function jobsRoutes(app: FastifyInstance, { runner }: { runner: JobRunner }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    ADMIN_PATHS.jobs,
    staffRoute(
      'jobs.read',
      'Every background job: its schedule in the market’s time zone, next and last run, runs by state',
      { response: apiResponses(JobsOverviewSchema) },
    ),
    async () => ok(await runner.overview()),
  );
  routes.get(
    ADMIN_PATHS.jobFailures,
    staffRoute(
      'jobs.read',
      'The latest failed runs of background jobs (or of one queue), newest first, with their error',
      { querystring: JobFailuresQuerySchema, response: apiResponses(JobFailuresSchema) },
    ),
    async (request) => ok({ failures: await runner.failures(request.query.limit, request.query.queue) }),
  );
}
