import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Env } from '../env.ts';
import { RequestLogController } from '../http/request-log.ts';

/** The server's Fastify settings: its log, request ids, proxy trust and limits. */
export function fastifyOptions(
  env: Env,
  logger: boolean | Record<string, unknown> | undefined,
): FastifyServerOptions {
  return {
    logger: logger ?? {
      level: env.LOG_LEVEL,
      // Session tokens and cookies never reach the log.
      redact: ['req.headers.token', 'req.headers.cookie', 'req.headers.authorization'],
    },
    logController: new RequestLogController(),
    // A request id the caller gave (a load balancer's) is kept when it looks like one; otherwise a new one.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
}
