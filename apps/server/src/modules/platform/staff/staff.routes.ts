import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import {
  AuditPageSchema,
  AuditQuerySchema,
  AuditVerificationSchema,
  BootstrapStaffRequestSchema,
  ChangeStaffPasswordRequestSchema,
  CreatedStaffSchema,
  CreateStaffRequestSchema,
  EnrolTotpRequestSchema,
  SetStaffRolesRequestSchema,
  RolePermissionsSchema,
  StaffIdParamsSchema,
  StaffListEntrySchema,
  StaffLoginRequestSchema,
  StaffReasonRequestSchema,
  StaffCookieLoginSchema,
  STAFF_CSRF_COOKIE,
  STAFF_SESSION_COOKIE,
  StaffLoginSchema,
  StaffSchema,
  TotpEnrolmentSchema,
} from '@app/contracts/staff';
import { ok } from '../../../http/envelope.ts';
import { requires, requiresStaff } from '../../../http/auth.ts';
import { apiResponses, openRoute, staffRoute } from '../../../http/route-schema.ts';
import { listAudit, verifyAuditChain } from './audit.service.ts';
import { actorOf, staffOf } from './staff-auth.ts';
import * as staff from './staff.service.ts';

/** Staff login, staff management and the audit log (docs/api.md "Operators"). Mounted under /api. */
export async function staffRoutes(
  app: FastifyInstance,
  { deps, secureCookies = false }: { deps: staff.StaffDeps; secureCookies?: boolean },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['operator'];
  // The session cookie goes only to the API's operator routes; the CSRF cookie only to the back office's
  // pages, whose script reads it after a reload. Both end with the session's absolute expiry.
  const sessionCookie = {
    path: `${API_BASE}/admin`,
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies,
  } as const;
  const csrfCookie = { path: '/admin', httpOnly: false, sameSite: 'strict', secure: secureCookies } as const;

  routes.post(
    ADMIN_PATHS.bootstrapStaff,
    {
      schema: {
        security: requires('bootstrapToken'),
        tags,
        summary: 'The first staff account (role admin), with ADMIN_TOKEN; refused once any staff exists',
        body: BootstrapStaffRequestSchema,
        response: apiResponses(StaffSchema),
      },
    },
    async (request) => ok(await staff.bootstrapStaff(db, request.body, String(request.id))),
  );

  routes.post(
    ADMIN_PATHS.enrolTotp,
    openRoute(
      tags,
      'Set up the authenticator app with the staff password: the TOTP secret and its otpauth:// URI (until a first login confirms it)',
      { body: EnrolTotpRequestSchema, response: apiResponses(TotpEnrolmentSchema) },
    ),
    async (request) => ok(await staff.enrolTotp(deps, request.body, String(request.id))),
  );

  routes.post(
    ADMIN_PATHS.login,
    openRoute(tags, 'Staff login with password and the authenticator app’s code: a session token', {
      body: StaffLoginRequestSchema,
      response: apiResponses(StaffLoginSchema),
    }),
    async (request) =>
      ok(await staff.loginStaff(deps, request.body, { ip: request.ip, requestId: String(request.id) })),
  );

  routes.post(
    ADMIN_PATHS.cookieLogin,
    openRoute(
      tags,
      'The back office’s staff login (password and code): the session in an HttpOnly cookie, and the CSRF token for writes',
      { body: StaffLoginRequestSchema, response: apiResponses(StaffCookieLoginSchema) },
    ),
    async (request, reply) => {
      const { token, ...session } = await staff.loginStaff(deps, request.body, {
        ip: request.ip,
        requestId: String(request.id),
      });
      const maxAge = Math.floor(staff.STAFF_ABSOLUTE_MS / 1000);
      const csrfToken = staff.csrfTokenOf(token);
      void reply.setCookie(STAFF_SESSION_COOKIE, token, { ...sessionCookie, maxAge });
      void reply.setCookie(STAFF_CSRF_COOKIE, csrfToken, { ...csrfCookie, maxAge });
      return ok({ ...session, csrfToken });
    },
  );

  routes.post(
    ADMIN_PATHS.logout,
    {
      schema: {
        security: requiresStaff(),
        tags,
        summary: 'End the caller’s staff session',
        response: apiResponses(z.null()),
      },
    },
    async (request, reply) => {
      await staff.logoutStaff(db, staffOf(request));
      void reply.clearCookie(STAFF_SESSION_COOKIE, sessionCookie);
      void reply.clearCookie(STAFF_CSRF_COOKIE, csrfCookie);
      return ok(null);
    },
  );

  routes.get(
    ADMIN_PATHS.me,
    {
      schema: {
        security: requiresStaff(),
        tags,
        summary: 'The caller: staff account, roles and permissions',
        response: apiResponses(StaffSchema),
      },
    },
    async (request) => ok(await staff.getStaff(db, staffOf(request).id)),
  );

  routes.post(
    ADMIN_PATHS.changePassword,
    {
      schema: {
        security: requiresStaff(),
        tags,
        summary: 'Change the caller’s own password; their other sessions end',
        body: ChangeStaffPasswordRequestSchema,
        response: apiResponses(z.null()),
      },
    },
    async (request) => {
      await staff.changeStaffPassword(db, staffOf(request), request.body, String(request.id));
      return ok(null);
    },
  );

  routes.get(
    ADMIN_PATHS.staff,
    staffRoute('staff.manage', 'Every staff account, with their latest login', {
      response: apiResponses(z.array(StaffListEntrySchema)),
    }),
    async () => ok(await staff.listStaff(db)),
  );

  routes.get(
    ADMIN_PATHS.staffRolePermissions,
    staffRoute('staff.manage', 'Which role grants which permission (the table the server checks)', {
      response: apiResponses(RolePermissionsSchema),
    }),
    async () => ok(staff.rolePermissions()),
  );

  routes.post(
    ADMIN_PATHS.staff,
    staffRoute(
      'staff.manage',
      'A new staff account with roles, and its authenticator secret (shown this once; their first login confirms it)',
      { body: CreateStaffRequestSchema, response: apiResponses(CreatedStaffSchema) },
    ),
    async (request) => ok(await staff.createStaff(deps, actorOf(request), request.body)),
  );

  routes.post(
    ADMIN_PATHS.staffRoles,
    staffRoute('staff.manage', 'Set a staff member’s roles (effective on their next call)', {
      params: StaffIdParamsSchema,
      body: SetStaffRolesRequestSchema,
      response: apiResponses(StaffSchema),
    }),
    async (request) =>
      ok(await staff.setStaffRoles(db, actorOf(request), request.params.id, request.body.roles)),
  );

  routes.post(
    ADMIN_PATHS.staffDisable,
    staffRoute('staff.manage', 'Disable a staff member, with a reason: their sessions end at once', {
      params: StaffIdParamsSchema,
      body: StaffReasonRequestSchema,
      response: apiResponses(StaffSchema),
    }),
    async (request) =>
      ok(await staff.disableStaff(db, actorOf(request), request.params.id, request.body.reason)),
  );

  routes.post(
    ADMIN_PATHS.staffEnable,
    staffRoute('staff.manage', 'Enable a disabled staff member again (and lift a lock), with a reason', {
      params: StaffIdParamsSchema,
      body: StaffReasonRequestSchema,
      response: apiResponses(StaffSchema),
    }),
    async (request) =>
      ok(await staff.enableStaff(db, actorOf(request), request.params.id, request.body.reason)),
  );

  routes.post(
    ADMIN_PATHS.staffResetTotp,
    staffRoute(
      'staff.manage',
      'Forget a staff member’s authenticator (lost phone): sessions end, they enrol again',
      { params: StaffIdParamsSchema, response: apiResponses(StaffSchema) },
    ),
    async (request) => ok(await staff.resetStaffTotp(db, actorOf(request), request.params.id)),
  );

  routes.get(
    ADMIN_PATHS.audit,
    staffRoute(
      'audit.read',
      'The audit log of operator writes, newest first, by who, action, target and period',
      {
        querystring: AuditQuerySchema,
        response: apiResponses(AuditPageSchema),
      },
    ),
    async (request) => ok(await listAudit(db, request.query)),
  );

  routes.get(
    ADMIN_PATHS.auditVerify,
    staffRoute(
      'audit.read',
      'Walk the audit log’s hash chain: where an entry was edited or deleted, if anywhere',
      { response: apiResponses(AuditVerificationSchema) },
    ),
    async () => ok(await verifyAuditChain(db)),
  );
}
