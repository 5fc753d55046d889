import { ACCESS_EXTENSION, type Access } from '../../src/http/access.ts';
import type { TestApp } from '../app.ts';

/** The slice of JSON Schema the OpenAPI document holds for our zod schemas (no $ref: all inline). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

/** One API operation as the app's own OpenAPI document declares it. */
export interface Operation {
  /** `PUT /api/v1/ideas/{id}`: the name fixtures and failures use. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
  statuses: number[];
  /** Who may call it, as its route declares (http/access.ts); undefined when it declares nothing. */
  access: Access | undefined;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const changesState = (operation: Operation) => STATE_CHANGING.has(operation.method);

/**
 * Every operation of GET /api/v1/openapi.json. The security suite is generated from this list, so a
 * route added later is covered (or fails for want of a fixture) without anyone editing the suite.
 */
export async function loadOperations(t: TestApp): Promise<Operation[]> {
  const res = await t.request('/api/v1/openapi.json');
  if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`);
  const doc = (await res.json()) as {
    paths: Record<string, Record<string, RawOperation>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      const parameters = raw.parameters ?? [];
      const content = Object.entries(raw.requestBody?.content ?? {})[0];
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: content ? { contentType: content[0], schema: content[1].schema } : null,
        statuses: Object.keys(raw.responses ?? {}).map(Number),
        access: raw[ACCESS_EXTENSION],
      });
    }
  }
  if (operations.length < 30) throw new Error(`only ${operations.length} operations documented`);
  return operations;
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
  [ACCESS_EXTENSION]?: Access;
}

/** The operation's URL with its path parameters filled in and the query appended. */
export function urlOf(
  operation: Operation,
  params: Record<string, string | number>,
  query: Record<string, string | number | undefined> = {},
): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.key}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

let unique = 0;
/** A value unlikely to collide with any earlier one, for names and e-mails that must be new. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${(unique++).toString(36)}`;

/**
 * A minimal value the schema accepts: required properties only, strings and numbers at their
 * lower bounds. Fixtures override what the schema alone cannot say (ids that must exist, patterns).
 */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        if (property) value[name] = sampleOf(property);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email') return `sample-${uniqueSuffix()}@example.edu`;
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.edu/sample';
      return `Sample ${uniqueSuffix()}`.padEnd(schema.minLength ?? 1, 'x');
    default:
      return null;
  }
}
