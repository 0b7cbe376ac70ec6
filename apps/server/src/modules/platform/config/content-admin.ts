import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  CONTENT_PICTURE_MAX_BYTES,
  type AdminAdvert,
  type AdminFaqEntry,
  type AdminMenuEntry,
  type AdvertAdd,
  type AdvertChange,
  type ContentPicture,
  type FaqEntryAdd,
  type FaqEntryChange,
  type MenuEntryAdd,
  type MenuEntryChange,
} from '@app/contracts/back-office-content';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import type { AdvertRow, CfFaqRow, CfMenuRow, Database, Translations } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { readImage, saveImage, UPLOADS_URL_PREFIX } from '../upload/upload.service.ts';
import { TAX_FAQ_SLUG } from './config.service.ts';
import * as repository from './config.repository.ts';
import type { RemovableContentTable } from './config.tables.ts';

/**
 * The adverts, menu entries and FAQ entries as an operator reads, edits, adds and removes them (issue 26 §5,
 * the back office's Content): every row, switched on or off, in the order players see them. An edit changes
 * the row the player routes read (config.service.ts): players' apps see it on their next request (served
 * with max-age 60 s; the home page's first screen is reused 10 s). A change runs in the caller's
 * transaction, so its audit entry commits with it, and answers the row before and after (null for an entry
 * added or removed). The SQL is the module's repository's.
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

/** Where an entry's picture may be: the shipped statics, or the pictures operators uploaded. */
export type PictureStores = { staticDir: string; uploads: FileStore };

/**
 * Refuses a picture that is neither a file of the statics nor an uploaded picture the store holds (5171): the
 * address is checked by the shared schema, the file here, so a typo never shows players a broken image.
 */
async function requirePicture(stores: PictureStores, image: string): Promise<void> {
  if (image === '') return;
  if (image.startsWith(UPLOADS_URL_PREFIX)) {
    const stored = await readImage(stores.uploads, 'public', image.slice(UPLOADS_URL_PREFIX.length));
    if (!stored) throw new AppError('CONTENT_IMAGE_MISSING', `${image} is not among the uploaded pictures`);
    return;
  }
  const file = path.join(stores.staticDir, image.replace(/^\/statics\//, ''));
  if (!file.startsWith(stores.staticDir + path.sep)) throw new AppError('CONTENT_IMAGE_MISSING');
  await access(file).catch(() => {
    throw new AppError('CONTENT_IMAGE_MISSING', `${image} is not among the statics`);
  });
}

async function requirePictures(
  stores: PictureStores,
  change: {
    image: string;
    translations: Partial<Record<string, { image?: string | undefined } | undefined>>;
  },
): Promise<void> {
  const images = [change.image, ...Object.values(change.translations).map((each) => each?.image ?? '')];
  for (const image of images) await requirePicture(stores, image);
}

/**
 * Keeps a picture an operator uploads for adverts and menu entries, answering its address (/uploads/…): the
 * upload store's checks (JPEG, PNG or WebP by its first bytes, a random name; shared by a fleet's
 * instances), within the smaller size every player can load (5181).
 */
export async function saveContentPicture(uploads: FileStore, content: unknown): Promise<ContentPicture> {
  if (Buffer.isBuffer(content) && content.length > CONTENT_PICTURE_MAX_BYTES) {
    throw new AppError('CONTENT_PICTURE_TOO_LARGE');
  }
  return saveImage(uploads, content);
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
const FAQ_FIELDS = ['question', 'answer'] as const;

/**
 * A change's columns as stored: its fields (the strict schemas let no other through), its translations
 * merged into the stored ones.
 */
function columnsOf<C extends { translations: Parameters<typeof mergeTranslations>[1] }>(
  stored: Translations,
  change: C,
  fields: readonly string[],
) {
  const { translations, ...columns } = change;
  return { ...columns, translations: mergeTranslations(stored, translations, fields) };
}

/** An advert's columns: a menu entry's, and its period (5170 when it ends before it starts). */
function advertColumns<C extends AdvertChange>(stored: Translations, change: C) {
  const { startsAt, endsAt, ...placed } = change;
  if (startsAt && endsAt && new Date(endsAt) <= new Date(startsAt)) throw new AppError('CONTENT_PERIOD');
  return {
    ...columnsOf(stored, placed, PLACED_FIELDS),
    starts_at: startsAt === null ? null : new Date(startsAt),
    ends_at: endsAt === null ? null : new Date(endsAt),
  };
}

/**
 * A new row's slug, its stable name: words of its English title and a random tail, so two entries of one
 * title never collide, nor one with a slug the demo seed uses or an operator removed.
 */
function newSlug(title: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${words || 'entry'}-${randomBytes(4).toString('hex')}`;
}

/** What a new advert or menu entry has besides its fields: its slug, and no marker for the app. */
function newPlacedRow(add: { title: string }) {
  return { slug: newSlug(add.title), content: '' };
}

const ENTRY_NAMES: Record<RemovableContentTable, string> = {
  advert: 'advert',
  cf_menu: 'menu entry',
  cf_faq: 'FAQ entry',
};

/** The row a change or a removal is about, locked; 1004 when there is none. */
async function lockedRow<T extends RemovableContentTable>(trx: Db, table: T, id: number) {
  const row = await repository.lockContentRow(trx, table, id);
  if (!row) throw new AppError('NOT_FOUND', `No ${ENTRY_NAMES[table]} has this id`);
  return row;
}

/**
 * Refuses removing what the app relies on (5180): a row carrying a marker the app reads (`content`: the VIP
 * menu entry, the lucky-refund codes, a promotion image's tags) and the withdrawal tax's FAQ entry, whose
 * answer the tax rules write. Those are switched off instead.
 */
function requireRemovable(table: RemovableContentTable, row: { slug: string; content?: string }): void {
  const isTaxEntry = table === 'cf_faq' && row.slug === TAX_FAQ_SLUG;
  if ((row.content ?? '') !== '' || isTaxEntry) throw new AppError('CONTENT_RELIED_ON');
}

async function removeRow<T extends RemovableContentTable>(trx: Db, table: T, id: number) {
  const row = await lockedRow(trx, table, id);
  requireRemovable(table, row);
  await repository.deleteContentRow(trx, table, row);
  return row;
}

export async function listAdvertsForOperators(db: Db, christmas: boolean): Promise<AdminAdvert[]> {
  const rows = await repository.findAllAdverts(db);
  const now = new Date();
  return rows.map((row) => toAdminAdvert(row, christmas, now));
}

export async function changeAdvert(
  trx: Db,
  id: number,
  change: AdvertChange,
  context: PictureStores & { christmas: boolean },
): Promise<{ before: AdminAdvert; after: AdminAdvert }> {
  await requirePictures(context, change);
  const row = await lockedRow(trx, 'advert', id);
  const updated = await repository.updateAdvert(trx, id, advertColumns(row.translations, change));
  return { before: toAdminAdvert(row, context.christmas), after: toAdminAdvert(updated, context.christmas) };
}

export async function addAdvert(
  trx: Db,
  add: AdvertAdd,
  context: PictureStores & { christmas: boolean },
): Promise<AdminAdvert> {
  const columns = advertColumns({}, add);
  await requirePictures(context, add);
  const made = await repository.insertAdvert(trx, { ...columns, ...newPlacedRow(add) });
  return toAdminAdvert(made, context.christmas);
}

export async function removeAdvert(trx: Db, id: number, christmas: boolean): Promise<AdminAdvert> {
  return toAdminAdvert(await removeRow(trx, 'advert', id), christmas);
}

export async function listMenuEntriesForOperators(db: Db): Promise<AdminMenuEntry[]> {
  return (await repository.findAllMenuEntries(db)).map(toAdminMenuEntry);
}

export async function changeMenuEntry(
  trx: Db,
  id: number,
  change: MenuEntryChange,
  context: PictureStores,
): Promise<{ before: AdminMenuEntry; after: AdminMenuEntry }> {
  await requirePictures(context, change);
  const row = await lockedRow(trx, 'cf_menu', id);
  const updated = await repository.updateMenuEntry(
    trx,
    id,
    columnsOf(row.translations, change, PLACED_FIELDS),
  );
  return { before: toAdminMenuEntry(row), after: toAdminMenuEntry(updated) };
}

export async function addMenuEntry(
  trx: Db,
  add: MenuEntryAdd,
  context: PictureStores,
): Promise<AdminMenuEntry> {
  await requirePictures(context, add);
  const made = await repository.insertMenuEntry(trx, {
    ...columnsOf({}, add, PLACED_FIELDS),
    ...newPlacedRow(add),
  });
  return toAdminMenuEntry(made);
}

export async function removeMenuEntry(trx: Db, id: number): Promise<AdminMenuEntry> {
  return toAdminMenuEntry(await removeRow(trx, 'cf_menu', id));
}

export async function listFaqForOperators(db: Db): Promise<AdminFaqEntry[]> {
  return (await repository.findAllFaqEntries(db)).map(toAdminFaqEntry);
}

export async function changeFaqEntry(
  trx: Db,
  id: number,
  change: FaqEntryChange,
): Promise<{ before: AdminFaqEntry; after: AdminFaqEntry }> {
  const row = await lockedRow(trx, 'cf_faq', id);
  const updated = await repository.updateFaqEntry(trx, id, columnsOf(row.translations, change, FAQ_FIELDS));
  return { before: toAdminFaqEntry(row), after: toAdminFaqEntry(updated) };
}

export async function addFaqEntry(trx: Db, add: FaqEntryAdd): Promise<AdminFaqEntry> {
  const made = await repository.insertFaqEntry(trx, {
    ...columnsOf({}, add, FAQ_FIELDS),
    slug: newSlug(add.question),
  });
  return toAdminFaqEntry(made);
}

export async function removeFaqEntry(trx: Db, id: number): Promise<AdminFaqEntry> {
  return toAdminFaqEntry(await removeRow(trx, 'cf_faq', id));
}
