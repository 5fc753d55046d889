import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter } from './operations.ts';

/**
 * Values a client could send for a field, derived from the JSON Schema the OpenAPI document holds
 * for the route's zod schema: mostly values the schema accepts (so the request reaches the service
 * and the database), mixed with hostile ones (wrong types, out-of-range numbers, huge and odd
 * strings, nested objects, prototype keys). `hints` adds values that name real objects by field.
 */
export type Hints = Record<string, readonly unknown[]>;

const INT32 = 2_147_483_647;

/** Strings that have broken servers: NUL (PostgreSQL refuses it in text), lone surrogates, … */
const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u0301',
  '𝕏'.repeat(40),
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  "' OR 1=1 --",
  '"; drop table users; --',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\r\nBcc: victim@evil.example',
  'x'.repeat(70_000),
  'é'.repeat(5_000),
);

const oddNumbers = fc.constantFrom(
  -1,
  0,
  0.5,
  -0,
  INT32 + 1,
  -INT32 - 2,
  32_768,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
);

const protoObject = fc.constant(
  JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'),
);

function hostileValue(depth = 0): fc.Arbitrary<unknown> {
  const simple = [
    fc.constant(null),
    oddStrings,
    fc.string({ unit: 'binary', maxLength: 40 }),
    oddNumbers,
    fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
    fc.boolean(),
    protoObject,
  ];
  if (depth >= 2) return fc.oneof(...simple);
  return fc.oneof(
    ...simple,
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  );
}

const typesOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 80;
  const bounds = [
    fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 60) }),
    fc.constant('x'.repeat(max)),
    fc.constant('x'.repeat(max + 1)),
  ];
  if (schema.format === 'email') bounds.push(fc.emailAddress());
  if (schema.pattern) {
    try {
      // zod's export leaves the flags after the source ("…$/u").
      bounds.push(fc.stringMatching(new RegExp(schema.pattern.replace(/\/[a-z]*$/, ''), 'u')));
    } catch {
      // A pattern fast-check cannot generate from: the other strings still probe the route.
    }
  }
  return fc.oneof(...bounds);
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -INT32);
  const max = schema.maximum ?? INT32;
  const inRange = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  return fc.oneof(inRange, fc.constantFrom(min, max, min - 1, max + 1));
}

/** A value the schema accepts (or sits just past one of its bounds). */
function validValue(schema: JsonSchema, hints: Hints, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => validValue(v, hints, depth)));
  const types = typesOf(schema);
  const nonNull = types.filter((t) => t !== 'null');
  const value = (type: string | undefined): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringArb(schema);
      case 'integer':
        return numberArb(schema, true);
      case 'number':
        return numberArb(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(fieldValue(schema.items ?? {}, hints, undefined, depth + 1), {
          maxLength: Math.min((schema.maxItems ?? 4) + 1, 6),
        });
      case 'object':
        return objectValue(schema, hints, depth);
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  };
  const arbitrary = nonNull.length > 0 ? fc.oneof(...nonNull.map(value)) : value(undefined);
  return types.includes('null') ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

/** Mostly valid, sometimes a known object's id or value, sometimes hostile. */
function fieldValue(
  schema: JsonSchema,
  hints: Hints,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const known = name ? hints[name] : undefined;
  return fc.oneof(
    { weight: 5, arbitrary: validValue(schema, hints, depth) },
    ...(known?.length ? [{ weight: 4, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 1, arbitrary: hostileValue(depth) },
  );
}

/** An object of the schema's properties: required ones present but now and then one, stray keys at times. */
function objectValue(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = (schema.required ?? []).filter((key) => key in properties);
  const record = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        fieldValue(property, hints, name, depth + 1),
      ]),
    ),
    { requiredKeys: required },
  );
  const sometimes = <T>(values: T[]) =>
    values.length === 0
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom(...values) },
        );
  const strays = ['__proto__', 'constructor', 'permissions', 'tenant_id', 'is_admin'];
  return fc
    .tuple(record, sometimes(required), sometimes(strays), hostileValue(2))
    .map(([value, dropped, stray, strayValue]) => {
      const object: Record<string, unknown> = { ...value };
      if (dropped) delete object[dropped];
      if (stray) {
        Object.defineProperty(object, stray, {
          value: strayValue,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    });
}

/** The text of a request body: JSON of the schema's shape, another JSON value, or not JSON at all. */
function bodyText(schema: JsonSchema, hints: Hints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: validValue(schema, hints).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: hostileValue(0).map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'nul',
        '\u0000',
        '{"__proto__":',
        `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
        `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      ),
    },
  );
}

/** A query value as text: the schema's, a known one, or hostile; or the parameter repeated. */
function queryValue(parameter: Parameter, hints: Hints): fc.Arbitrary<string[] | undefined> {
  const one = fieldValue(parameter.schema, hints, parameter.name).map((v) =>
    typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
  );
  return fc.option(
    fc.oneof(
      { weight: 6, arbitrary: one.map((v) => [v]) },
      { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }) },
    ),
    { nil: undefined, freq: 3 },
  );
}

/** A path parameter: a fixture's id, or something that is not one. */
function pathValue(known: readonly number[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.map(String)) },
    { weight: 1, arbitrary: fc.nat().map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '2147483648',
        '99999999999999999999',
        '1.5',
        'abc',
        '1e3',
        ' 1',
        '0x10',
        '%00',
        '..',
        '%2e%2e',
      ),
    },
  );
}

export interface FuzzRequest {
  params: Record<string, string>;
  query: Record<string, string[] | undefined>;
  body: string | undefined;
}

/** Whole requests for one operation. */
export function requestArb(
  operation: Operation,
  hints: Hints,
  pathIds: readonly number[],
): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(
    Object.fromEntries(operation.pathParams.map((p) => [p.name, pathValue(pathIds)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.record(
    Object.fromEntries(operation.query.map((p) => [p.name, queryValue(p, hints)])),
  ) as fc.Arbitrary<Record<string, string[] | undefined>>;
  const body =
    operation.body?.contentType === 'application/json'
      ? bodyText(operation.body.schema, hints)
      : fc.constant(undefined);
  return fc.record({ params, query, body });
}
