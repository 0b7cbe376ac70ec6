import { brandFor } from '@app/contracts/brand';
import type { Kysely } from 'kysely';
import type {
  AdvertItem,
  AppSettings,
  ContentPage,
  FaqItem,
  SystemConfigEntry,
  SystemOption,
  VersionFile,
} from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { Database, AdvertRow, CfMenuRow } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../http/app-error.ts';
import * as repository from './config.repository.ts';
import { localize } from './localize.ts';

type Db = Kysely<Database>;
type Audience = { platform: number; language: string };

export async function getSystemOptions(db: Db, audience: Audience, type?: number): Promise<SystemOption[]> {
  const rows = await repository.findSystemOptions(db, { platform: audience.platform, type });
  return rows.map((row) => {
    const { id, type: optionType, name, content } = localize(row, audience.language);
    return { id, type: optionType, name, content };
  });
}

export async function getMenus(db: Db, position: number, language: string): Promise<AdvertItem[]> {
  const rows = await repository.findMenusByPosition(db, position);
  return rows.map((row) => toAdvertItem(localize(row, language)));
}

export async function getAdverts(
  db: Db,
  position: number,
  audience: { language: string; christmas: boolean; now?: Date },
): Promise<AdvertItem[]> {
  const rows = await repository.findActiveAdvertsByPosition(db, {
    position,
    christmas: audience.christmas,
    now: audience.now ?? new Date(),
  });
  return rows.map((row) => toAdvertItem(localize(row, audience.language)));
}

function toAdvertItem(row: CfMenuRow | AdvertRow): AdvertItem {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    img: row.image,
    image: row.image,
    typeId: row.position,
    sort: row.sort,
    content: row.content,
  };
}

export async function getFaqPage(
  db: Db,
  query: { type: number; page: number; size: number },
  language: string,
): Promise<{ list: FaqItem[]; total: number; page: number; size: number }> {
  const { rows, total } = await repository.findFaqPage(db, {
    type: query.type,
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const list = rows.map((row) => {
    const { id, type, question, answer, sort } = localize(row, language);
    return { id, type, question, answer, sort };
  });
  return { list, total, page: query.page, size: query.size };
}

/**
 * System configuration by code: the options of that type whose content is a JSON object. The withdraw
 * page relies on getting a list: anything but one entry means "not set up" (spec §4).
 */
export async function getSystemConfigByCode(
  db: Db,
  code: number,
  platform: number,
): Promise<SystemConfigEntry[]> {
  const rows = await repository.findSystemOptions(db, { platform, type: code });
  return rows.flatMap((row) => {
    const content = parseJsonObject(row.content);
    return content ? [{ code: row.type, content }] : [];
  });
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export async function getContentPage(db: Db, type: string, language: string): Promise<ContentPage> {
  const row = await repository.findContentPage(db, type);
  if (!row) throw new AppError('NOT_FOUND', `No content page '${type}'`);
  const { title, body } = localize(row, language);
  return { type: row.type, title, body };
}

export function getAppSettings(env: Env): AppSettings {
  return {
    country: COUNTRY_PROFILES[env.COUNTRY],
    theme: env.THEME,
    christmas: env.CHRISTMAS,
    languages: ['en', 'fr', 'pt'],
    brandName: brandFor(env.THEME, env.BRAND_NAME).name,
    disallowedSuppliers: env.DISALLOWED_SUPPLIERS.split(',')
      .map((supplier) => supplier.trim())
      .filter(Boolean),
    paypay: env.PAYPAY,
  };
}

/**
 * The app-download banner's version file. We ship an installable web app rather than an APK, so the
 * download link opens the page that installs it (see docs/decisions.md); an operator with a native build
 * sets APK_URL.
 */
export function getVersionFile(env: Env, version: string): VersionFile {
  return {
    version,
    versionCode: versionCodeOf(version),
    apkUrl: env.APK_URL ?? '/pages/h5/app-download',
    imgUrl: brandFor(env.THEME).art.appBanner,
    releaseNotes: 'Faster start-up and lighter data use on slow networks.',
  };
}

function versionCodeOf(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return major * 10000 + minor * 100 + patch;
}
