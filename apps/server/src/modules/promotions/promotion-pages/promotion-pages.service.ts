import type { Kysely, Transaction } from 'kysely';
import type { PromotionPage, PromotionPageAdmin, PromotionPageInput } from '@app/contracts/promotion-pages';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { localize } from '../../platform/config/localize.ts';
import { auditedWrite, type Actor } from '../../platform/staff/audit.service.ts';
import * as repository from './promotion-pages.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

function toPage(row: repository.PromotionPageRow): PromotionPage {
  const { id, title, image, description, rules, url, action } = row;
  return { id, title, image, description, rules, url, action };
}

function toAdmin(row: repository.PromotionPageRow): PromotionPageAdmin {
  return {
    ...toPage(row),
    slug: row.slug,
    sort: row.sort,
    enabled: row.enabled,
    translations: row.translations,
  };
}

/** What a player (or visitor) reads: an enabled page, in their language field by field. */
export async function getPromotionPage(db: Db, id: number, language: string): Promise<PromotionPage> {
  const row = await repository.findEnabledPage(db, id);
  if (!row) throw new AppError('PROMOTION_PAGE_NOT_FOUND');
  return toPage(localize(row, language));
}

export async function listPromotionPages(db: Db): Promise<PromotionPageAdmin[]> {
  return (await repository.listPages(db)).map(toAdmin);
}

function valuesOf(input: PromotionPageInput): repository.PromotionPageValues {
  // Empty translated fields are dropped: an empty text would hide the default rather than translate it.
  const translations: Record<string, Record<string, string>> = {};
  for (const [language, fields] of Object.entries(input.translations)) {
    const kept = Object.fromEntries(Object.entries(fields ?? {}).filter(([, text]) => text !== ''));
    if (Object.keys(kept).length > 0) translations[language] = kept as Record<string, string>;
  }
  return { ...input, translations };
}

export async function createPromotionPage(
  db: Kysely<Database>,
  actor: Actor,
  input: PromotionPageInput,
): Promise<PromotionPageAdmin> {
  return auditedWrite(db, actor, async (trx) => {
    const row = await repository.insertPage(trx, valuesOf(input));
    if (!row) throw new AppError('PROMOTION_PAGE_EXISTS');
    const after = toAdmin(row);
    return {
      result: after,
      record: { action: 'promotion-page.create', target: `promotion-page:${row.id}`, after },
    };
  });
}

export async function updatePromotionPage(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  input: PromotionPageInput,
): Promise<PromotionPageAdmin> {
  try {
    return await auditedWrite(db, actor, async (trx) => {
      const current = await repository.findPageForUpdate(trx, id);
      if (!current) throw new AppError('PROMOTION_PAGE_NOT_FOUND');
      if (await repository.slugTakenByAnother(trx, input.slug, id))
        throw new AppError('PROMOTION_PAGE_EXISTS');
      const after = toAdmin(await repository.updatePage(trx, id, valuesOf(input)));
      return {
        result: after,
        record: {
          action: 'promotion-page.update',
          target: `promotion-page:${id}`,
          before: toAdmin(current),
          after,
        },
      };
    });
  } catch (error) {
    // Two operators renaming two pages to one slug at once: the unique key refuses the second.
    if ((error as { code?: unknown } | null)?.code === '23505') throw new AppError('PROMOTION_PAGE_EXISTS');
    throw error;
  }
}
