/**
 * No route takes text PostgreSQL cannot store: every string of every route in the OpenAPI
 * document (path, query, JSON body, nested in objects, arrays and unions) gets a NUL, and every
 * body string an unpaired surrogate, with the rest of the request shaped by the schema. Each
 * must be refused with 400 naming that field; never a 500, never accepted. A route added later
 * is covered by being in the document. The PDA push may instead reject the op itself (200, every
 * op `rejected`). An unpaired surrogate cannot travel in a URL (it has no UTF-8 form), so path
 * and query strings get the NUL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiOperations,
  build,
  stringPlaces,
  takesText,
  type Operation,
  type Segment,
} from '../support/openapi.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

interface Case {
  part: 'path' | 'query' | 'body';
  segments: Segment[];
  value: string;
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
/** The push answers a bad op per op; everything else refuses the request. */
const PER_OP_REJECTION = new Set(['POST /api/pda/sync/push']);
const SKIP = new Set(['POST /api/sys/logout']);
const USERS = ['admin', 'agent', 'waremanager', 'warestaff', 'seller'];

let world: TestWorld;
const tokens: Record<string, string> = {};
const operations: Operation[] = [];

beforeAll(async () => {
  world = await createTestWorld();
  for (const name of USERS) tokens[name] = await world.login(name);
  operations.push(...(await apiOperations(world, SKIP)));
});
afterAll(() => world.close());

function casesOf(operation: Operation): Case[] {
  const cases: Case[] = [];
  for (const parameter of operation.parameters) {
    if (
      (parameter.in === 'path' || parameter.in === 'query') &&
      parameter.schema &&
      takesText(parameter.schema)
    )
      cases.push({ part: parameter.in, segments: [parameter.name], value: NUL });
  }
  if (operation.body)
    for (const segments of stringPlaces(operation.body))
      for (const value of [NUL, LONE_SURROGATE]) cases.push({ part: 'body', segments, value });
  return cases;
}

function requestOf(operation: Operation, testCase: Case, token: string | undefined) {
  const named = (part: Case['part'], name: string) => testCase.part === part && testCase.segments[0] === name;
  const path = operation.path.replace(/{([^}]+)}/g, (_, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    const value = named('path', name) ? testCase.value : String(build(parameter?.schema ?? {}, null, ''));
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    if (named('query', parameter.name)) query.set(parameter.name, testCase.value);
    else if (parameter.required) query.set(parameter.name, String(build(parameter.schema ?? {}, null, '')));
  }
  const body =
    operation.body === undefined
      ? undefined
      : build(operation.body, testCase.part === 'body' ? testCase.segments : null, testCase.value);
  return world.app.inject({
    method: operation.method as 'POST',
    url: `${path}${query.size > 0 ? `?${query}` : ''}`,
    remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.2`,
    headers: token ? { 'x-access-token': token } : {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

interface Reply {
  code?: string;
  fields?: { path: string; rule: string }[];
  result?: { results?: { status: string }[] };
}

/** Why a reply does not refuse the case as it must, or null when it does. */
function problemOf(operation: Operation, testCase: Case, status: number, reply: Reply): string | null {
  if (status >= 500) return `${status} ${reply.code ?? ''}`;
  if (status >= 200 && status < 300) {
    const results = reply.result?.results ?? [];
    const rejectedPerOp =
      PER_OP_REJECTION.has(`${operation.method} ${operation.path}`) &&
      results.length > 0 &&
      results.every((result) => result.status === 'rejected');
    return rejectedPerOp ? null : `${status}: accepted`;
  }
  const field = testCase.segments.join('.');
  const named = (reply.fields ?? []).some(
    (candidate) => candidate.path === field || field.startsWith(`${candidate.path}.`),
  );
  if (status === 400 && named) return null;
  return `${status} ${reply.code ?? ''} without naming ${field}: ${JSON.stringify(reply.fields ?? []).slice(0, 160)}`;
}

describe('text PostgreSQL cannot store, on every route', () => {
  it('finds the routes and their strings in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.flatMap(casesOf).length).toBeGreaterThan(500);
  });

  it('refuses a NUL in the text filters that answered 500, with the field and a translated message', async () => {
    const filters: [string, string, string][] = [
      ['seller', '/api/catalog/sku/list?skuSearch=a%00b', 'skuSearch'],
      ['seller', '/api/catalog/product/list?skuSearch=a%00b', 'skuSearch'],
      ['seller', '/api/catalog/excel/export?skuSearch=a%00b', 'skuSearch'],
      ['seller', '/api/inventory/stock/list?skuSearch=a%00b', 'skuSearch'],
      ['seller', '/api/inventory/stock/locations?skuSearch=a%00b', 'skuSearch'],
      ['seller', '/api/inventory/stock/records?skuSearch=a%00b', 'skuSearch'],
      ['admin', '/api/sys/annountCement/list?titile=a%00b', 'titile'],
      ['admin', '/api/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=a%00b', 'titile'],
      ['admin', '/api/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=a%00b', 'fieldVal'],
    ];
    for (const [user, url, field] of filters) {
      const response = await world.request({
        method: 'GET',
        url,
        token: tokens[user],
        headers: { 'accept-language': 'en-US' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        code: 'common.validation',
        fields: [
          {
            path: field,
            rule: 'invalid_characters',
            message: 'contains a character that cannot be stored (a NUL or a broken character)',
          },
        ],
      });
    }
  });

  it('refuses a NUL or an unpaired surrogate in any string with 400 naming the field', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      const cases = casesOf(operation);
      if (cases.length === 0) continue;
      let token: string | undefined;
      for (const user of [undefined, ...USERS]) {
        token = user ? tokens[user] : undefined;
        const probe = await requestOf(operation, cases[0] as Case, token);
        if (probe.statusCode !== 401 && probe.statusCode !== 403) break;
      }
      const replies = await Promise.all(cases.map((testCase) => requestOf(operation, testCase, token)));
      sent += replies.length;
      for (const [index, response] of replies.entries()) {
        const testCase = cases[index] as Case;
        const isJson = String(response.headers['content-type']).startsWith('application/json');
        const reply = (isJson ? response.json() : {}) as Reply;
        const problem = problemOf(operation, testCase, response.statusCode, reply);
        if (problem)
          failures.push(
            `${operation.method} ${operation.path} ${testCase.part} ${testCase.segments.join('.')} ${JSON.stringify(testCase.value)} → ${problem}`,
          );
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 240_000);
});
