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
import { OPERATOR_ONLY_OPTION_TYPES, SYSTEM_OPTION } from '@app/contracts/config';
import { COUNTRY_PROFILES, type CountryProfile } from '@app/contracts/country';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { RULE_OPTION_TYPES, ruleOptionContent, type RuleFacts } from '@app/contracts/rule-texts';
import type { Database, AdvertRow, CfMenuRow } from '../../../db/schema.ts';
import type { Env } from '../../../env.ts';
import { AppError } from '../../../http/app-error.ts';
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

/**
 * What the operator's fee and tax options must agree with: the market's law, the operator's own 4025/4026
 * (which count only where the law sets no withdrawal tax) and the withdraw channels' fees.
 */
async function ruleFacts(db: Db, platform: number, country: CountryProfile): Promise<RuleFacts> {
  const [switches, rates, fees] = await Promise.all([
    repository.findSystemOptions(db, { platform, type: SYSTEM_OPTION.WITHDRAW_TAX_SWITCH }),
    repository.findSystemOptions(db, { platform, type: SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT }),
    repository.findWithdrawFees(db),
  ]);
  return {
    country,
    storedTaxSwitch: switches[0]?.content,
    storedTaxRate: rates[0]?.content,
    withdrawFees: fees.map((fee) => ({
      channelCode: fee.channel_code,
      feeType: fee.withdraw_fee_type,
      feeValue: fee.withdraw_fee_value === null ? 0 : Number(fee.withdraw_fee_value),
    })),
  };
}

/**
 * The options as players' apps are served them (`cfGlobal/*`, the home page's first screen): the fee and
 * tax options (100, 4025, 4026, 4065) state what the rules compute (contracts/rule-texts.ts), whatever text
 * is stored, so the withdraw page's "?" cannot disagree with the deduction. The server's own readers take
 * `getSystemOptions` (the operator's stored values) and run the rules themselves. The operator-only
 * options (OPERATOR_ONLY_OPTION_TYPES) are never among them.
 */
export async function getPublishedSystemOptions(
  db: Db,
  audience: Audience & { country: CountryProfile },
  type?: number,
): Promise<SystemOption[]> {
  const options = (await getSystemOptions(db, audience, type)).filter(
    (option) => !OPERATOR_ONLY_OPTION_TYPES.includes(option.type),
  );
  if (!options.some((option) => RULE_OPTION_TYPES.includes(option.type))) return options;
  const facts = await ruleFacts(db, audience.platform, audience.country);
  return options.map((option) =>
    RULE_OPTION_TYPES.includes(option.type)
      ? { ...option, content: ruleOptionContent(option.type, option.content, facts, audience.language) }
      : option,
  );
}

/** The FAQ entry about the withdrawal tax answers with the explanation the rules generate (option 4065's). */
export const TAX_FAQ_SLUG = 'withdraw-tax';

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
  audience: Audience & { country: CountryProfile },
): Promise<{ list: FaqItem[]; total: number; page: number; size: number }> {
  const { language } = audience;
  const { rows, total } = await repository.findFaqPage(db, {
    type: query.type,
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const taxAnswer = rows.some((row) => row.slug === TAX_FAQ_SLUG)
    ? await generatedTaxExplanation(db, audience)
    : undefined;
  const list = rows.map((row) => {
    const { id, type, question, answer, sort } = localize(row, language);
    return { id, type, question, answer: row.slug === TAX_FAQ_SLUG ? (taxAnswer ?? answer) : answer, sort };
  });
  return { list, total, page: query.page, size: query.size };
}

async function generatedTaxExplanation(
  db: Db,
  audience: Audience & { country: CountryProfile },
): Promise<string> {
  const facts = await ruleFacts(db, audience.platform, audience.country);
  return ruleOptionContent(SYSTEM_OPTION.TAX_EXPLANATION, '', facts, audience.language);
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
  const country = COUNTRY_PROFILES[env.COUNTRY];
  return {
    country,
    theme: env.THEME,
    christmas: env.CHRISTMAS,
    languages: [...country.languages],
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
    apkUrl: env.APK_URL ?? PAGE_PATHS.contentH5('app-download'),
    imgUrl: brandFor(env.THEME).art.appBanner,
    releaseNotes: 'Faster start-up and lighter data use on slow networks.',
  };
}

function versionCodeOf(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return major * 10000 + minor * 100 + patch;
}
