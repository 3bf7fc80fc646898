import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

/** A CAS 2.0 server on loopback: ticket ST-good-<user> validates as <user>, anything else fails. */
function startCasServer(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const ticket = url.searchParams.get('ticket') ?? '';
    response.setHeader('content-type', 'application/xml');
    if (url.pathname === '/cas/serviceValidate' && ticket.startsWith('ST-good-')) {
      response.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${ticket.slice(8)}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`,
      );
      return;
    }
    response.end(
      `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let cas: Server;
let world: TestWorld;
let unconfigured: TestWorld;
beforeAll(async () => {
  cas = await startCasServer();
  const { port } = cas.address() as AddressInfo;
  world = await createTestWorld({ casServerUrl: `http://127.0.0.1:${port}/cas` });
  unconfigured = await createTestWorld();
});
afterAll(async () => {
  await world.close();
  await unconfigured.close();
  cas.close();
});

const validate = (target: TestWorld, ticket: string) =>
  target.request({
    method: 'GET',
    url: `/api/cas/client/validateLogin?ticket=${ticket}&service=${encodeURIComponent('http://localhost:8080/')}`,
    headers: { 'x-lang': 'en-US' },
  });

describe('GET /api/cas/client/validateLogin', () => {
  it('signs in the user a valid ticket names', async () => {
    const response = await validate(world, 'ST-good-agent');
    expect(response.json()).toMatchObject({ success: true, result: { userInfo: { username: 'agent' } } });
    const token = response.json().result.token;
    expect((await world.request({ method: 'GET', url: '/api/user/info', token })).statusCode).toBe(200);
  });

  it('refuses an invalid ticket and a user it does not know', async () => {
    expect((await validate(world, 'ST-bad')).json().code).toBe('auth.sso_ticket_invalid');
    expect((await validate(world, 'ST-good-stranger')).json().code).toBe('auth.sso_user_unknown');
  });

  it('says clearly when single sign-on is not configured', async () => {
    const response = await validate(unconfigured, 'ST-good-agent');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'auth.sso_not_configured',
      message: 'Single sign-on is not configured',
    });
  });
});
