import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type BuiltFiles = {
  /** The folder, or folders in order of precedence (a brand's art over the shared art). */
  root: string | string[];
  prefix: string;
  /** Headers of each answer, by the file's path (its caching). */
  setHeaders: (reply: FastifyReply, filePath: string) => void;
  /** Files of the folder that get no route (globs from the folder). */
  globIgnore?: string[];
};

/**
 * Serves a folder of files made at build time (the apps' hashed assets, the shipped art) at `prefix`: one
 * route per file, listed once at start (`@fastify/static` without its wildcard), so answering a request is
 * a route lookup. The wildcard mode instead checked each address's spelling against a listing of every
 * folder on its path, on every request: with the web app's 580-entry assets folder an asset cost the server
 * 1.9 ms of CPU, 1.05 ms with a route each, and a new visitor's service worker fetches about 300 files
 * (docs/benchmarks.md, 2026-12-06 07:18).
 *
 * A file added to the folder after start is not served until the next start (a deploy is a restart). The
 * `.br` and `.gz` files beside each file (scripts/precompress.mjs) get no route of their own: they are sent as
 * their file's encoding (`preCompressed`). Every file's route is counted in the metrics as `${prefix}<file>`,
 * one series for the folder, not one a file.
 */
export async function serveBuiltFiles(app: FastifyInstance, options: BuiltFiles): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, metricsRoute: `${options.prefix}<file>` };
    });
    await scope.register(fastifyStatic, {
      root: options.root,
      prefix: options.prefix,
      setHeaders: options.setHeaders,
      index: false,
      wildcard: false,
      preCompressed: true,
      decorateReply: false,
      globIgnore: ['**/*.br', '**/*.gz', ...(options.globIgnore ?? [])],
    });
  });
}
