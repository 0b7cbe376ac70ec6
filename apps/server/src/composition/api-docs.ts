import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SECURITY_SCHEMES } from '../http/auth.ts';

/**
 * The OpenAPI document of every route registered after this, built from the routes' zod schemas and served
 * at `/api/docs`. Without PUBLIC_URL its server is the document's own address: "try it out" calls the server
 * it was read from.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  api: { title: string; version: string; publicUrl: string | undefined },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: api.title,
        version: api.version,
        description: 'Player API. Every /api answer is the envelope {code, msg, data}; code 0 is success.',
      },
      servers: [{ url: api.publicUrl ?? '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });
}
