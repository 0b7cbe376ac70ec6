import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z as zod } from 'zod';
import {
  ADMIN_PLAYER_PATHS,
  AddPlayerNoteBodySchema,
  PlayerAccountSchema,
  PlayerActionBodySchema,
  PlayerAuditPageSchema,
  PlayerBonusesPageSchema,
  PlayerLedgerPageSchema,
  PlayerNotesSchema,
  PlayerPanelParamsSchema,
  PlayerPanelQuerySchema,
  PlayerRoundsPageSchema,
  PlayerSessionsPageSchema,
  PlayerTimeOutBodySchema,
  SetPlayerTagsBodySchema,
  type PlayerAccount,
  type PlayerPanel,
  type PlayerPanelQuery,
} from '@app/contracts/back-office-players';
import type { CountryProfile } from '@app/contracts/country';
import { MemberIdParamsSchema } from '@app/contracts/limits';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { apiResponses, staffRoute } from '../../http/route-schema.ts';
import { getRecords as getGameRecords } from '../../modules/games/catalogue/games.service.ts';
import { toMyBonus } from '../../modules/promotions/bonus/my-bonus-view.ts';
import {
  addPlayerNote,
  disableMember,
  enableMember,
  endAllSessions,
  forceTimeOut,
  memberSessionsPage,
  playerAccount,
  playerNotes,
  setPlayerTags,
} from '../../modules/platform/member/member-care.ts';
import { findMember } from '../../modules/platform/member/member.service.ts';
import { appendAudit, auditedWrite, listAudit } from '../../modules/platform/staff/audit.service.ts';
import { actorOf } from '../../modules/platform/staff/staff-auth.ts';
import { listGrants } from '../../modules/platform/wallet/bonus-pocket.ts';
import { getTransactionRecords } from '../../modules/platform/wallet/wallet.service.ts';

/** The language of game names in the rounds panel: the operator reads English (as the first view). */
const OPERATOR_LANGUAGE = 'en';

const PanelPageSchema = zod.union([
  PlayerLedgerPageSchema,
  PlayerRoundsPageSchema,
  PlayerBonusesPageSchema,
  PlayerSessionsPageSchema,
  PlayerAuditPageSchema,
]);

/**
 * The player 360 view completed (issue 26 §2; docs/back-office.md), mounted under /api beside
 * players.routes.ts: its paged panels (each read audited as a `player.view` of that panel), the account's
 * state, notes and tags, and the actions with a reason, each written in one transaction with its audit
 * entry (before and after). The permission of each route is checked before its body is read; an unknown
 * player is NOT_FOUND. Nothing secret is shown or sent: no token, password, PIN or code.
 */
export async function backOfficePlayerCareRoutes(
  app: FastifyInstance,
  { db, country }: { db: Kysely<Database>; country: CountryProfile },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const target = (id: number) => `member:${id}`;

  async function existing(id: number): Promise<number> {
    if (!(await findMember(db, id))) throw new AppError('NOT_FOUND');
    return id;
  }

  async function readPanel(panel: PlayerPanel, memberId: number, query: PlayerPanelQuery) {
    const { page, size } = query;
    switch (panel) {
      case 'ledger':
        return getTransactionRecords(db, memberId, { page, size });
      case 'rounds':
        return getGameRecords(
          { db },
          memberId,
          'bet',
          { page, size, order: 'desc', gameId: undefined },
          OPERATOR_LANGUAGE,
        );
      case 'bonuses': {
        // A player's grants are few (listGrants answers the newest 100): paged here.
        const grants = (await listGrants(db, memberId)).map(toMyBonus);
        return { list: grants.slice((page - 1) * size, page * size), total: grants.length, page, size };
      }
      case 'sessions':
        return { ...(await memberSessionsPage(db, memberId, query)), page, size };
      case 'audit':
        return listAudit(db, { page, size, target: target(memberId) });
    }
  }

  routes.get(
    ADMIN_PLAYER_PATHS.panel,
    staffRoute(
      'players.read',
      'One panel of a player’s view (ledger, rounds, bonuses, sessions, audit), paged, newest first (audited)',
      {
        params: PlayerPanelParamsSchema,
        querystring: PlayerPanelQuerySchema,
        response: apiResponses(PanelPageSchema),
      },
    ),
    async (request) => {
      const { id, panel } = request.params;
      const memberId = await existing(id);
      const answer = await readPanel(panel, memberId, request.query);
      await appendAudit(db, actorOf(request), {
        action: 'player.view',
        target: target(memberId),
        after: { panel, page: request.query.page },
      });
      return ok(answer);
    },
  );

  routes.get(
    ADMIN_PLAYER_PATHS.account,
    staffRoute(
      'players.read',
      'A player’s account: disabled or not (why), the time-out running, live sessions',
      { params: MemberIdParamsSchema, response: apiResponses(PlayerAccountSchema) },
    ),
    async (request) => ok(await playerAccount(db, await existing(request.params.id))),
  );

  routes.get(
    ADMIN_PLAYER_PATHS.notes,
    staffRoute(
      'players.read',
      'The operators’ notes on a player (newest first) and its tags, each with who and when',
      { params: MemberIdParamsSchema, response: apiResponses(PlayerNotesSchema) },
    ),
    async (request) => ok(await playerNotes(db, await existing(request.params.id))),
  );

  routes.post(
    ADMIN_PLAYER_PATHS.notes,
    staffRoute('players.write', 'Add a note on a player (audited)', {
      params: MemberIdParamsSchema,
      body: AddPlayerNoteBodySchema,
      response: apiResponses(PlayerNotesSchema),
    }),
    async (request) => {
      const memberId = await existing(request.params.id);
      const actor = actorOf(request);
      const { text } = request.body;
      await auditedWrite(db, actor, async (trx) => {
        const noteId = await addPlayerNote(trx, memberId, actor, text);
        return {
          result: noteId,
          record: { action: 'player.note', target: target(memberId), after: { noteId, text } },
        };
      });
      return ok(await playerNotes(db, memberId));
    },
  );

  routes.put(
    ADMIN_PLAYER_PATHS.tags,
    staffRoute(
      'players.write',
      'Set a player’s tags: new ones go on with who and when, missing ones come off (audited)',
      {
        params: MemberIdParamsSchema,
        body: SetPlayerTagsBodySchema,
        response: apiResponses(PlayerNotesSchema),
      },
    ),
    async (request) => {
      const memberId = await existing(request.params.id);
      const actor = actorOf(request);
      await auditedWrite(db, actor, async (trx) => {
        const { before, after } = await setPlayerTags(trx, memberId, actor, request.body.tags);
        return {
          result: after,
          record: {
            action: 'player.tags',
            target: target(memberId),
            before: { tags: before },
            after: { tags: after },
          },
        };
      });
      return ok(await playerNotes(db, memberId));
    },
  );

  /** An action with a reason: the change and its entry (before, after, reason) in one transaction. */
  function action(
    path: string,
    permission: 'players.write' | 'players.disable' | 'players.protect',
    summary: string,
    auditAction: string,
    run: (
      trx: Parameters<Parameters<typeof auditedWrite>[2]>[0],
      memberId: number,
      request: FastifyRequest,
    ) => Promise<{ before: PlayerAccount; after: PlayerAccount }>,
    body: zod.ZodType<{ reason: string }> = PlayerActionBodySchema,
  ) {
    routes.post(
      path,
      staffRoute(permission, summary, {
        params: MemberIdParamsSchema,
        body,
        response: apiResponses(PlayerAccountSchema),
      }),
      async (request) => {
        const memberId = await existing((request.params as { id: number }).id);
        const input = request.body as Record<string, unknown> & { reason: string };
        const result = await auditedWrite(db, actorOf(request), async (trx) => {
          const change = await run(trx, memberId, request);
          return {
            result: change.after,
            record: {
              action: auditAction,
              target: target(memberId),
              before: change.before,
              after: { ...change.after, ...input },
            },
          };
        });
        return ok(result);
      },
    );
  }

  action(
    ADMIN_PLAYER_PATHS.disable,
    'players.disable',
    'Disable a player’s account with a reason: login refused, every session ended (audited)',
    'player.disable',
    (trx, memberId, request) => disableMember(trx, memberId, (request.body as { reason: string }).reason),
  );
  action(
    ADMIN_PLAYER_PATHS.enable,
    'players.disable',
    'Enable a disabled account again, with a reason (audited)',
    'player.enable',
    (trx, memberId) => enableMember(trx, memberId),
  );
  action(
    ADMIN_PLAYER_PATHS.timeOut,
    'players.protect',
    'Force a time-out of some hours (the market’s range) with a reason: every session ends (audited)',
    'player.time-out',
    (trx, memberId, request) =>
      forceTimeOut(trx, country, memberId, (request.body as { hours: number }).hours),
    PlayerTimeOutBodySchema,
  );
  action(
    ADMIN_PLAYER_PATHS.endSessions,
    'players.write',
    'End every login session of a player, with a reason (audited)',
    'player.end-sessions',
    (trx, memberId) => endAllSessions(trx, memberId),
  );
}
