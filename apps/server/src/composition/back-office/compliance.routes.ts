import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  COMPLIANCE_PATHS,
  LimitChangeSchema,
  REGISTER_LIMIT,
  RegisterEntrySchema,
  RegisterQuerySchema,
  type LimitChange,
  type RegisterEntry,
} from '@app/contracts/back-office-compliance';
import { MemberIdParamsSchema } from '@app/contracts/limits';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../http/route-schema.ts';
import { listExclusions } from '../../modules/platform/exclusion/exclusion.service.ts';
import { findMember, findMobiles, listBreaks } from '../../modules/platform/member/member.service.ts';
import { appendAudit } from '../../modules/platform/staff/audit.service.ts';
import { actorOf } from '../../modules/platform/staff/staff-auth.ts';
import { listStaff } from '../../modules/platform/staff/staff.service.ts';
import { listLimitChanges } from '../../modules/platform/wallet/player-limits.service.ts';

/** The most limit changes one read answers (a player changes limits a few times a year). */
const LIMIT_CHANGES_LIMIT = 500;

/** A phone typed with its plus or spaces is recorded as E.164 digits (exclusion.service phoneIdentity). */
function recordedIdentity(typed: string): string {
  return /^\+?[\d\s]+$/.test(typed) ? typed.replace(/\D/g, '') : typed;
}

/**
 * The back office's identity and responsible-gambling reads (issue 26 §4), mounted under /api: the
 * register of self-exclusions and time-outs (from the exclusion and member modules) and a player's limit
 * changes (from the wallet's `player_limit_change`). Both are identity data, so each read is an audit
 * entry written before the answer leaves: who looked, at what.
 */
export async function backOfficeComplianceRoutes(
  app: FastifyInstance,
  { db }: { db: Kysely<Database> },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    COMPLIANCE_PATHS.register,
    staffRoute(
      'players.read',
      'Self-exclusions and time-outs, newest first: since, until, and what each exclusion matches (the read is audited)',
      { querystring: RegisterQuerySchema, response: apiResponses(z.array(RegisterEntrySchema)) },
    ),
    async (request) => {
      const { kind, state, memberId, identity } = request.query;
      const filter = { inForce: state === 'in-force', memberId, limit: REGISTER_LIMIT };
      const recorded = identity === undefined ? undefined : recordedIdentity(identity);
      // A time-out covers the account alone: filtered by an identity, only exclusions can match.
      const [exclusions, breaks] = await Promise.all([
        kind === 'time-out' ? [] : listExclusions(db, { ...filter, identity: recorded }),
        kind === 'self-exclusion' || recorded !== undefined ? [] : listBreaks(db, filter),
      ]);
      const mobiles = await findMobiles(
        { db },
        [...exclusions, ...breaks].map((row) => row.memberId),
      );
      // What an exclusion and a time-out both say: whose, since and until when, whether in force.
      const entryOf = (row: (typeof exclusions)[number] | (typeof breaks)[number]) => ({
        id: row.id,
        memberId: row.memberId,
        mobile: mobiles.get(row.memberId) ?? null,
        since: row.startsAt.toISOString(),
        until: row.endsAt?.toISOString() ?? null,
        inForce: row.inForce,
      });
      const entries: RegisterEntry[] = [
        ...exclusions.map((row) => ({
          ...entryOf(row),
          kind: 'self-exclusion' as const,
          months: row.months,
          identities: row.identities,
        })),
        ...breaks.map((row) => ({
          ...entryOf(row),
          kind: 'time-out' as const,
          months: null,
          identities: [],
        })),
      ]
        .sort((a, b) => b.since.localeCompare(a.since))
        .slice(0, REGISTER_LIMIT);
      await appendAudit(db, actorOf(request), {
        action: 'register.read',
        after: { filter: request.query, count: entries.length },
      });
      return ok(entries);
    },
  );

  routes.get(
    COMPLIANCE_PATHS.limitChanges,
    staffRoute(
      'players.read',
      'Every change of a player’s limits, newest first: by whom, before and after, when it takes effect (the read is audited)',
      { params: MemberIdParamsSchema, response: apiResponses(z.array(LimitChangeSchema)) },
    ),
    async (request) => {
      const { id } = request.params;
      if (!(await findMember(db, id))) throw new AppError('NOT_FOUND');
      const [changes, staff] = await Promise.all([
        listLimitChanges(db, id, LIMIT_CHANGES_LIMIT),
        listStaff(db),
      ]);
      const logins = new Map(staff.map((member) => [member.id, member.login]));
      const history: LimitChange[] = changes.map((change) => ({
        id: change.id,
        name: change.name,
        from: change.from,
        to: change.to,
        requestedAt: change.requestedAt.toISOString(),
        appliesAt: change.appliesAt.toISOString(),
        by: change.staffId === null ? 'player' : 'operator',
        staffId: change.staffId,
        staffLogin: change.staffId === null ? null : (logins.get(change.staffId) ?? null),
        reason: change.reason,
      }));
      await appendAudit(db, actorOf(request), { action: 'player.limits.history', target: `member:${id}` });
      return ok(history);
    },
  );
}
