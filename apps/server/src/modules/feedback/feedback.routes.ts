import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Deposit appeals with proof upload, and the operator's answers (issue 4). Mounted under /api. */
export async function feedbackRoutes(
  _app: FastifyInstance,
  _options: { db: Kysely<Database>; uploadDir: string; adminToken: string | undefined },
): Promise<void> {}
