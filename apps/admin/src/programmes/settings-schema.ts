import type { SettingUnit } from '@app/contracts/promotions';

/**
 * The part of JSON Schema (draft 2020-12, as zod 4's `toJSONSchema` writes a programme's settings) the
 * generated settings form reads. Anything else falls back to a JSON text field.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  description?: string;
};

/** A value's place in the settings: keys and list indexes, as the server names a field (`slots.0.budget`). */
export type Path = (string | number)[];

export const fieldOf = (path: Path): string => path.join('.');

/** The path the units are keyed by: a list's items are `[]` (`slots[].budget`). */
export function unitPathOf(path: Path): string {
  return path.reduce<string>((at, part) => {
    if (typeof part === 'number') return `${at}[]`;
    return at ? `${at}.${part}` : part;
  }, '');
}

/** The one kind of value a schema stands for, and whether null is allowed beside it. */
export type Shape =
  | { kind: 'object'; schema: JsonSchema; nullable: boolean }
  | { kind: 'array'; schema: JsonSchema; nullable: boolean }
  | { kind: 'choice'; schema: JsonSchema; options: unknown[]; nullable: boolean }
  | { kind: 'string'; schema: JsonSchema; nullable: boolean }
  | { kind: 'number'; schema: JsonSchema; integer: boolean; nullable: boolean }
  | { kind: 'boolean'; schema: JsonSchema; nullable: boolean }
  | { kind: 'json'; schema: JsonSchema; nullable: boolean };

const typesOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

export function shapeOf(schema: JsonSchema): Shape {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const others = alternatives.filter((each) => !typesOf(each).includes('null') || typesOf(each).length > 1);
    const nullable = others.length < alternatives.length;
    if (others.length === 1) return { ...shapeOf({ ...others[0], default: schema.default }), nullable };
    // Choices written as one `const` each (a union of literals).
    if (others.every((each) => 'const' in each)) {
      return { kind: 'choice', schema, options: others.map((each) => each.const), nullable };
    }
    return { kind: 'json', schema, nullable };
  }
  const types = typesOf(schema);
  const nullable = types.includes('null');
  const type = types.find((each) => each !== 'null');
  if (schema.enum)
    return { kind: 'choice', schema, options: schema.enum.filter((each) => each !== null), nullable };
  if ('const' in schema) return { kind: 'choice', schema, options: [schema.const], nullable };
  if (type === 'object' && schema.properties) return { kind: 'object', schema, nullable };
  if (type === 'array' && schema.items) return { kind: 'array', schema, nullable };
  if (type === 'string') return { kind: 'string', schema, nullable };
  if (type === 'integer' || type === 'number')
    return { kind: 'number', schema, integer: type === 'integer', nullable };
  if (type === 'boolean') return { kind: 'boolean', schema, nullable };
  return { kind: 'json', schema, nullable };
}

/** A new value of a schema, for an item added to a list: its default, else the smallest valid-looking value. */
export function emptyOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  const shape = shapeOf(schema);
  if (shape.nullable) return null;
  switch (shape.kind) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, emptyOf(child)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => emptyOf(schema.items ?? {}));
    case 'choice':
      return shape.options[0];
    case 'string':
      return '';
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/**
 * How many stored units one shown unit is: money is kept in minor units and shown in major ones (two
 * decimals), coins in hundredths of a coin and shown whole. Every other unit is shown as stored.
 */
export function scaleOf(unit: SettingUnit | undefined): number {
  return unit === 'money' || unit === 'coins' ? 100 : 1;
}

/** A stored number as the operator reads it (`12345` money → `"123.45"`). */
export function shownNumber(value: unknown, unit: SettingUnit | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const scale = scaleOf(unit);
  return scale === 1 ? String(value) : (value / scale).toFixed(2).replace(/\.00$/, '');
}

/**
 * What the operator typed as the number to store (`"123.45"` money → `12345`), or null when it is no number:
 * the server then refuses the field ("expected number") beside it, as it checks every value.
 */
export function storedNumber(text: string, unit: SettingUnit | undefined): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!cleaned || !/^-?\d*\.?\d*$/.test(cleaned)) return null;
  const parsed = Number(cleaned);
  if (!Number.isFinite(parsed)) return null;
  const scale = scaleOf(unit);
  return scale === 1 ? parsed : Math.round(parsed * scale);
}

/** A value with the one at `path` replaced (a new object at each level: the form's state is never mutated). */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...(root as unknown[])] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const object = root && typeof root === 'object' ? { ...(root as Record<string, unknown>) } : {};
  object[head!] = setAt(object[head!], rest, value);
  return object;
}

/** `claimOpensHour` → "Claim opens hour": a settings key as a label. */
export function labelOf(key: string | number): string {
  if (typeof key === 'number') return String(key + 1);
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The schema without its null alternative: what a field set from "not set" starts as. */
export function nonNull(schema: JsonSchema): JsonSchema {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.find((each) => typesOf(each).some((type) => type !== 'null')) ?? {};
  const { default: _default, ...rest } = schema;
  return { ...rest, type: typesOf(schema).filter((type) => type !== 'null') };
}
