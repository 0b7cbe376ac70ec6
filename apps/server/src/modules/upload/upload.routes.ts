import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { readImage, UPLOADS_URL_PREFIX } from './upload.service.ts';

/** Serves uploaded images at /uploads/{name} (outside /api): immutable, never sniffed as anything else. */
export async function uploadFileRoutes(
  app: FastifyInstance,
  { uploadDir }: { uploadDir: string },
): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${UPLOADS_URL_PREFIX}:name`,
      { schema: { hide: true, params: z.object({ name: z.string().max(64) }) } },
      async (request, reply) => {
        const image = await readImage(uploadDir, request.params.name);
        if (!image) throw new AppError('NOT_FOUND');
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'")
          .send(image.content);
      },
    );
}
