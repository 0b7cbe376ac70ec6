import type { CountryProfile } from '@app/contracts/country';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { pageSchema } from '@app/contracts/envelope';
import {
  BatchReadRequestSchema,
  InboxMessageSchema,
  MessageIdSchema,
  MessagePageQuerySchema,
  NewMessageCountSchema,
  NoticeSchema,
  PublishNoticeRequestSchema,
  SendMessageRequestSchema,
} from '@app/contracts/message';
import { AdminNoticeSchema, NoticeIdParamsSchema } from '@app/contracts/back-office-content';
import { ADMIN_PATHS, MESSAGE_PATHS } from '@app/contracts/paths';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, staffRoute } from '../../../http/route-schema.ts';
import { findActiveMemberId } from '../../platform/member/member.service.ts';
import * as messages from './message.service.ts';
import { sessionOf } from '../../../http/auth.ts';
import { auditedWrite } from '../../platform/staff/audit.service.ts';
import { actorOf } from '../../platform/staff/staff-auth.ts';

type Options = { db: Kysely<Database>; country: CountryProfile };

/** Inbox, system messages and notices (spec §7), mounted under /api. */
export async function messageRoutes(app: FastifyInstance, { db, country }: Options): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];
  const memberId = (request: FastifyRequest) => sessionOf(request).member.id;

  routes.get(
    MESSAGE_PATHS.inbox,
    memberRoute(tags, 'The caller’s inbox, newest first', {
      querystring: MessagePageQuerySchema,
      response: apiResponses(pageSchema(InboxMessageSchema)),
    }),
    async (request) =>
      ok(await messages.getInbox(db, memberId(request), request.query.page, request.query.size)),
  );

  routes.get(
    MESSAGE_PATHS.newCount,
    memberRoute(tags, 'Unread messages in the caller’s inbox', {
      response: apiResponses(NewMessageCountSchema),
    }),
    async (request) => ok({ total: await messages.countNew(db, memberId(request)) }),
  );

  routes.post(
    MESSAGE_PATHS.batchRead,
    memberRoute(tags, 'Mark messages read (the given ids, or all)', {
      body: z.preprocess((body) => body ?? {}, BatchReadRequestSchema),
      response: apiResponses(z.null()),
    }),
    async (request) => {
      await messages.readAll(db, memberId(request), request.body.ids);
      return ok(null);
    },
  );

  routes.post(
    MESSAGE_PATHS.singleRead,
    memberRoute(tags, 'Mark one message read', { body: MessageIdSchema, response: apiResponses(z.null()) }),
    async (request) => {
      await messages.readOne(db, memberId(request), request.body.id);
      return ok(null);
    },
  );

  routes.get(
    MESSAGE_PATHS.remove,
    memberRoute(tags, 'Delete one message', {
      querystring: MessageIdSchema,
      response: apiResponses(z.null()),
    }),
    async (request) => {
      await messages.remove(db, memberId(request), request.query.id);
      return ok(null);
    },
  );

  routes.get(
    MESSAGE_PATHS.notices,
    memberRoute(tags, 'Current notices: system (type 1) and winners (type 2)', {
      response: apiResponses(z.array(NoticeSchema)),
    }),
    async (request) => {
      memberId(request);
      return ok(await messages.getNotices(db, country));
    },
  );

  routes.get(
    MESSAGE_PATHS.systemMessages,
    memberRoute(tags, 'System messages for every member, with the caller’s read state', {
      querystring: MessagePageQuerySchema,
      response: apiResponses(pageSchema(InboxMessageSchema)),
    }),
    async (request) =>
      ok(await messages.getSystemMessages(db, memberId(request), request.query.page, request.query.size)),
  );

  routes.post(
    MESSAGE_PATHS.systemSingleRead,
    memberRoute(tags, 'Mark one system message read', {
      body: MessageIdSchema,
      response: apiResponses(z.null()),
    }),
    async (request) => {
      await messages.readSystemMessage(db, memberId(request), request.body.id);
      return ok(null);
    },
  );

  // Operators: staff sessions with the messages.send permission; each send is audited in its transaction.

  routes.post(
    ADMIN_PATHS.sendMessage,
    staffRoute(
      'messages.send',
      'Send an inbox message to a member (by mobile), to all, or as a system message',
      { body: SendMessageRequestSchema, response: apiResponses(z.object({ sent: z.number().int() })) },
    ),
    async (request) => {
      const { to, title, content } = request.body;
      const member = to === 'all' || to === 'system' ? undefined : await findActiveMemberId({ db }, to);
      if (to !== 'all' && to !== 'system' && member === undefined) {
        throw new AppError('NOT_FOUND', 'No active member has this mobile');
      }
      const sent = await auditedWrite(db, actorOf(request), async (trx) => {
        let count = 1;
        if (to === 'all') count = await messages.sendToAll(trx, title, content);
        else if (to === 'system') await messages.publishSystemMessage(trx, title, content);
        else await messages.sendToMember(trx, member as number, { title, content });
        return {
          result: count,
          record: {
            action: 'message.send',
            target: to === 'all' || to === 'system' ? to : `member:${member}`,
            after: { title, content, sent: count },
          },
        };
      });
      return ok({ sent });
    },
  );

  routes.post(
    ADMIN_PATHS.publishNotice,
    staffRoute('messages.send', 'Publish a notice for the home ticker', {
      body: PublishNoticeRequestSchema,
      response: apiResponses(z.object({ id: z.number().int() })),
    }),
    async (request) => {
      const id = await auditedWrite(db, actorOf(request), async (trx) => {
        const noticeId = await messages.publishNotice(trx, request.body);
        return {
          result: noticeId,
          record: { action: 'notice.publish', target: `notice:${noticeId}`, after: request.body },
        };
      });
      return ok({ id });
    },
  );

  routes.get(
    ADMIN_PATHS.publishNotice,
    staffRoute('messages.send', 'The newest notices, live or ended (winners’ mobiles masked)', {
      response: apiResponses(z.array(AdminNoticeSchema)),
    }),
    async () => ok(await messages.listNoticesForOperators(db)),
  );

  routes.post(
    ADMIN_PATHS.noticeEnd,
    staffRoute(
      'messages.send',
      'End a notice now: the ticker stops showing it (audited with before and after)',
      {
        params: NoticeIdParamsSchema,
        response: apiResponses(AdminNoticeSchema),
      },
    ),
    async (request) => {
      const { id } = request.params;
      const ended = await auditedWrite(db, actorOf(request), async (trx) => {
        const { before, after } = await messages.endNotice(trx, id);
        return {
          result: after,
          record: {
            action: 'notice.end',
            target: `notice:${id}`,
            before: { endsAt: before.endsAt, live: before.live },
            after: { endsAt: after.endsAt, live: after.live },
          },
        };
      });
      return ok(ended);
    },
  );
}
