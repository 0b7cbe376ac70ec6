import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request lines, moved to debug: one line per answered request (method, address, status, time),
 * none on arrival. At the default level (info) the log then holds what a person starting or running the
 * server reads (start-up, jobs, errors: a failed request still logs at error); LOG_LEVEL=debug adds every
 * request. At info, a phone's polling buried the start-up lines, the SMS inbox's address among them.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.debug(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'route not found');
  }
}
