import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import { PERMISSIONS, type Permission, type Role } from '@app/contracts/staff';
import type { RouteEntry } from '../../../http/route-table.ts';
import { staffSession, type TestStaff } from '../../../../test/staff-session.ts';
import { useTestApp } from '../../../../test/test-app.ts';

/**
 * The permission matrix (issue 26, Tests), generated from the built app's own route table
 * (`app.routeTable`, http/route-table.ts): every route under /api/admin is found there, its permission
 * read from its own declaration (`schema.security`, the same the authentication hook enforces), and
 * called without credentials (401) and by each staff member who lacks that permission (403), with a body
 * that would not parse: the refusal comes before the body is read. A new operator route is in the matrix
 * the moment it exists; one that declares no permission fails here unless it is one of the few below.
 */
const ADMIN_PREFIX = `${API_BASE}/admin/`;
const key = (method: string, path: string) => `${method} ${API_BASE}${path}`;

/** Routes under /api/admin that take no staff session by design, with how their caller proves who they are. */
const WITHOUT_STAFF_SESSION: Record<string, string> = {
  [key('POST', ADMIN_PATHS.bootstrapStaff)]: 'ADMIN_TOKEN, only while no staff exists',
  [key('POST', ADMIN_PATHS.enrolTotp)]: 'the password',
  [key('POST', ADMIN_PATHS.login)]: 'the password and an authenticator code',
  [key('POST', ADMIN_PATHS.cookieLogin)]: 'the password and an authenticator code',
};

/** Routes any staff member may call: each acts on the caller's own session or account, nobody else's. */
const ANY_STAFF = new Set([
  key('GET', ADMIN_PATHS.me),
  key('HEAD', ADMIN_PATHS.me),
  key('POST', ADMIN_PATHS.logout),
  key('POST', ADMIN_PATHS.changePassword),
]);

type AdminRoute = RouteEntry & { key: string; schemes: string[]; permissions: string[] };

function adminRoutesOf(table: readonly RouteEntry[]): AdminRoute[] {
  return table
    .filter((route) => route.url.startsWith(ADMIN_PREFIX))
    .map((route) => {
      const requirements = Array.isArray(route.security)
        ? (route.security as Record<string, string[]>[])
        : [];
      return {
        ...route,
        key: `${route.method} ${route.url}`,
        schemes: requirements.flatMap((requirement) => Object.keys(requirement)),
        permissions: requirements.flatMap((requirement) => requirement.staffSession ?? []),
      };
    });
}

/** An address for a route's pattern: any value stands for a parameter, since refusals come before it is read. */
const addressOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

const ctx = useTestApp({}, { jobs: {} });
let routes: AdminRoute[];
/** A staff member of each desk, and one with no role at all. */
let staff: { roles: Role[]; session: TestStaff }[];

beforeAll(async () => {
  routes = adminRoutesOf(ctx.app.routeTable);
  staff = [];
  for (const roles of [[], ['viewer'], ['support'], ['payments']] as Role[][]) {
    staff.push({ roles, session: await staffSession(ctx, roles) });
  }
});

function call(route: AdminRoute, headers: Record<string, string>) {
  const writes = route.method !== 'GET' && route.method !== 'HEAD';
  return ctx.app.inject({
    method: route.method as 'GET',
    url: addressOf(route.url),
    headers: { ...headers, ...(writes ? { 'content-type': 'application/json' } : {}) },
    // Not JSON: a route that read its body before its credentials would answer 400, not 401 or 403.
    ...(writes ? { payload: '{"unfinished": ' } : {}),
  });
}

describe('the permission matrix of /api/admin, from the route table', () => {
  it('finds the operator routes in the built app, each with the permission its declaration names', () => {
    expect(routes.length).toBeGreaterThan(40);
    const byKey = new Map(routes.map((route) => [route.key, route]));
    expect(byKey.get(key('GET', ADMIN_PATHS.kycReviews))?.permissions).toEqual(['kyc.read']);
    expect(byKey.get(key('POST', ADMIN_PATHS.kycApprove))?.permissions).toEqual(['kyc.decide']);
    expect(byKey.get(key('GET', ADMIN_PATHS.jobs))?.permissions).toEqual(['jobs.read']);
    // The exceptions below are routes that exist: a list that outlived its routes would hide nothing.
    for (const exception of [...Object.keys(WITHOUT_STAFF_SESSION), ...ANY_STAFF]) {
      expect(byKey.has(exception), exception).toBe(true);
    }
  });

  it('every operator route declares a staff session with one permission of the catalogue, or is a named exception', () => {
    const undeclared = routes.filter((route) => {
      if (route.key in WITHOUT_STAFF_SESSION) return false;
      if (ANY_STAFF.has(route.key)) return !route.schemes.includes('staffSession');
      return (
        !route.schemes.includes('staffSession') ||
        route.permissions.length !== 1 ||
        !(PERMISSIONS as readonly string[]).includes(route.permissions[0]!)
      );
    });
    expect(undeclared.map((route) => route.key)).toEqual([]);
  });

  it('refuses a caller without credentials with 401, before the body is read', async () => {
    const answers = [];
    for (const route of routes.filter((route) => !(route.key in WITHOUT_STAFF_SESSION))) {
      const response = await call(route, {});
      answers.push(`${route.key} ${response.statusCode}`);
    }
    expect(answers).toEqual(answers.map((answer) => answer.replace(/\d+$/, '401')));
  });

  it('refuses every staff member without the route’s permission with 403, before the body is read', async () => {
    const refusals: string[] = [];
    const expected: string[] = [];
    let checked = 0;
    for (const route of routes.filter((route) => route.permissions.length > 0)) {
      const permission = route.permissions[0] as Permission;
      for (const { roles, session } of staff) {
        if ((session.staff.permissions as string[]).includes(permission)) continue;
        const response = await call(route, session.headers);
        // A HEAD answer has no body: its status says it all.
        const code = response.body === '' ? '' : (response.json() as { code: number }).code;
        const who = roles.join('+') || 'no role';
        refusals.push(`${route.key} as ${who}: ${response.statusCode} ${code}`);
        expected.push(`${route.key} as ${who}: 403 ${route.method === 'HEAD' ? '' : ERRORS.FORBIDDEN.code}`);
        checked += 1;
      }
    }
    expect(refusals).toEqual(expected);
    // Each permissioned route at least once (the member without any role lacks them all).
    expect(checked).toBeGreaterThanOrEqual(routes.filter((route) => route.permissions.length > 0).length);
  });

  it('lets a staff member holding the permission through the check (the reads)', async () => {
    const admin = await staffSession(ctx, ['admin']);
    const refused: string[] = [];
    for (const route of routes.filter((route) => route.permissions.length > 0 && route.method === 'GET')) {
      const response = await call(route, admin.headers);
      if (response.statusCode === 401 || response.statusCode === 403) refused.push(route.key);
    }
    expect(refused).toEqual([]);
  });
});
