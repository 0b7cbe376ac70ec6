import { z } from 'zod';
import type { ProgrammeForm, SettingUnit } from '@app/contracts/promotions';
import type { ProgrammeDefinition } from './programmes.ts';

/**
 * What a programme says about its settings form beyond its schema (issue 23 §2): the unit of each number,
 * by path (`a.b`, `list[]` for a list's items). The schema already tells the back office the types,
 * ranges, choices and lengths; only the meaning of a number (money or coins, percent or count) is not in it.
 */
export type SettingsForm = { units: Readonly<Record<string, SettingUnit>> };

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The settings' JSON Schema as a form reads it: what an operator may send (defaults optional). */
export function settingsJsonSchema(definition: ProgrammeDefinition): Record<string, unknown> {
  return z.toJSONSchema(definition.settings, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/** The path of every number in a JSON Schema (`a.b`, `list[]` for a list's items), each once. */
export function numberPaths(schema: JsonSchema, path = ''): string[] {
  const paths = new Set<string>();
  const visit = (node: JsonSchema | undefined, at: string) => {
    if (!node) return;
    for (const each of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) visit(each, at);
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    if (types.includes('integer') || types.includes('number')) paths.add(at);
    for (const [key, child] of Object.entries(node.properties ?? {})) visit(child, at ? `${at}.${key}` : key);
    if (node.items) visit(node.items, `${at}[]`);
  };
  visit(schema, path);
  return [...paths];
}

/** One programme's form for the back office: its schema, its numbers' units and its defaults. */
export function programmeFormOf(definition: ProgrammeDefinition, form: SettingsForm): ProgrammeForm {
  return {
    code: definition.code,
    schema: settingsJsonSchema(definition),
    units: { ...form.units },
    defaults: definition.defaults.settings,
  };
}

/**
 * The units a programme's bonus terms share (the welcome and first-deposit bonuses, the coin exchange):
 * `maxStake` is money, the contributions are percent of a stake counted towards wagering.
 */
export const BONUS_TERMS_UNITS = {
  wageringMultiple: 'multiple',
  expiryDays: 'days',
  maxStake: 'money',
  'contribution.inhouse': 'percent',
  'contribution.crash': 'percent',
  'contribution.provider': 'percent',
} as const satisfies Record<string, SettingUnit>;
