import { beforeAll, describe, expect, it } from 'vitest';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import { openGameSession } from '../src/modules/games/catalogue/game-session.service.ts';
import { gameIdOf, newMember } from './factory.ts';
import { staffSession } from './staff-session.ts';
import { useTestApp } from './test-app.ts';

/**
 * Every operation of the OpenAPI document (/api/docs, generated from the route schemas), attacked the way
 * an outside tester did: malformed multipart, JSON and form bodies, and NUL bytes in every field, as a
 * visitor and with the operation's credentials. Nothing may answer 5xx or leak a stack or SQL. And every
 * operation that declares credentials checks them first: without them, whatever the body, it is 401.
 */

const ADMIN_TOKEN = 'hostile-input-admin-token-0123456789';
const NUL_TEXT = 'a\u0000b';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  pattern?: string;
  nullable?: boolean;
  required?: string[];
};
type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  security: string[];
  bodySchema: JsonSchema | undefined;
  queryNames: string[];
  /** Query and path parameters that are numbers (a whole number, or its decimal digits). */
  numberParameters: { in: 'query' | 'path'; name: string; minimum: number | undefined }[];
  /** A valid value of each path parameter, for the attacks on another part: its first choice, or 1. */
  pathValues: Record<string, string>;
};
type Identity = { name: string; headers: Record<string, string> };
type Attack = {
  name: string;
  /** Input the schema must refuse (a NUL where the operation takes text): never a success. */
  mustRefuse?: boolean;
  headers: Record<string, string>;
  payload?: string;
  query?: string;
  pathValue?: string;
};

const ctx = useTestApp({ ADMIN_TOKEN });
let operations: Operation[];
const credentials: Record<string, Identity> = {};
let logoutIdentity: Identity;
/** Operator paths anyone may call: the staff login and the authenticator's enrolment. */
const PUBLIC_ADMIN_PATHS = [ADMIN_PATHS.login, ADMIN_PATHS.cookieLogin, ADMIN_PATHS.enrolTotp].map(
  (path) => `${API_BASE}${path}`,
);

beforeAll(async () => {
  const member = await newMember(ctx);
  const demo = await openGameSession(ctx.db, {
    memberId: null,
    gameId: await gameIdOf(ctx, 'dice'),
    mode: 'demo',
    currency: 'KES',
    demoBalance: 100_000,
  });
  credentials.memberToken = { name: 'member', headers: { token: member.token } };
  // Staff 1 is a bystander: paths take id 1, and an operator's own session must survive the run (a TOTP
  // reset of staff 1 ends staff 1's sessions). Logout has a session of its own, which it ends.
  await staffSession(ctx, ['viewer']);
  credentials.staffSession = { name: 'operator', headers: (await staffSession(ctx, ['admin'])).headers };
  logoutIdentity = { name: 'operator (logout)', headers: (await staffSession(ctx, ['viewer'])).headers };
  credentials.bootstrapToken = { name: 'bootstrap', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };
  credentials.gameSession = { name: 'game page', headers: { [GAME_SESSION_HEADER]: demo.token } };

  const document = (await ctx.app.inject({ method: 'GET', url: `${API_BASE}/docs` })).json();
  operations = operationsOf(document);
});

function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const requestBody = operation.requestBody as
        { content?: Record<string, { schema?: JsonSchema }> } | undefined;
      const parameters = (operation.parameters ?? []) as { in: string; name: string; schema?: JsonSchema }[];
      const security = (operation.security ?? []) as Record<string, unknown>[];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        security: security.flatMap((requirement) => Object.keys(requirement)),
        bodySchema: Object.values(requestBody?.content ?? {})[0]?.schema,
        queryNames: parameters.filter((parameter) => parameter.in === 'query').map((p) => p.name),
        numberParameters: parameters.flatMap((parameter) => {
          const number = numberOption(parameter.schema);
          return number && (parameter.in === 'query' || parameter.in === 'path')
            ? [{ in: parameter.in, name: parameter.name, minimum: number.minimum }]
            : [];
        }),
        pathValues: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === 'path')
            .map((parameter) => [parameter.name, String(parameter.schema?.enum?.[0] ?? '1')]),
        ),
      };
    }),
  );
}

/** A value of the schema's shape with `text` in every string (enums keep a valid value). */
function sample(schema: JsonSchema | undefined, text: string): unknown {
  if (!schema) return text;
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice) return sample(choice.find((option) => option.type !== 'null') ?? choice[0], text);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? { field: {} }).map(([key, value]) => [key, sample(value, text)]),
    );
  }
  if (type === 'array') return [sample(schema.items, text)];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  return text;
}

/** The number a field takes (its only non-null kind, or beside its decimal-digits text), or undefined. */
function numberOption(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const isNumber = (option: JsonSchema) => {
    const types = Array.isArray(option.type) ? option.type : [option.type];
    return types.includes('integer') || types.includes('number');
  };
  if (isNumber(schema)) return schema;
  const options = (schema.anyOf ?? schema.oneOf ?? []).filter((option) => option.type !== 'null');
  const number = options.find(isNumber);
  const rest = options.filter((option) => option !== number);
  // A number, or the same number written in decimal digits (whole-number.ts): still a number field.
  return number && rest.every((option) => option.type === 'string' && option.pattern) ? number : undefined;
}

function allowsNull(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    schema.nullable === true ||
    types.includes('null') ||
    (schema.anyOf ?? schema.oneOf ?? []).some(allowsNull)
  );
}

/** `optional`: null counts as absent there (a form's empty field), so null is not refused. */
type NumberField = { path: (string | number)[]; schema: JsonSchema; number: JsonSchema; optional: boolean };

/** Every number field in a body schema, at any depth (an array's items as its element 0). */
function numberFieldsOf(
  schema: JsonSchema | undefined,
  path: (string | number)[] = [],
  optional = false,
): NumberField[] {
  if (!schema) return [];
  const number = numberOption(schema);
  if (number) return path.length ? [{ path, schema, number, optional }] : [];
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice)
    return numberFieldsOf(
      choice.find((option) => option.type !== 'null'),
      path,
      optional,
    );
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([key, value]) =>
      numberFieldsOf(value, [...path, key], !(schema.required ?? []).includes(key)),
    );
  if (schema.items) return numberFieldsOf(schema.items, [...path, 0]);
  return [];
}

/** `value` with `replacement` at `path` (arrays and objects made on the way). */
function withValueAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (typeof head === 'number') {
    const items = Array.isArray(value) ? [...(value as unknown[])] : [];
    items[head] = withValueAt(items[head], rest, replacement);
    return items;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  return { ...object, [head]: withValueAt((object as Record<string, unknown>)[head], rest, replacement) };
}

/**
 * What is not a whole number (issue 22 §4: "0x2" bought 2 codes, true bought a ticket in draw 1, null
 * used up a cash-rain claim). JSON text, so 1e309 (which parses to Infinity) is sent as written.
 */
const NOT_WHOLE_NUMBERS_JSON = [
  '"0x2"',
  '"1e2"',
  '" 2"',
  '"2 "',
  '"+2"',
  '[2]',
  'true',
  'null',
  '2.5',
  '-1',
  '1e309',
  '{}',
];
/** The same in a query string or a path, where every value is text. */
const NOT_WHOLE_NUMBERS_TEXT = ['0x2', '1e2', ' 2', '2.5', '-1', 'true', 'Infinity', '0b10', '２'];

/**
 * Whether a refusal names `field`: the field itself, or what holds it (a list refused as a whole, a body
 * of alternatives refused as a whole: `body`).
 */
function isFieldOrAround(named: string, field: string): boolean {
  return named === 'body' || named === field || field.startsWith(`${named}.`);
}

function fieldsOf(value: unknown): [string, string][] {
  const entries = value && typeof value === 'object' ? Object.entries(value) : [['field', value]];
  return entries.map(([key, item]) => [String(key), String(item)]);
}

function asForm(value: unknown): string {
  return new URLSearchParams(fieldsOf(value)).toString();
}

function asMultipart(value: unknown): { type: string; payload: string } {
  const parts = fieldsOf(value).map(
    ([key, item]) => `--B0undary\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${String(item)}\r\n`,
  );
  return { type: 'multipart/form-data; boundary=B0undary', payload: `${parts.join('')}--B0undary--\r\n` };
}

function attacksOn(operation: Operation): Attack[] {
  const json = { 'content-type': 'application/json' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const withNul = sample(operation.bodySchema ?? { type: 'object' }, NUL_TEXT);
  const nulMultipart = asMultipart(withNul);
  const nulQuery = new URLSearchParams(
    (operation.queryNames.length ? operation.queryNames : ['q']).map((name): [string, string] => [
      name,
      NUL_TEXT,
    ]),
  ).toString();
  return [
    {
      name: 'multipart without a boundary',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    },
    {
      name: 'multipart cut off',
      headers: { 'content-type': 'multipart/form-data; boundary=B0undary' },
      payload: '--B0undary\r\ncontent-disposition: form-data; name="a"\r\n\r\nhal',
    },
    {
      name: 'multipart with a broken part header',
      headers: { 'content-type': 'multipart/form-data; boundary=B0undary' },
      payload: '--B0undary\r\nno header here\r\n\r\nv\r\n--B0undary--\r\n',
    },
    { name: 'malformed JSON', headers: json, payload: '{"a":' },
    { name: 'JSON of the wrong type', headers: json, payload: '[[["deep"]]]' },
    { name: 'form with broken percent-encoding', headers: form, payload: 'a=%E0%A4%A&b=%zz&%00=1' },
    {
      name: 'NUL in every field (JSON)',
      headers: json,
      payload: JSON.stringify(withNul),
      mustRefuse: operation.bodySchema !== undefined && JSON.stringify(withNul).includes('\\u0000'),
    },
    { name: 'NUL in every field (form)', headers: form, payload: asForm(withNul) },
    {
      name: 'NUL in every field (multipart)',
      headers: { 'content-type': nulMultipart.type },
      payload: nulMultipart.payload,
    },
    {
      name: 'NUL in the query and path',
      headers: {},
      query: nulQuery,
      pathValue: '%00',
      mustRefuse: operation.queryNames.length > 0 || operation.path.includes('{'),
    },
  ];
}

function urlOf(operation: Operation, attack: Attack): string {
  const path = operation.path.replace(
    /\{([^}]+)\}/g,
    (_all, name: string) => attack.pathValue ?? operation.pathValues[name] ?? '1',
  );
  return attack.query ? `${path}?${attack.query}` : path;
}

async function send(operation: Operation, attack: Attack, identity: Identity) {
  const hasBody = operation.method !== 'GET' && attack.payload !== undefined;
  const response = await ctx.app.inject({
    method: operation.method,
    url: urlOf(operation, attack),
    remoteAddress: '10.66.0.1',
    headers: { ...(hasBody ? attack.headers : {}), ...identity.headers },
    ...(hasBody ? { payload: attack.payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body,
    // A browser's address (the social login's callback) refuses by sending the player to the app's page
    // that says why, with the catalogue code: a refusal all the same.
    refusedByRedirect: /[?&]social=refused&/.test(String(response.headers.location ?? '')),
    mustRefuse: attack.mustRefuse === true,
    what: `${operation.method} ${operation.path} ${attack.name} as ${identity.name}`,
  };
}

/** Runs `work` over `items` a few at a time: enough to overlap, not enough to starve a 2-core machine. */
async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += 16) {
    results.push(...(await Promise.all(items.slice(start, start + 16).map(work))));
  }
  return results;
}

const LEAKS =
  /at .+\.(ts|js|cjs|mjs):\d+|node_modules|invalid byte sequence|syntax error at|violates|relation "|\bselect .+ from\b|insert into/i;

describe('hostile input on every operation of the API document', () => {
  it('the document lists the API, and every operator endpoint declares its credentials', () => {
    expect(operations.length).toBeGreaterThan(80);
    const operatorOperations = operations.filter((operation) =>
      operation.path.startsWith(`${API_BASE}/admin/`),
    );
    expect(operatorOperations.length).toBeGreaterThan(5);
    for (const operation of operatorOperations) {
      const expected = PUBLIC_ADMIN_PATHS.includes(operation.path)
        ? []
        : operation.path === `${API_BASE}${ADMIN_PATHS.bootstrapStaff}`
          ? ['bootstrapToken']
          : ['staffSession'];
      expect(operation.security, `${operation.method} ${operation.path}`).toEqual(expected);
    }
  });

  // A few thousand requests: seconds alone, longer on a busy CI host.
  it(
    'answers no 5xx and leaks no stack or SQL, as a visitor or with credentials',
    { timeout: 180_000 },
    async () => {
      const cases = operations.flatMap((operation) => {
        const identities = [
          { name: 'visitor', headers: {} },
          ...(operation.path === `${API_BASE}${ADMIN_PATHS.logout}`
            ? [logoutIdentity]
            : operation.security.length
              ? operation.security.map((scheme) => credentials[scheme] as Identity)
              : [credentials.memberToken as Identity]),
        ];
        return attacksOn(operation).flatMap((attack) =>
          identities.map((identity) => ({ operation, attack, identity })),
        );
      });
      const answers = await inBatches(cases, ({ operation, attack, identity }) =>
        send(operation, attack, identity),
      );
      const failures = answers.filter((answer) => answer.status >= 500 || LEAKS.test(answer.body));
      expect(
        failures.map((failure) => `${failure.status} ${failure.what}: ${failure.body.slice(0, 200)}`),
      ).toEqual([]);
      // The attacks were refused as bad input, not waved through.
      const waved = answers.filter(
        (answer) => answer.mustRefuse && answer.status < 400 && !answer.refusedByRedirect,
      );
      expect(waved.map((answer) => `${answer.status} ${answer.what}`)).toEqual([]);
    },
  );

  it(
    'refuses every number field that is not a whole number in its range, in the body, query and path',
    { timeout: 180_000 },
    async () => {
      // Sessions of its own: the attacks before may have ended the shared ones (a member's logout).
      const member = await newMember(ctx);
      const fresh: Record<string, Identity> = {
        ...credentials,
        memberToken: { name: 'member', headers: { token: member.token } },
        staffSession: { name: 'operator', headers: (await staffSession(ctx, ['admin'])).headers },
      };
      const requests = operations.flatMap((operation) => {
        const identity =
          operation.path === `${API_BASE}${ADMIN_PATHS.logout}`
            ? logoutIdentity
            : ((operation.security.length
                ? fresh[operation.security[0] as string]
                : fresh.memberToken) as Identity);
        const base = sample(operation.bodySchema, 'x');
        const inBody = numberFieldsOf(operation.bodySchema).flatMap((field) =>
          NOT_WHOLE_NUMBERS_JSON.filter(
            (hostile) =>
              !(hostile === 'null' && (field.optional || allowsNull(field.schema))) &&
              !(hostile === '-1' && (field.number.minimum ?? -1) < 0),
          ).map((hostile) => ({
            what: `${operation.method} ${operation.path} body ${field.path.join('.')}=${hostile}`,
            field: field.path.join('.'),
            url: urlOf(operation, { name: '', headers: {} }),
            payload: JSON.stringify(withValueAt(base, field.path, '__HOSTILE__')).replace(
              '"__HOSTILE__"',
              hostile,
            ),
          })),
        );
        const inParameters = operation.numberParameters.flatMap((parameter) =>
          NOT_WHOLE_NUMBERS_TEXT.filter(
            (hostile) => !(hostile === '-1' && (parameter.minimum ?? -1) < 0),
          ).map((hostile) => {
            const text = encodeURIComponent(hostile);
            const path = operation.path.replace(/\{([^}]+)\}/g, (_all, name: string) =>
              parameter.in === 'path' && name === parameter.name ? text : (operation.pathValues[name] ?? '1'),
            );
            return {
              what: `${operation.method} ${operation.path} ${parameter.in} ${parameter.name}=${hostile}`,
              field: parameter.name,
              url: parameter.in === 'query' ? `${path}?${parameter.name}=${text}` : path,
              payload: operation.method === 'GET' ? undefined : JSON.stringify(base ?? {}),
            };
          }),
        );
        return [...inBody, ...inParameters].map((request) => ({ ...request, operation, identity }));
      });
      // Enough fields to be the whole API, not a few that happened to be found.
      expect(requests.length).toBeGreaterThan(500);
      const answers = await inBatches(requests, async (request) => {
        const response = await ctx.app.inject({
          method: request.operation.method,
          url: request.url,
          remoteAddress: '10.66.0.2',
          headers: {
            ...request.identity.headers,
            ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        const body = response.json() as { code: number; errors?: { field: string }[] };
        return { ...request, status: response.statusCode, body };
      });
      // Refused as bad input naming the field (1001 or 1400 of the catalogue), never taken as a number.
      const taken = answers.filter(
        (answer) =>
          answer.status !== 400 ||
          !answer.body.errors?.some((error) => isFieldOrAround(error.field, answer.field)),
      );
      expect(
        taken.map(
          (answer) => `${answer.what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
        ),
      ).toEqual([]);
    },
  );

  it(
    'checks credentials before the body: without them every protected operation is 401, whatever is sent',
    { timeout: 180_000 },
    async () => {
      const strangers: Identity[] = [
        { name: 'visitor', headers: {} },
        {
          name: 'a wrong token',
          headers: { token: 'forged', authorization: 'Bearer forged', [GAME_SESSION_HEADER]: 'forged' },
        },
      ];
      const protectedOperations = operations.filter((operation) => operation.security.length > 0);
      expect(protectedOperations.length).toBeGreaterThan(40);
      const cases = protectedOperations.flatMap((operation) =>
        [
          ...attacksOn(operation),
          {
            name: 'a body of the wrong fields',
            headers: { 'content-type': 'application/json' },
            payload: '{"nothing":1}',
          },
        ].flatMap((attack) => strangers.map((identity) => ({ operation, attack, identity }))),
      );
      const answers = await inBatches(cases, ({ operation, attack, identity }) =>
        send(operation, attack, identity),
      );
      const notRefused = answers.filter((answer) => answer.status !== 401);
      expect(
        notRefused.map((answer) => `${answer.status} ${answer.what}: ${answer.body.slice(0, 120)}`),
      ).toEqual([]);
    },
  );
});
