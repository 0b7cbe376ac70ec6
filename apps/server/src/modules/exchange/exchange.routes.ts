import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Coins and diamonds to cash (issue 4). Mounted under /api. */
export async function exchangeRoutes(_app: FastifyInstance, _options: { db: Kysely<Database> }): Promise<void> {}
