import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MEMBER_SEARCH_LIMIT,
  MemberSearchQuerySchema,
  MemberSearchResultSchema,
  PLAYER_VIEW_RECENT,
  PlayerViewSchema,
  type MemberSummary,
  type PlayerView,
} from '@app/contracts/back-office';
import { MemberIdParamsSchema } from '@app/contracts/limits';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { MemberRow } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../http/route-schema.ts';
import type { PaymentDeps } from '../../modules/payments/channels/payment-deps.ts';
import {
  getDepositRecords,
  membersByDepositReference,
} from '../../modules/payments/deposit/deposit.service.ts';
import {
  records as getWithdrawRecords,
  membersByWithdrawalReference,
} from '../../modules/payments/withdraw/withdraw.service.ts';
import {
  getRecord as getKycRecord,
  searchMembersByIdentity,
} from '../../modules/platform/kyc/kyc.service.ts';
import { findMember, searchMembers } from '../../modules/platform/member/member.service.ts';
import { appendAudit } from '../../modules/platform/staff/audit.service.ts';
import { actorOf } from '../../modules/platform/staff/staff-auth.ts';
import { getPlayerLimits } from '../../modules/platform/wallet/player-limits.service.ts';
import { getBalances } from '../../modules/platform/wallet/wallet.service.ts';

/** The language of the channel names and record messages in a player's view: the operator reads English. */
const OPERATOR_LANGUAGE = 'en';

function toSummary(row: MemberRow): MemberSummary {
  return {
    id: row.id,
    mobile: row.mobile,
    nickName: row.nick_name,
    status: row.status,
    demo: row.demo,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The back office's Players (issue 26 §2), mounted under /api: search and a player's view, composed from
 * the member, wallet, KYC and payment services. Both show identity data, so each answer is an audit entry
 * (`player.search` with the query and who it found, `player.view` with whom): who looked at whom. The
 * entry is written before the answer leaves, so no read goes unrecorded.
 */
export async function backOfficePlayersRoutes(
  app: FastifyInstance,
  { deps }: { deps: PaymentDeps },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, country } = deps;

  routes.get(
    ADMIN_PATHS.members,
    staffRoute(
      'players.read',
      'Players by mobile, id, the start of a nickname or full name, ID number, M-Pesa receipt or transaction number, newest first (the read is audited)',
      { querystring: MemberSearchQuerySchema, response: apiResponses(MemberSearchResultSchema) },
    ),
    async (request) => {
      const { query } = request.query;
      // The other modules' readings of the query, each through its owner: an ID number or name of the
      // KYC form, a deposit's or withdrawal's M-Pesa receipt or number.
      const elsewhere = await Promise.all([
        searchMembersByIdentity(db, query, MEMBER_SEARCH_LIMIT),
        membersByDepositReference(db, query),
        membersByWithdrawalReference(db, query),
      ]);
      const found = (
        await searchMembers(db, country, query, MEMBER_SEARCH_LIMIT, [...new Set(elsewhere.flat())])
      ).map(toSummary);
      await appendAudit(db, actorOf(request), {
        action: 'player.search',
        after: { query, memberIds: found.map((member) => member.id) },
      });
      return ok(found);
    },
  );

  routes.get(
    ADMIN_PATHS.member,
    staffRoute(
      'players.read',
      'A player’s view: profile, balances, KYC, limits, latest deposits and withdrawals (the read is audited)',
      { params: MemberIdParamsSchema, response: apiResponses(PlayerViewSchema) },
    ),
    async (request) => {
      const row = await findMember(db, request.params.id);
      if (!row) throw new AppError('NOT_FOUND');
      const recent = { quantity: PLAYER_VIEW_RECENT };
      const market = {
        timeZone: country.timeZone,
        coolingOffHours: country.compliance.limits.coolingOffHours,
      };
      const [balances, kyc, limits, deposits, withdrawals] = await Promise.all([
        getBalances(db, row.id),
        getKycRecord(db, row.id, country),
        getPlayerLimits(db, market, row.id),
        getDepositRecords(deps, row.id, recent, OPERATOR_LANGUAGE),
        getWithdrawRecords(deps, row.id, recent, OPERATOR_LANGUAGE),
      ]);
      const view: PlayerView = { member: toSummary(row), balances, kyc, limits, deposits, withdrawals };
      await appendAudit(db, actorOf(request), { action: 'player.view', target: `member:${row.id}` });
      return ok(view);
    },
  );
}
