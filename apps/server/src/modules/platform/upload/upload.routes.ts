import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.ts';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import { readImage, UPLOADS_URL_PREFIX } from './upload.service.ts';

/**
 * Serves public uploaded images (avatars) at /uploads/{name} (outside /api): immutable, never sniffed as
 * anything else. `isPrivate` names the images kept in the public folder before private ones had their
 * own (appeal proofs uploaded before that): those are not served here, only by the routes that check
 * who asks.
 */
export async function uploadFileRoutes(
  app: FastifyInstance,
  { uploads, isPrivate }: { uploads: FileStore; isPrivate: (name: string) => Promise<boolean> },
): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${UPLOADS_URL_PREFIX}:name`,
      { schema: { hide: true, params: z.object({ name: z.string().max(64) }) } },
      async (request, reply) => {
        const image = await readImage(uploads, 'public', request.params.name);
        // The file first: a name that is not there costs no database query.
        if (!image || (await isPrivate(request.params.name))) throw new AppError('NOT_FOUND');
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'")
          .send(image.content);
      },
    );
}

/** Answers a private image to a caller the route has checked: never cached by anything shared. */
export function sendPrivateImage(
  reply: FastifyReply,
  image: { content: Buffer; contentType: string },
): FastifyReply {
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'")
    .send(image.content);
}
