import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Spec §5: an uploaded file above 10 MB is refused. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The bodies the spec sends (JSON, form-encoded by default, multipart for uploads) and cookies. Multipart
 * fields arrive in request.body like form fields, so one zod schema serves all three body types; files are
 * buffered (10 MB at most) and checked by the route that takes them.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  // The multipart parser runs as a preValidation hook and lets the form parser's own errors (no
  // boundary, a body cut off) through as plain errors; the flag around it tells the error handler that
  // such an error is the client's body, not our fault (400, not 500).
  app.decorateRequest('readingMultipart', false);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  app.addHook('preValidation', async (request) => {
    request.readingMultipart = request.isMultipart();
  });
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 50, fieldSize: 64 * 1024 },
  });
  app.addHook('preValidation', async (request) => {
    request.readingMultipart = false;
  });
}
