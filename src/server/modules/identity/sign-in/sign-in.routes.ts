import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cacheBuster, envelope } from '@shared/contract/common.js';
import {
  casQuery,
  departsResult,
  duplicateCheckQuery,
  forgePasswordBody,
  loginBody,
  loginResult,
  permissionQuery,
  permissionResult,
  phoneLoginBody,
  registerBody,
  selectDepartBody,
  smsBody,
  updatePasswordBody,
  userInfo,
} from '@shared/contract/identity.js';
import { LOGIN_RATE_LIMIT } from '@shared/domain/session.js';
import { AppError } from '@shared/errors.js';
import { isLanguage } from '@shared/i18n/languages.js';
import { nothing } from '@server/http/route-kit.js';
import type { AppDeps } from '@server/deps.js';
import { ok } from '@server/http/reply.js';
import { requestLanguage } from '@server/http/request-context.js';
import { inActorTenant, originOf } from '@server/http/scope.js';
import { translatorFor } from '@server/i18n.js';
import { checkDuplicate, DUPLICATE_CHECK_PERMISSIONS } from '../../system/index.js';
import { hitRateLimit } from '../../system/index.js';
import {
  currentUserDeparts,
  currentUserInfo,
  rememberLanguage,
  selectDepart,
  updateOwnPassword,
} from './account.service.js';
import { loginWithCasTicket } from './cas.service.js';
import { userPermissions } from './menu.service.js';
import { loginWithPhone, registerSeller, resetPasswordByPhone, sendSmsCode } from './phone.service.js';
import { loginWithPassword, logout } from './session.service.js';

/** A sign-in told to wait says how long in Retry-After too, for clients that read the header. */
async function tellingRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'auth.login_delayed')
      void reply.header('retry-after', String(error.params.seconds));
    throw error;
  }
}

export async function signInRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const limitLogin = (ip: string) => hitRateLimit(db, `login:ip:${ip}`, LOGIN_RATE_LIMIT);
  const t = (request: Parameters<typeof requestLanguage>[0]) => translatorFor(requestLanguage(request));

  api.post(
    '/sys/login',
    {
      config: { permission: 'public' },
      schema: { tags: ['session'], body: loginBody, response: { 200: envelope(loginResult) } },
    },
    async (request, reply) => {
      await limitLogin(request.ip);
      const result = await tellingRetryAfter(reply, () =>
        loginWithPassword(db, originOf(request), request.body),
      );
      return ok(result, t(request)('messages:login.success'));
    },
  );

  api.post(
    '/sys/phoneLogin',
    {
      config: { permission: 'public' },
      schema: { tags: ['session'], body: phoneLoginBody, response: { 200: envelope(loginResult) } },
    },
    async (request) => {
      await limitLogin(request.ip);
      const result = await loginWithPhone(db, originOf(request), request.body);
      return ok(result, t(request)('messages:login.success'));
    },
  );

  api.post(
    '/account/sms',
    {
      config: { permission: 'public' },
      schema: { tags: ['session'], body: smsBody, response: { 200: nothing } },
    },
    async (request) => {
      await sendSmsCode(db, deps.sms, originOf(request), request.body, t(request));
      return ok(null, t(request)('messages:sms.sent'));
    },
  );

  api.get(
    '/cas/client/validateLogin',
    {
      config: { permission: 'public' },
      schema: { tags: ['session'], querystring: casQuery, response: { 200: envelope(loginResult) } },
    },
    async (request) => {
      await limitLogin(request.ip);
      const result = await loginWithCasTicket(db, deps.casServerUrl, originOf(request), request.query);
      return ok(result, t(request)('messages:login.success'));
    },
  );

  api.post(
    '/sys/logout',
    { config: { permission: 'authenticated' }, schema: { tags: ['session'], response: { 200: nothing } } },
    async (request) => {
      await inActorTenant(db, request, logout);
      return ok(null, t(request)('messages:logout.success'));
    },
  );

  api.post(
    '/auth/register',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['session'],
        body: registerBody,
        response: { 200: envelope(z.object({ username: z.string() })) },
      },
    },
    async (request) => {
      await limitLogin(request.ip);
      const result = await registerSeller(db, originOf(request), request.body);
      return ok(result, t(request)('messages:register.success'));
    },
  );

  api.post(
    '/auth/forge-password',
    {
      config: { permission: 'public' },
      schema: { tags: ['session'], body: forgePasswordBody, response: { 200: nothing } },
    },
    async (request) => {
      await limitLogin(request.ip);
      await resetPasswordByPhone(db, originOf(request), request.body);
      return ok(null, t(request)('messages:password.reset'));
    },
  );

  api.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['access'],
        querystring: permissionQuery,
        response: { 200: envelope(permissionResult) },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const { lang } = request.query;
      // The app names the language it shows on this call, after sign-in and after each switch.
      const result = await inActorTenant(db, request, async (tx, actor) => {
        if (isLanguage(lang)) await rememberLanguage(tx, actor, lang);
        return userPermissions(tx, actor, language, translatorFor(language));
      });
      return ok(result);
    },
  );

  api.get(
    '/user/info',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['access'], querystring: cacheBuster, response: { 200: envelope(userInfo) } },
    },
    async (request) => ok(await inActorTenant(db, request, currentUserInfo)),
  );

  api.post(
    '/sys/user/updatePassword',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['access'], body: updatePasswordBody, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => updateOwnPassword(tx, actor, request.body));
      return ok(null, t(request)('messages:password.changed'));
    },
  );

  api.get(
    '/sys/user/getCurrentUserDeparts',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['access'], querystring: cacheBuster, response: { 200: envelope(departsResult) } },
    },
    async (request) => ok(await inActorTenant(db, request, currentUserDeparts)),
  );

  api.post(
    '/sys/selectDepart',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['access'],
        body: selectDepartBody,
        response: { 200: envelope(z.object({ userInfo })) },
      },
    },
    async (request) => {
      const result = await inActorTenant(db, request, (tx, actor) => selectDepart(tx, actor, request.body));
      return ok(result, t(request)('messages:depart.selected'));
    },
  );

  api.get(
    '/sys/duplicate/check',
    {
      config: { permission: { anyOf: DUPLICATE_CHECK_PERMISSIONS } },
      schema: { tags: ['access'], querystring: duplicateCheckQuery, response: { 200: nothing } },
    },
    async (request) => {
      await inActorTenant(db, request, (tx, actor) => checkDuplicate(tx, actor, request.query));
      return ok(null, t(request)('messages:duplicate.available'));
    },
  );
}
