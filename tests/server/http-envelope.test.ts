/**
 * Every refusal answers in the error envelope with a code, including the ones Node's HTTP
 * parser and Fastify's router make before a route runs. `app.inject` skips the parser, so
 * these requests go over a real socket to the app listening on a free loopback port.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let port: number;

beforeAll(async () => {
  world = await createTestWorld();
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  port = (world.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await world?.close();
});

/** Writes raw bytes to the server and reads the whole answer until the server closes. */
function rawExchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        headers: text.slice(0, split),
        body: text.slice(split + 4),
      });
    });
    socket.write(request);
  });
}

function expectEnvelope(body: unknown, status: number, code: string) {
  expect(body).toMatchObject({ success: false, code, status, result: null });
  const envelope = body as { message: unknown; timestamp: unknown };
  expect(typeof envelope.message).toBe('string');
  expect((envelope.message as string).length).toBeGreaterThan(0);
  expect(typeof envelope.timestamp).toBe('number');
}

describe('errors of the HTTP server itself', () => {
  it('answers a 100 KB query string with 431 in the envelope', async () => {
    const url = `/api/catalog/sku/list?skuSearch=${'a'.repeat(100 * 1024)}`;
    const reply = await rawExchange(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(reply.status).toBe(431);
    expect(reply.headers).toMatch(/content-type: application\/json/i);
    expect(reply.headers).toMatch(/x-content-type-options: nosniff/i);
    expect(reply.headers).toMatch(/content-security-policy: default-src 'none'/i);
    expectEnvelope(JSON.parse(reply.body), 431, 'common.headers_too_large');
  });

  it('answers an oversized header with 431 in the envelope', async () => {
    const reply = await rawExchange(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'b'.repeat(40_000)}\r\n\r\n`,
    );
    expect(reply.status).toBe(431);
    expectEnvelope(JSON.parse(reply.body), 431, 'common.headers_too_large');
  });

  it('answers a request line the parser cannot read with 400 in the envelope', async () => {
    const reply = await rawExchange('NOT A REQUEST\r\n\r\n');
    expect(reply.status).toBe(400);
    expectEnvelope(JSON.parse(reply.body), 400, 'common.bad_request');
  });

  it('answers a body over the limit with 413 in the envelope', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expectEnvelope(await response.json(), 413, 'common.payload_too_large');
  });

  it('answers an address that is not valid percent-encoding in the envelope', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/sys/dict/getDictItems/%E0%A4%A`);
    expect(response.status).toBe(400);
    expectEnvelope(await response.json(), 400, 'common.bad_request');
  });
});
