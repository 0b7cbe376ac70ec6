import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { openRoute } from '../../../http/route-schema.ts';

/** Liveness (the process answers) and readiness (it can reach its database). */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }): Promise<void> {
  app.get('/healthz', openRoute(['ops'], 'Liveness', {}), async () => ({ status: 'ok' }));

  app.get('/readyz', openRoute(['ops'], 'Readiness: database reachable', {}), async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
