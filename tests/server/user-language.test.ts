/**
 * Replies come in the signed-in user's language when a request names none: the language the
 * user's app names on the permission call is kept as the user's own, across sessions. A
 * request that names a language (lang, X-Lang, Accept-Language) still gets that one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatorFor } from '@server/i18n.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());

const english = translatorFor('en-US');
const chinese = translatorFor('zh-CN');

/** A refused change of password: its message is translated in the reply's language. */
const refusedPasswordChange = (token: string, headers: Record<string, string> = {}) =>
  world.request({ method: 'POST', url: '/api/sys/user/updatePassword', token, payload: {}, headers });

const permissionCall = (token: string, query = '') =>
  world.request({ method: 'GET', url: `/api/sys/permission/getUserPermissionByToken${query}`, token });

const homeTitle = async (token: string) =>
  (await permissionCall(token)).json().result.menu[0].meta.title as string;

describe('the language of replies to a signed-in user', () => {
  it('is the default (Chinese) for a user who never chose one', async () => {
    const token = await world.login('warestaff');
    const reply = await refusedPasswordChange(token);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message.startsWith(chinese('errors:common.validation'))).toBe(true);
  });

  it("follows the language the user's app names, when a request names none, in every later session", async () => {
    const first = await world.login('service');
    expect((await permissionCall(first, '?lang=en-US')).statusCode).toBe(200);

    const reply = await refusedPasswordChange(first);
    expect(reply.json().message.startsWith(english('errors:common.validation'))).toBe(true);
    expect(await homeTitle(first)).toBe(english('menu:dashboard'));

    const later = await world.login('service');
    expect(await homeTitle(later)).toBe(english('menu:dashboard'));
    const lockedOut = await world.request({ method: 'GET', url: '/api/sys/user/list', token: later });
    expect(lockedOut.statusCode).toBe(403);
    expect(lockedOut.json().message).toBe(english('errors:common.forbidden'));
  });

  it('gives way to a language the request names', async () => {
    const token = await world.login('service');
    await permissionCall(token, '?lang=th-TH');
    const named = await refusedPasswordChange(token, { 'x-lang': 'zh-CN' });
    expect(named.json().message.startsWith(chinese('errors:common.validation'))).toBe(true);
    const browser = await refusedPasswordChange(token, { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(browser.json().message.startsWith(translatorFor('th-TH')('errors:common.validation'))).toBe(true);
    const unnamed = await refusedPasswordChange(token);
    expect(unnamed.json().message.startsWith(translatorFor('th-TH')('errors:common.validation'))).toBe(true);
  });

  it("uses the browser's Accept-Language for a user who chose none, its first supported language", async () => {
    const token = await world.login('warestaff');
    const russian = await refusedPasswordChange(token, { 'accept-language': 'fr-FR,ru;q=0.8,en;q=0.5' });
    expect(russian.json().message.startsWith(translatorFor('ru-RU')('errors:common.validation'))).toBe(true);
    const unknown = await refusedPasswordChange(token, { 'x-lang': 'xx-YY', 'accept-language': 'en-GB' });
    expect(unknown.json().message.startsWith(english('errors:common.validation'))).toBe(true);
  });

  it('keeps no language from a lang parameter that names none of the six', async () => {
    const token = await world.login('waremanager');
    await permissionCall(token, '?lang=xx-YY');
    expect(await homeTitle(token)).toBe(chinese('menu:dashboard'));
    const { rows } = await world.database.ownerPool.query(
      "select language from users where username = 'waremanager'",
    );
    expect(rows[0].language).toBeNull();
  });
});
