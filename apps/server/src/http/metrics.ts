import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /** The route label of a route that is one of many alike (a built file's: `serveBuiltFiles`). */
    metricsRoute?: string;
  }
}

/**
 * Prometheus metrics at /metrics: process defaults plus request counts and latency by route. Every series
 * carries `instance` (INSTANCE_ID), so a fleet's series never mix: through a load balancer a scrape reaches
 * any instance, and without the label one instance's counters would look like another's reset.
 */
export function registerMetrics(app: FastifyInstance, { instance }: { instance: string }): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ instance });
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the raw URL, so ids and query strings do not explode the label set.
    const route = request.routeOptions.config.metricsRoute ?? request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
