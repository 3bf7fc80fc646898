/**
 * The API as its OpenAPI document describes it, for tests that walk every route: the operations
 * with their parameters and JSON body schema, and a generic sample of what a schema takes.
 */
import { randomUUID } from 'node:crypto';
import type { TestWorld } from './test-app.js';

export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minItems?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}
export type Segment = string | number;

/** Every operation under /api, but those named in `skip` ("METHOD /api/path"). */
export async function apiOperations(
  world: TestWorld,
  skip: ReadonlySet<string> = new Set(),
): Promise<Operation[]> {
  const spec = (await world.request({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (skip.has(`${method.toUpperCase()} ${path}`)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

export const optionsOf = (schema: JsonSchema) =>
  (schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []).filter((option) => option.type !== 'null');
export const takesText = (schema: JsonSchema): boolean =>
  schema.type === 'string' || optionsOf(schema).some(takesText);

/** Every place in a schema where a string goes, as the segments that lead to it. */
export function stringPlaces(schema: JsonSchema, prefix: Segment[] = []): Segment[][] {
  const places: Segment[][] = [];
  if (takesText(schema) && prefix.length > 0) places.push(prefix);
  for (const option of optionsOf(schema))
    places.push(...stringPlaces(option, prefix).filter((p) => p.length > 0));
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    places.push(...stringPlaces(child, [...prefix, key]));
  if (schema.items) places.push(...stringPlaces(schema.items, [...prefix, 0]));
  const seen = new Set<string>();
  return places.filter((place) => {
    const key = JSON.stringify(place);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function leadsTo(schema: JsonSchema, rest: Segment[]): boolean {
  if (rest.length === 0) return takesText(schema);
  if (optionsOf(schema).some((option) => leadsTo(option, rest))) return true;
  const [head, ...tail] = rest;
  if (typeof head === 'number') return schema.items ? leadsTo(schema.items, tail) : false;
  const child = schema.properties?.[head ?? ''];
  return child ? leadsTo(child, tail) : false;
}

/** A value the schema takes (as far as a generic sample can), with `value` at `rest` when given. */
export function build(schema: JsonSchema, rest: Segment[] | null, value: unknown): unknown {
  if (rest && rest.length === 0) return value;
  const options = optionsOf(schema);
  if (options.length > 0) {
    const chosen = (rest && options.find((option) => leadsTo(option, rest))) ?? options[0];
    if (chosen) return build(chosen, rest, value);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'object' || schema.properties) {
    const object: Record<string, unknown> = {};
    for (const key of schema.required ?? []) {
      const child = schema.properties?.[key];
      if (child) object[key] = build(child, rest?.[0] === key ? rest.slice(1) : null, value);
    }
    const head = rest?.[0];
    if (rest && typeof head === 'string' && !(head in object) && schema.properties?.[head])
      object[head] = build(schema.properties[head], rest.slice(1), value);
    return object;
  }
  if (schema.type === 'array') {
    if (!schema.items) return [];
    if (rest) return [build(schema.items, rest.slice(1), value)];
    return (schema.minItems ?? 0) > 0 ? [build(schema.items, null, value)] : [];
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.type === 'string') {
    if (schema.format === 'uuid') return randomUUID();
    if (schema.format === 'date-time') return new Date().toISOString();
    return 'x';
  }
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (schema.type === 'boolean') return false;
  return null;
}
