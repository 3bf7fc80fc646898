/**
 * Bad input never makes the server answer 500: every route in the OpenAPI document gets
 * malformed, mistyped, over-long, SQL and script payloads, as anonymous and as the
 * administrator, and must answer a 4xx (or 2xx) with the error envelope.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let token: string;
interface Operation {
  method: string;
  path: string;
  properties: string[];
  query: string[];
}
let operations: Operation[] = [];

const NASTY: unknown[] = [
  "' or 1=1 --",
  '<script>alert(1)</script><img src=x onerror=alert(1)>',
  'x'.repeat(10_000),
  12345,
  -1,
  null,
  true,
  [],
  { $gt: '' },
  randomUUID(),
  '../../etc/passwd',
  '\u0000\u0007',
];
const SKIP = new Set(['POST /api/sys/logout']);

beforeAll(async () => {
  world = await createTestWorld();
  token = await world.login('admin');
  const spec = (await world.request({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        properties: Object.keys(schema?.properties ?? {}),
        query: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
      });
    }
  }
  operations = operations.filter(
    (operation) => !SKIP.has(`${operation.method} ${operation.path}`) && operation.path.startsWith('/api'),
  );
});
afterAll(() => world.close());

function fill(path: string, value: string) {
  return path.replace(/{[^}]+}/g, encodeURIComponent(value));
}

async function send(operation: Operation, value: unknown, withToken: boolean) {
  const query = new URLSearchParams();
  for (const name of operation.query)
    query.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  const url = `${fill(operation.path, typeof value === 'string' ? value.slice(0, 100) : String(value))}${operation.query.length ? `?${query}` : ''}`;
  const body = Object.fromEntries(operation.properties.map((name) => [name, value]));
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return world.app.inject({
    method: operation.method as 'GET',
    url,
    remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
    headers: withToken ? { 'x-access-token': token } : {},
    ...(hasBody ? { payload: body } : {}),
  });
}

describe('bad input on every route', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(15);
  });

  it('never answers 500, and answers every refusal with the error envelope', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const variants = [false, true].flatMap((withToken) => NASTY.map((value) => ({ withToken, value })));
      const responses = await Promise.all(
        variants.map(({ withToken, value }) => send(operation, value, withToken)),
      );
      for (const [index, response] of responses.entries()) {
        const value = variants[index]?.value;
        if (response.statusCode >= 500 && response.statusCode !== 502) {
          failures.push(
            `${operation.method} ${operation.path} ${JSON.stringify(value).slice(0, 40)} → ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        } else if (response.statusCode >= 400) {
          const body = response.json() as { success?: boolean; code?: unknown; message?: unknown };
          if (body.success !== false || typeof body.code !== 'string' || typeof body.message !== 'string') {
            failures.push(
              `${operation.method} ${operation.path} → ${response.statusCode} without the envelope`,
            );
          }
        }
      }
      const raw = await world.app.inject({
        method: operation.method as 'POST',
        url: fill(operation.path, 'x'),
        headers: { 'x-access-token': token, 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      if (raw.statusCode >= 500)
        failures.push(`${operation.method} ${operation.path} malformed JSON → ${raw.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect((await world.request({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);
  }, 180_000);

  it('answers an unknown API path with 404 in the envelope', async () => {
    const response = await world.request({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'common.route_not_found' });
  });
});
