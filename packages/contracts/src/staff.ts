import { z as zod } from 'zod';
import { InstantSchema } from './calendar-day.ts';
import { wholeNumber } from './whole-number.ts';
import { pageSchema } from './envelope.ts';

/**
 * Operators as people (issue 13 §6; docs/api.md "Operators"): staff accounts with a password and a TOTP
 * second factor, roles that grant permissions, and the audit log of every operator write. Permissions are
 * checked on the server, per route, before the body is read.
 */

export const PERMISSIONS = [
  'staff.manage',
  'payments.read',
  'payments.decide',
  'messages.send',
  'appeals.read',
  'appeals.answer',
  'reports.read',
  'audit.read',
  'jobs.read',
  'promotions.read',
  'promotions.write',
  /** Find players and open their view (identity data: each read is audited). */
  'players.read',
  /** Lower a player's responsible-gambling limits (never raise them). */
  'players.protect',
  /** Notes and tags on a player; end a player's sessions (issue 26 §2, audited). */
  'players.write',
  /** Disable a player's account and enable it again (issue 26 §2, audited). */
  'players.disable',
  'kyc.read',
  'kyc.decide',
  /** Approve or reject a withdrawal held for approval (issue 26 §3), with a fresh authenticator code. */
  'withdrawals.approve',
  /** Read and change the system options, the withdrawal approval amounts (6003) included. */
  'options.write',
  /** Ask for a manual credit or debit of a player's balance (maker), and read the requests. */
  'adjustments.request',
  /** Approve or reject another staff member's manual adjustment (checker), with a fresh authenticator code. */
  'adjustments.approve',
  /** Edit the adverts, menu entries and FAQ entries players' apps show (issue 26 §5, audited). */
  'content.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['admin', 'payments', 'support', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do. `admin` may do everything; the others are the desks of a small operator team:
 * payments decides held money, support answers players, viewer reads.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  payments: [
    'payments.read',
    'players.read',
    'payments.decide',
    'withdrawals.approve',
    'adjustments.request',
    'adjustments.approve',
    'appeals.read',
    'reports.read',
    'jobs.read',
    'promotions.read',
  ],
  support: [
    'messages.send',
    'appeals.read',
    'appeals.answer',
    'payments.read',
    'kyc.read',
    'kyc.decide',
    'players.read',
    'players.protect',
    'players.write',
  ],
  viewer: ['payments.read', 'appeals.read', 'reports.read', 'jobs.read', 'promotions.read', 'kyc.read'],
};

/** The permissions a set of roles grants, sorted, without repeats. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) {
    for (const permission of ROLE_PERMISSIONS[role as Role] ?? []) granted.add(permission);
  }
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;
/** A TOTP code: 6 digits (RFC 6238 with the authenticator apps' defaults: SHA-1, 30 s). */
export const TotpCodeSchema = zod.string().regex(/^\d{6}$/, 'Must be the 6 digits of the authenticator app');

const LoginSchema = zod
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, 'Must be 3 to 40 letters, digits, dots, dashes or underscores');
// Length is checked by the service (its own error code), so a short password is not a generic 1001.
const PasswordSchema = zod.string().max(1024);
const RolesSchema = zod.array(zod.enum(ROLES)).max(ROLES.length);

export const StaffSchema = zod.object({
  id: zod.number().int(),
  login: zod.string(),
  email: zod.string().nullable(),
  displayName: zod.string(),
  roles: zod.array(zod.string()),
  permissions: zod.array(zod.string()),
  totpEnrolled: zod.boolean(),
  disabled: zod.boolean(),
  /** ISO 8601. */
  createdAt: zod.string(),
});
export type Staff = zod.infer<typeof StaffSchema>;

/** The first staff account, made with ADMIN_TOKEN while no staff exists; it gets the admin role. */
export const BootstrapStaffRequestSchema = zod.object({
  login: LoginSchema,
  email: zod.email().max(200).optional(),
  displayName: zod.string().trim().max(80).optional(),
  password: PasswordSchema,
});

export const CreateStaffRequestSchema = BootstrapStaffRequestSchema.extend({
  roles: RolesSchema.min(1),
});

export const SetStaffRolesRequestSchema = zod.object({ roles: RolesSchema });

/** The reason an operator gives for an action on a person (a staff member, a player): the audit log keeps it. */
export const OperatorReasonSchema = zod.string().trim().min(3).max(500);

/** Disabling or enabling a staff member: why (issue 26 §7). */
export const StaffReasonRequestSchema = zod.object({ reason: OperatorReasonSchema });

/** A staff member in the staff list: the account and when they last logged in. */
export const StaffListEntrySchema = StaffSchema.extend({
  /** ISO 8601 of their latest login (password and code), null before the first. */
  lastLoginAt: zod.string().nullable(),
});
export type StaffListEntry = zod.infer<typeof StaffListEntrySchema>;

/** Which role grants which permission, as the server checks them (the back office's matrix reads this). */
export const RolePermissionsSchema = zod.object({
  permissions: zod.array(zod.string()),
  roles: zod.array(zod.object({ role: zod.string(), permissions: zod.array(zod.string()) })),
});
export type RolePermissions = zod.infer<typeof RolePermissionsSchema>;

export const StaffIdParamsSchema = zod.object({
  id: wholeNumber(1, 2 ** 31 - 1),
});

/** Enrolment: the staff member's own password; answers the secret to put into the authenticator app. */
export const EnrolTotpRequestSchema = zod.object({ login: LoginSchema, password: PasswordSchema });
export const TotpEnrolmentSchema = zod.object({
  /** Base32, for typing into the app by hand. */
  secret: zod.string(),
  /** otpauth://totp/… for a QR code. */
  uri: zod.string(),
});

/**
 * A new staff account and its authenticator secret, pending until their first login confirms it. This answer
 * is the only place the secret is ever shown: the administrator hands it over with the password.
 */
export const CreatedStaffSchema = StaffSchema.extend({
  totpEnrolment: TotpEnrolmentSchema,
});
export type CreatedStaff = zod.infer<typeof CreatedStaffSchema>;

export const StaffLoginRequestSchema = zod.object({
  login: LoginSchema,
  password: PasswordSchema,
  code: TotpCodeSchema,
});
export const StaffLoginSchema = zod.object({
  /** Sent as `Authorization: Bearer <token>` on every operator call. */
  token: zod.string(),
  /** ISO 8601: the session's absolute end; it also ends after the idle timeout without a call. */
  expiresAt: zod.string(),
  idleMinutes: zod.number().int(),
  staff: StaffSchema,
});

/** The back office's cookie login (`ADMIN_PATHS.cookieLogin`): the token is only in the HttpOnly cookie. */
export const StaffCookieLoginSchema = StaffLoginSchema.omit({ token: true }).extend({
  /** Sent back in the `x-csrf-token` header on every write; also in the readable `staff_csrf` cookie. */
  csrfToken: zod.string(),
});

/** The cookies of a back-office session and the header that proves a write comes from the back office. */
export const STAFF_SESSION_COOKIE = 'staff_session';
export const STAFF_CSRF_COOKIE = 'staff_csrf';
export const STAFF_CSRF_HEADER = 'x-csrf-token';

/** A staff member's own password change; their other sessions end. */
export const ChangeStaffPasswordRequestSchema = zod.object({
  oldPassword: PasswordSchema,
  newPassword: PasswordSchema,
});

export const AuditEntrySchema = zod.object({
  id: zod.number().int(),
  at: zod.string(),
  staffId: zod.number().int().nullable(),
  staffLogin: zod.string(),
  action: zod.string(),
  target: zod.string().nullable(),
  before: zod.unknown(),
  after: zod.unknown(),
  requestId: zod.string().nullable(),
  prevHash: zod.string(),
  hash: zod.string(),
});
export type AuditEntry = zod.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = zod
  .object({
    page: wholeNumber(1, 100_000).default(1),
    size: wholeNumber(1, 100).default(50),
    staffId: wholeNumber(1, 2 ** 31 - 1).optional(),
    /** Who acted, by the login the entry keeps (`ADMIN_TOKEN` for the bootstrap). */
    staffLogin: zod
      .string()
      .regex(/^[A-Za-z0-9._-]{1,40}$/)
      .optional(),
    action: zod
      .string()
      .regex(/^[a-z0-9.-]{1,60}$/)
      .optional(),
    /** What it was done to, `kind:id` (`member:12`, `staff:3`, `withdrawal:40`). */
    target: zod
      .string()
      .regex(/^[a-z0-9-]{1,30}:[A-Za-z0-9:._-]{1,60}$/)
      .optional(),
    /** The period, ISO 8601 instants: entries at or after `from`, before `to`. */
    from: InstantSchema.optional(),
    to: InstantSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export const AuditPageSchema = pageSchema(AuditEntrySchema);

export const AuditVerificationSchema = zod.object({
  ok: zod.boolean(),
  entries: zod.number().int(),
  /** The first entry that does not follow from the one before (edited, or one before it deleted). */
  brokenAt: zod.number().int().nullable(),
  reason: zod.string().nullable(),
});
export type AuditVerification = zod.infer<typeof AuditVerificationSchema>;
export type AuditPage = zod.infer<typeof AuditPageSchema>;
