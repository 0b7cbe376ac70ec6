import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type {
  AdminAdvert,
  AdminFaqEntry,
  AdminMenuEntry,
  AdvertChange,
  FaqEntryChange,
  MenuEntryChange,
} from '@app/contracts/back-office-content';
import type { AdvertRow, CfFaqRow, CfMenuRow, Database, Translations } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { TAX_FAQ_SLUG } from './config.service.ts';

/**
 * The adverts, menu entries and FAQ entries as an operator reads and edits them (issue 26 §5, the back
 * office's Content): every row, switched on or off, in the order players see them. An edit changes the row
 * the player routes read (config.service.ts): players' apps see it on their next request (served with
 * max-age 60 s; the home page's first screen is reused 10 s). A change runs in the caller's transaction, so
 * its audit entry commits with it, and answers the row before and after.
 */
type Db = Kysely<Database>;

/** The fields a change may set in each language; others a row's translations hold (a content) are kept. */
function mergeTranslations(
  stored: Translations,
  edited: Partial<Record<string, Partial<Record<string, string | undefined>> | undefined>>,
  fields: readonly string[],
): Translations {
  const merged: Translations = {};
  const languages = new Set([...Object.keys(stored), ...Object.keys(edited)]);
  for (const language of languages) {
    const kept = Object.fromEntries(
      Object.entries(stored[language] ?? {}).filter(([field]) => !fields.includes(field)),
    );
    const overrides = Object.fromEntries(
      Object.entries(edited[language] ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
    const texts = { ...kept, ...overrides };
    if (Object.keys(texts).length > 0) merged[language] = texts;
  }
  return merged;
}

/**
 * Refuses a picture that is not a file of the statics (5171): the address is checked by the shared schema,
 * the file here, so a typo never shows players a broken image.
 */
async function requireStaticImage(staticDir: string, image: string): Promise<void> {
  if (image === '') return;
  const file = path.join(staticDir, image.replace(/^\/statics\//, ''));
  if (!file.startsWith(staticDir + path.sep)) throw new AppError('CONTENT_IMAGE_MISSING');
  await access(file).catch(() => {
    throw new AppError('CONTENT_IMAGE_MISSING', `${image} is not among the statics`);
  });
}

async function requireStaticImages(
  staticDir: string,
  change: {
    image: string;
    translations: Partial<Record<string, { image?: string | undefined } | undefined>>;
  },
): Promise<void> {
  const images = [change.image, ...Object.values(change.translations).map((each) => each?.image ?? '')];
  for (const image of images) await requireStaticImage(staticDir, image);
}

function toAdminMenuEntry(row: CfMenuRow): AdminMenuEntry {
  return {
    id: row.id,
    slug: row.slug,
    position: row.position,
    title: row.title,
    url: row.url,
    image: row.image,
    content: row.content,
    sort: row.sort,
    enabled: row.enabled,
    translations: row.translations,
  };
}

/** Whether players see the advert at `now` (the rule of findActiveAdvertsByPosition). */
function isLive(row: AdvertRow, now: Date, christmas: boolean): boolean {
  return (
    row.enabled &&
    (row.season === 'always' || christmas) &&
    (row.starts_at === null || row.starts_at <= now) &&
    (row.ends_at === null || row.ends_at > now)
  );
}

function toAdminAdvert(row: AdvertRow, christmas: boolean, now = new Date()): AdminAdvert {
  return {
    ...toAdminMenuEntry(row),
    season: row.season,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    live: isLive(row, now, christmas),
  };
}

function toAdminFaqEntry(row: CfFaqRow): AdminFaqEntry {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    question: row.question,
    answer: row.answer,
    sort: row.sort,
    enabled: row.enabled,
    translations: row.translations,
    generatedAnswer: row.slug === TAX_FAQ_SLUG,
  };
}

const PLACED_FIELDS = ['title', 'image'] as const;

/** The columns an advert and a menu entry share, as a change sets them. */
function placedColumns(row: CfMenuRow, change: MenuEntryChange) {
  return {
    title: change.title,
    url: change.url,
    image: change.image,
    sort: change.sort,
    enabled: change.enabled,
    translations: mergeTranslations(row.translations, change.translations, PLACED_FIELDS),
  };
}
const FAQ_FIELDS = ['question', 'answer'] as const;

export async function listAdvertsForOperators(db: Db, christmas: boolean): Promise<AdminAdvert[]> {
  const rows = await db
    .selectFrom('advert')
    .selectAll()
    .orderBy('position')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const now = new Date();
  return rows.map((row) => toAdminAdvert(row, christmas, now));
}

export async function changeAdvert(
  trx: Db,
  id: number,
  change: AdvertChange,
  context: { staticDir: string; christmas: boolean },
): Promise<{ before: AdminAdvert; after: AdminAdvert }> {
  if (change.startsAt && change.endsAt && new Date(change.endsAt) <= new Date(change.startsAt)) {
    throw new AppError('CONTENT_PERIOD');
  }
  await requireStaticImages(context.staticDir, change);
  const row = await trx.selectFrom('advert').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No advert has this id');
  const updated = await trx
    .updateTable('advert')
    .set({
      ...placedColumns(row, change),
      starts_at: change.startsAt === null ? null : new Date(change.startsAt),
      ends_at: change.endsAt === null ? null : new Date(change.endsAt),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before: toAdminAdvert(row, context.christmas), after: toAdminAdvert(updated, context.christmas) };
}

export async function listMenuEntriesForOperators(db: Db): Promise<AdminMenuEntry[]> {
  const rows = await db
    .selectFrom('cf_menu')
    .selectAll()
    .orderBy('position')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toAdminMenuEntry);
}

export async function changeMenuEntry(
  trx: Db,
  id: number,
  change: MenuEntryChange,
  context: { staticDir: string },
): Promise<{ before: AdminMenuEntry; after: AdminMenuEntry }> {
  await requireStaticImages(context.staticDir, change);
  const row = await trx.selectFrom('cf_menu').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No menu entry has this id');
  const updated = await trx
    .updateTable('cf_menu')
    .set(placedColumns(row, change))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before: toAdminMenuEntry(row), after: toAdminMenuEntry(updated) };
}

export async function listFaqForOperators(db: Db): Promise<AdminFaqEntry[]> {
  const rows = await db
    .selectFrom('cf_faq')
    .selectAll()
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toAdminFaqEntry);
}

export async function changeFaqEntry(
  trx: Db,
  id: number,
  change: FaqEntryChange,
): Promise<{ before: AdminFaqEntry; after: AdminFaqEntry }> {
  const row = await trx.selectFrom('cf_faq').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No FAQ entry has this id');
  const updated = await trx
    .updateTable('cf_faq')
    .set({
      question: change.question,
      answer: change.answer,
      sort: change.sort,
      enabled: change.enabled,
      translations: mergeTranslations(row.translations, change.translations, FAQ_FIELDS),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before: toAdminFaqEntry(row), after: toAdminFaqEntry(updated) };
}
