import type { FastifyInstance } from 'fastify';

/** One route of the app as it was declared: its method, full address and the security its schema names. */
export type RouteEntry = { method: string; url: string; security: unknown };

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /**
     * Every route of the app, in the order declared (Fastify keeps no list it would answer). The permission
     * matrix test walks it, so a new operator route is checked from its own declaration, not from a list
     * kept by hand beside it.
     */
    routeTable: readonly RouteEntry[];
  }
}

/** Must be registered before any route, like the authentication (http/auth.ts) whose declarations it keeps. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, security: route.schema?.security });
    }
  });
}
