import type { Language } from '@app/contracts/config';
import type { Kysely } from 'kysely';
import type { InboxMessage, Notice } from '@app/contracts/message';
import { ADMIN_NOTICE_LIST_SIZE, type AdminNotice } from '@app/contracts/back-office-content';
import { maskMobile, NOTICE_TYPE } from '@app/contracts/message-rules';
import type { CountryProfile } from '@app/contracts/country';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import * as repository from './message.repository.ts';

type Db = Kysely<Database>;
type Page<T> = { list: T[]; total: number; page: number; size: number };

const NOTICE_LIMIT = 20;

function toInboxMessage(row: {
  id: number;
  title: string;
  content: string;
  link?: string | null;
  read_at: Date | null;
  created_at: Date;
}): InboxMessage {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    isRead: row.read_at !== null,
    createTime: row.created_at.toISOString(),
    ...(row.link ? { link: row.link } : {}),
  };
}

/** One message to one member; `link`, an app path, is where the message's button leads (the appeal's timeline). */
export async function sendToMember(
  db: Db,
  memberId: number,
  message: { title: string; content: string; link?: string },
): Promise<number> {
  return repository.insertMemberMessage(db, { memberId, ...message });
}

/** The welcome message in each language, the one the player registered in (the app's Accept-Language). */
const WELCOME: Record<Language, (brandName: string) => { title: string; content: string }> = {
  en: (brandName) => ({
    title: `Welcome to ${brandName}`,
    content:
      `Your account is ready. Deposit from the Deposit tab with mobile money, try any game in Demo for ` +
      `free, and find help under Me › FAQ. Play responsibly: you can close your account at any time ` +
      `under Me › Settings.`,
  }),
  fr: (brandName) => ({
    title: `Bienvenue sur ${brandName}`,
    content:
      `Votre compte est prêt. Déposez depuis l’onglet Dépôt avec le mobile money, essayez gratuitement ` +
      `n’importe quel jeu en Démo et trouvez de l’aide sous Moi › FAQ. Jouez de façon responsable : vous ` +
      `pouvez fermer votre compte à tout moment sous Moi › Paramètres.`,
  }),
  pt: (brandName) => ({
    title: `Bem-vindo ao ${brandName}`,
    content:
      `Sua conta está pronta. Deposite pela aba Depositar com dinheiro móvel, experimente qualquer jogo ` +
      `no modo Demo de graça e encontre ajuda em Eu › FAQ. Jogue com responsabilidade: você pode encerrar ` +
      `sua conta a qualquer momento em Eu › Configurações.`,
  }),
  sw: (brandName) => ({
    title: `Karibu ${brandName}`,
    content:
      `Akaunti yako iko tayari. Weka pesa kwa M-PESA kupitia kichupo cha Weka pesa, jaribu mchezo wowote ` +
      `bure kwa Demo, na upate msaada chini ya Mimi › Maswali. Cheza kwa kuwajibika: unaweza kufunga ` +
      `akaunti yako wakati wowote chini ya Mimi › Mipangilio.`,
  }),
};

export function sendWelcome(
  db: Db,
  memberId: number,
  brandName: string,
  language: Language = 'en',
): Promise<number> {
  return sendToMember(db, memberId, WELCOME[language](brandName));
}

/** A page of the member's messages as the inbox shows them. */
function inboxPageOf(
  found: { rows: Parameters<typeof toInboxMessage>[0][]; total: number },
  page: number,
  size: number,
): Page<InboxMessage> {
  return { list: found.rows.map(toInboxMessage), total: found.total, page, size };
}

export async function getInbox(
  db: Db,
  memberId: number,
  page: number,
  size: number,
): Promise<Page<InboxMessage>> {
  return inboxPageOf(await repository.findInboxPage(db, memberId, page, size), page, size);
}

export function countNew(db: Db, memberId: number): Promise<number> {
  return repository.countUnread(db, memberId);
}

export async function readAll(db: Db, memberId: number, ids: number[] | undefined): Promise<void> {
  await repository.markRead(db, memberId, ids);
}

/** Another member's message is answered like a missing one. */
export async function readOne(db: Db, memberId: number, id: number): Promise<void> {
  if (!(await repository.ownsMessage(db, memberId, id))) throw new AppError('NOT_FOUND');
  await repository.markRead(db, memberId, [id]);
}

export async function remove(db: Db, memberId: number, id: number): Promise<void> {
  if ((await repository.softDelete(db, memberId, id)) === 0) throw new AppError('NOT_FOUND');
}

export async function getSystemMessages(
  db: Db,
  memberId: number,
  page: number,
  size: number,
): Promise<Page<InboxMessage>> {
  return inboxPageOf(await repository.findSystemMessagePage(db, memberId, page, size), page, size);
}

export async function readSystemMessage(db: Db, memberId: number, id: number): Promise<void> {
  if (!(await repository.markSystemMessageRead(db, memberId, id))) throw new AppError('NOT_FOUND');
}

/**
 * The ticker's notices: the operators' (type 1) and, where the market allows advertising former winners
 * (`compliance.advertising.showWinners`; off in Kenya, issue 25 §5), the big wins (type 2).
 */
export async function getNotices(db: Db, market: Pick<CountryProfile, 'compliance'>): Promise<Notice[]> {
  const rows = await repository.findActiveNotices(db, NOTICE_LIMIT, {
    winners: market.compliance.advertising.showWinners,
  });
  return rows.map((row) => {
    const notice: Notice = { id: row.id, type: row.type === 2 ? 2 : 1, message: row.message };
    if (row.mobile !== null) notice.mobile = maskMobile(row.mobile);
    if (row.amount !== null) notice.amount = Number(row.amount);
    return notice;
  });
}

type NoticeRow = Awaited<ReturnType<typeof repository.findLatestNotices>>[number];

function toAdminNotice(row: NoticeRow, now: Date): AdminNotice {
  return {
    id: row.id,
    type: row.type === NOTICE_TYPE.WINNER ? NOTICE_TYPE.WINNER : NOTICE_TYPE.SYSTEM,
    message: row.message,
    mobile: row.mobile === null ? null : maskMobile(row.mobile),
    amount: row.amount === null ? null : Number(row.amount),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    live: row.starts_at <= now && row.ends_at > now,
  };
}

/** The newest notices for the operators' list (issue 26 §5), the ticker's live ones among them. */
export async function listNoticesForOperators(db: Db): Promise<AdminNotice[]> {
  const now = new Date();
  return (await repository.findLatestNotices(db, ADMIN_NOTICE_LIST_SIZE)).map((row) =>
    toAdminNotice(row, now),
  );
}

/** Ends a notice now (1004: none; 5172: already ended), in the caller's transaction: before and after. */
export async function endNotice(db: Db, id: number): Promise<{ before: AdminNotice; after: AdminNotice }> {
  const ended = await repository.endNotice(db, id);
  if (!ended) throw new AppError('NOT_FOUND', 'No notice has this id');
  if (!ended.after) throw new AppError('NOTICE_ENDED');
  // The time of the transaction's own clock: the row's new end is "now" there.
  const now = ended.after.ends_at;
  return { before: toAdminNotice(ended.before, now), after: toAdminNotice(ended.after, now) };
}

export function publishNotice(
  db: Db,
  notice: {
    type: number;
    message: string;
    mobile?: string | undefined;
    amount?: number | undefined;
    hours: number;
  },
): Promise<number> {
  return repository.insertNotice(db, {
    type: notice.type,
    message: notice.message,
    mobile: notice.mobile ?? null,
    amount: notice.amount ?? null,
    hours: notice.hours,
  });
}

export function sendToAll(db: Db, title: string, content: string): Promise<number> {
  return repository.insertMessageForAllMembers(db, title, content);
}

export function publishSystemMessage(db: Db, title: string, content: string): Promise<number> {
  return repository.insertSystemMessage(db, title, content);
}
