import { describe, expect, it } from 'vitest';
import { reactionTo } from './error-catalogue.js';

const error = (status: number, message = 'server says no', code = 'x') => ({ status, message, code });

describe('the error catalogue', () => {
  it('answers 403, 404, 502 and 504 with their fixed texts', () => {
    expect(reactionTo(error(403), true)).toEqual({
      kind: 'notify',
      messageKey: 'shell:errors.forbidden',
      logoutAndReload: false,
    });
    expect(reactionTo(error(404), true)).toMatchObject({ messageKey: 'shell:errors.not_found' });
    expect(reactionTo(error(502), true)).toMatchObject({ messageKey: 'shell:errors.bad_gateway' });
    expect(reactionTo(error(504), true)).toMatchObject({ messageKey: 'shell:errors.timeout' });
  });

  it('logs out and reloads on 401 only when a token exists', () => {
    expect(reactionTo(error(401), true)).toMatchObject({
      messageKey: 'shell:errors.unauthorized',
      logoutAndReload: true,
    });
    expect(reactionTo(error(401), false)).toMatchObject({ logoutAndReload: false });
  });

  it('shows the login-expired dialog for a 500 about an expired token, with a token', () => {
    expect(reactionTo(error(500, 'Token expired, please log in'), true)).toEqual({ kind: 'expired-dialog' });
    expect(reactionTo(error(500, 'Token失效，请重新登录'), true)).toEqual({ kind: 'expired-dialog' });
    expect(reactionTo(error(500, 'Token expired'), false)).toMatchObject({
      messageKey: 'shell:errors.server_error',
    });
    expect(reactionTo(error(500, 'NullPointerException'), true)).toMatchObject({
      messageKey: 'shell:errors.server_error',
    });
  });

  it('shows the login-expired dialog for the 401 of a session that ran out of time, with a token', () => {
    expect(reactionTo(error(401, 'Sorry, login has expired', 'auth.token_expired'), true)).toEqual({
      kind: 'expired-dialog',
    });
    expect(reactionTo(error(401, 'Sorry, login has expired', 'auth.token_expired'), false)).toMatchObject({
      messageKey: 'shell:errors.unauthorized',
      logoutAndReload: false,
    });
    expect(reactionTo(error(401, 'Unauthorized', 'common.unauthorized'), true)).toMatchObject({
      messageKey: 'shell:errors.unauthorized',
      logoutAndReload: true,
    });
  });

  it("shows the server's message for other statuses", () => {
    expect(reactionTo(error(422, 'Incorrect username or password'), false)).toEqual({
      kind: 'notify-server',
      message: 'Incorrect username or password',
    });
    expect(reactionTo(error(409, 'taken'), true)).toEqual({ kind: 'notify-server', message: 'taken' });
  });
});
