import { NOTICE_TYPE } from '@app/contracts/message-rules';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { activeMemberIdsQuery } from '../../platform/member/member.service.ts';

type Db = Kysely<Database>;

export async function insertMemberMessage(
  db: Db,
  message: { memberId: number; title: string; content: string; link?: string },
): Promise<number> {
  const row = await db
    .insertInto('member_message')
    .values({
      member_id: message.memberId,
      title: message.title,
      content: message.content,
      link: message.link ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One message per active member (the member module's query of them), in one statement. */
export async function insertMessageForAllMembers(db: Db, title: string, content: string): Promise<number> {
  const result = await db
    .insertInto('member_message')
    .columns(['member_id', 'title', 'content'])
    .expression((eb) =>
      eb
        .selectFrom(activeMemberIdsQuery(db).as('m'))
        .select(['m.id', sql<string>`${title}`.as('title'), sql<string>`${content}`.as('content')]),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function findInboxPage(db: Db, memberId: number, page: number, size: number) {
  const visible = db
    .selectFrom('member_message')
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null);
  const [rows, total] = await Promise.all([
    visible
      .select(['id', 'title', 'content', 'link', 'read_at', 'created_at'])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    visible.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

export async function countUnread(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('member_message')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Marks the member's own messages read; ids of other members' messages match nothing. */
export async function markRead(db: Db, memberId: number, ids: number[] | undefined): Promise<number> {
  let query = db
    .updateTable('member_message')
    .set({ read_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return 0;
    query = query.where('id', 'in', ids);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function ownsMessage(db: Db, memberId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('member_message')
    .select('id')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function softDelete(db: Db, memberId: number, id: number): Promise<number> {
  const result = await db
    .updateTable('member_message')
    .set({ deleted_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findSystemMessagePage(db: Db, memberId: number, page: number, size: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('system_message')
      .leftJoin('system_message_read', (join) =>
        join
          .onRef('system_message_read.system_message_id', '=', 'system_message.id')
          .on('system_message_read.member_id', '=', memberId),
      )
      .select([
        'system_message.id',
        'system_message.title',
        'system_message.content',
        'system_message.created_at',
        'system_message_read.read_at',
      ])
      .orderBy('system_message.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('system_message')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

export async function markSystemMessageRead(db: Db, memberId: number, id: number): Promise<boolean> {
  const exists = await db.selectFrom('system_message').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) return false;
  await db
    .insertInto('system_message_read')
    .values({ system_message_id: id, member_id: memberId })
    .onConflict((conflict) => conflict.columns(['system_message_id', 'member_id']).doNothing())
    .execute();
  return true;
}

export async function insertSystemMessage(db: Db, title: string, content: string): Promise<number> {
  const row = await db
    .insertInto('system_message')
    .values({ title, content })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findActiveNotices(db: Db, limit: number, include: { winners: boolean }) {
  return db
    .selectFrom('notice')
    .select(['id', 'type', 'message', 'mobile', 'amount'])
    .where('starts_at', '<=', sql<Date>`now()`)
    .where('ends_at', '>', sql<Date>`now()`)
    .$if(!include.winners, (query) => query.where('type', '<>', NOTICE_TYPE.WINNER))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest notices, live or ended, for the operators' list. */
export function findLatestNotices(db: Db, limit: number) {
  return db
    .selectFrom('notice')
    .select(['id', 'type', 'message', 'mobile', 'amount', 'starts_at', 'ends_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Ends a notice now, unless it has ended already: the row before and after, or undefined when none. */
export async function endNotice(db: Db, id: number) {
  const before = await db
    .selectFrom('notice')
    .select(['id', 'type', 'message', 'mobile', 'amount', 'starts_at', 'ends_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const after = await db
    .updateTable('notice')
    .set({ ends_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('ends_at', '>', sql<Date>`now()`)
    .returning(['id', 'type', 'message', 'mobile', 'amount', 'starts_at', 'ends_at'])
    .executeTakeFirst();
  return { before, after };
}

export async function insertNotice(
  db: Db,
  notice: { type: number; message: string; mobile: string | null; amount: number | null; hours: number },
): Promise<number> {
  const row = await db
    .insertInto('notice')
    .values({
      type: notice.type,
      message: notice.message,
      mobile: notice.mobile,
      amount: notice.amount,
      ends_at: sql<Date>`now() + make_interval(hours => ${notice.hours})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
