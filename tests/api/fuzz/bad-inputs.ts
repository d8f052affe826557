/**
 * Bad requests for one route, derived from the route's own zod schemas (issue 15: "a fuzz test
 * drives every route in the contract with generated bad input"). A plausible request is built from
 * the schema's JSON Schema, then every field is taken away, replaced by hostile values (wrong
 * types, NUL, a lone surrogate, a 1 MB string, huge numbers, impossible dates, operator objects)
 * and by random JSON from fast-check; the body as a whole is sent malformed, over the limit, and
 * under wrong content types. Query strings and route parameters get the same treatment.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
};

/** One request to send: the route's URL with its parameters filled, and the raw body. */
export type BadRequest = {
  what: string;
  url: string;
  body?: string | Buffer;
  contentType?: string;
};

export type RouteShape = {
  method: string;
  url: string;
  body?: JsonSchema;
  query?: JsonSchema;
  params?: JsonSchema;
  /** A multipart upload: its body is not a JSON schema. */
  multipart: boolean;
};

const SEED = 15;
const BODY_LIMIT = 1024 * 1024;
const MEGABYTE_STRING = 'x'.repeat(1_000_000);

/** The route's schema as JSON Schema (input side), or undefined for none or not zod. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

const firstType = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type[0] : schema.type;

/** A value the schema would likely accept: the starting point the mutations break. */
export function plausible(schema: JsonSchema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alternative) return plausible(alternative, depth);
  switch (firstType(schema)) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@college.test';
      if (schema.format === 'uuid') return crypto.randomUUID();
      if (schema.format === 'date-time') return '2026-03-01T09:00:00Z';
      if (schema.format === 'date') return '2026-03-01';
      if (schema.pattern) {
        const [sample] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), {
          seed: SEED,
          numRuns: 1,
        });
        return sample ?? 'fuzz';
      }
      return 'fuzz'.padEnd(schema.minLength ?? 0, 'z');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 || !schema.items
        ? []
        : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
            plausible(schema.items ?? {}, depth + 1),
          );
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          plausible(value, depth + 1),
        ]),
      );
    default:
      return 'fuzz';
  }
}

/** Values no field of this API should take, each of which once broke some server somewhere. */
export const HOSTILE_VALUES: { what: string; value: unknown }[] = [
  { what: 'null', value: null },
  { what: 'a boolean', value: true },
  { what: 'zero', value: 0 },
  { what: 'a negative number', value: -1 },
  { what: 'a fraction', value: 1.5 },
  { what: 'a huge number', value: 1e308 },
  { what: 'a huge negative number', value: -1e308 },
  { what: 'an unsafe integer', value: 2 ** 53 + 2 },
  { what: 'an empty string', value: '' },
  { what: 'blanks', value: '   ' },
  { what: 'NUL', value: '\u0000' },
  { what: 'NUL inside text', value: 'a\u0000b' },
  { what: 'a lone surrogate', value: '\ud800' },
  { what: 'a 1 MB string', value: MEGABYTE_STRING },
  { what: 'four hundred digits', value: '9'.repeat(400) },
  { what: 'an impossible date', value: '2026-02-30' },
  { what: 'a garbled timestamp', value: '2026-13-45T25:61:61Z' },
  { what: 'a path', value: '../../../etc/passwd' },
  { what: 'markup', value: '<script>alert(1)</script>' },
  { what: 'SQL', value: "'; drop table users; --" },
  { what: 'a spreadsheet formula', value: '=HYPERLINK("http://x","y")' },
  { what: 'an empty array', value: [] },
  { what: 'an array of null', value: [null] },
  { what: 'an empty object', value: {} },
  { what: 'a query operator', value: { $gt: '' } },
];

/** Random JSON of any shape, the same every run. */
function randomJson(count: number, seed: number): unknown[] {
  return fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed, numRuns: count });
}

type Fields = Record<string, unknown>;

/** Every single-field mutation of `base`: missing, hostile, random; one level into objects. */
function fieldMutations(
  base: Fields,
  schema: JsonSchema,
  label: string,
  seed: number,
): { what: string; value: Fields }[] {
  const out: { what: string; value: Fields }[] = [];
  let fieldSeed = seed;
  for (const [key, fieldSchema] of Object.entries(schema.properties ?? {})) {
    const name = label ? `${label}.${key}` : key;
    const without = Object.fromEntries(Object.entries(base).filter(([other]) => other !== key));
    out.push({ what: `${name} missing`, value: without });
    for (const hostile of HOSTILE_VALUES) {
      out.push({ what: `${name} = ${hostile.what}`, value: { ...base, [key]: hostile.value } });
    }
    for (const random of randomJson(3, fieldSeed++)) {
      out.push({
        what: `${name} = random ${JSON.stringify(random).slice(0, 40)}`,
        value: { ...base, [key]: random },
      });
    }
    // One level down: an array's first item, or a nested object's fields.
    const inner = base[key];
    const itemSchema = fieldSchema.items;
    if (Array.isArray(inner) && itemSchema?.properties && typeof inner[0] === 'object') {
      for (const nested of fieldMutations(
        inner[0] as Fields,
        itemSchema,
        `${name}[0]`,
        fieldSeed++,
      )) {
        out.push({
          what: nested.what,
          value: { ...base, [key]: [nested.value, ...inner.slice(1)] },
        });
      }
    } else if (
      inner &&
      typeof inner === 'object' &&
      !Array.isArray(inner) &&
      fieldSchema.properties
    ) {
      for (const nested of fieldMutations(inner as Fields, fieldSchema, name, fieldSeed++)) {
        out.push({ what: nested.what, value: { ...base, [key]: nested.value } });
      }
    }
  }
  return out;
}

const json = (value: unknown): string => JSON.stringify(value);

function bodyRequests(route: RouteShape, url: string): BadRequest[] {
  if (route.multipart) {
    const boundary = 'fuzzboundary';
    return [
      { what: 'no body', url },
      { what: 'JSON instead of a file', url, body: '{}', contentType: 'application/json' },
      { what: 'text instead of a file', url, body: 'name,email', contentType: 'text/plain' },
      {
        what: 'multipart without a boundary',
        url,
        body: 'garbage',
        contentType: 'multipart/form-data',
      },
      {
        what: 'multipart that never ends',
        url,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      {
        what: 'multipart with a field and no file',
        url,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${boundary}--\r\n`,
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
      {
        what: 'multipart with garbage in a file',
        url,
        body: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          crypto.randomBytes(2048),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      },
    ];
  }
  if (!route.body) return [];
  const base = plausible(route.body);
  const requests: BadRequest[] = [
    { what: 'no body', url },
    { what: 'an empty JSON body', url, body: '', contentType: 'application/json' },
    { what: 'broken JSON', url, body: '{"a":', contentType: 'application/json' },
    { what: 'JSON null', url, body: 'null', contentType: 'application/json' },
    { what: 'a JSON array', url, body: '[]', contentType: 'application/json' },
    { what: 'a JSON string', url, body: '"text"', contentType: 'application/json' },
    { what: 'a JSON number', url, body: '12', contentType: 'application/json' },
    { what: 'the body as text', url, body: json(base), contentType: 'text/plain' },
    {
      what: 'a form body',
      url,
      body: 'email=a%40b&password=x',
      contentType: 'application/x-www-form-urlencoded',
    },
    { what: 'an XML body', url, body: '<a>1</a>', contentType: 'application/xml' },
    { what: 'JSON under a made-up type', url, body: json(base), contentType: 'application/x-fuzz' },
    {
      what: 'a body over the limit',
      url,
      body: json({ pad: 'x'.repeat(BODY_LIMIT + 16) }),
      contentType: 'application/json',
    },
    {
      what: 'a prototype-polluting body',
      url,
      body: `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},${json(base).slice(1)}`,
      contentType: 'application/json',
    },
  ];
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    requests.push({
      what: 'an extra field',
      url,
      body: json({ ...base, unexpectedField: 'x' }),
      contentType: 'application/json',
    });
    for (const mutation of fieldMutations(base as Fields, route.body, '', SEED)) {
      requests.push({
        what: mutation.what,
        url,
        body: json(mutation.value),
        contentType: 'application/json',
      });
    }
  }
  return requests;
}

/** A value as it would travel in a query string or a path segment. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function queryRequests(route: RouteShape, url: string): BadRequest[] {
  if (!route.query?.properties) return [];
  const base = plausible(route.query) as Fields;
  const encode = (fields: Fields) =>
    new URLSearchParams(
      Object.entries(fields).map(([key, value]): [string, string] => [key, asText(value)]),
    ).toString();
  const requests: BadRequest[] = [
    { what: 'a repeated query key', url: `${url}?${encode(base)}&${encode(base)}` },
    { what: 'a malformed query escape', url: `${url}?${Object.keys(base)[0] ?? 'q'}=%E0%A4%A` },
  ];
  for (const key of Object.keys(route.query.properties)) {
    for (const hostile of HOSTILE_VALUES) {
      // A megabyte in a URL is refused before any route (414); 20 KB shows that just as well.
      const value = hostile.value === MEGABYTE_STRING ? 'x'.repeat(20_000) : hostile.value;
      requests.push({
        what: `query ${key} = ${hostile.what}`,
        url: `${url}?${encode({ ...base, [key]: value })}`,
      });
    }
  }
  return requests;
}

const BAD_SEGMENTS = [
  'x',
  '0',
  '-1',
  '99999999999999999999999',
  '%00',
  'a%00b',
  '%ZZ',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(5000),
];

/** The route's URL with each parameter a plausible value, then each one broken in turn. */
export function routeRequests(route: RouteShape): BadRequest[] {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const base = route.params ? (plausible(route.params) as Fields) : {};
  const fill = (values: Fields) =>
    route.url.replace(/:(\w+)/g, (_all, name: string) =>
      encodeURIComponent(asText(values[name] ?? 'fuzz')),
    );
  const url = fill(base);
  const requests = [...bodyRequests(route, url), ...queryRequests(route, url)];
  if (requests.length === 0) requests.push({ what: 'no input', url });
  for (const name of names) {
    for (const segment of BAD_SEGMENTS) {
      const broken = route.url.replace(/:(\w+)/g, (_all, other: string) =>
        other === name ? segment : encodeURIComponent(asText(base[other] ?? 'fuzz')),
      );
      requests.push({ what: `parameter ${name} = ${segment.slice(0, 30)}`, url: broken });
    }
  }
  return requests;
}
