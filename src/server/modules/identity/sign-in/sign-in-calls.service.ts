/**
 * The sign-in calls as the routes declare them: each public sign-in (password, phone, CAS
 * ticket, registration, password reset) first counts against the caller's address's limit
 * (LOGIN_RATE_LIMIT, `login:ip:<ip>`), then signs in; a password sign-in told to wait says how
 * long in Retry-After too, for clients that read the header. The permission read after sign-in
 * first keeps the language the app names, in the same transaction.
 */
import { LOGIN_RATE_LIMIT } from '@shared/domain/session.js';
import type { z } from 'zod';
import type {
  casQuery,
  forgePasswordBody,
  LoginBody,
  permissionQuery,
  phoneLoginBody,
  registerBody,
  smsBody,
} from '@shared/contract/identity.js';
import { AppError } from '@shared/errors.js';
import { isLanguage } from '@shared/i18n/languages.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import type { RouteCall } from '@server/http/route-kit.js';
import { originOf } from '@server/http/scope.js';
import { translatorFor } from '@server/i18n.js';
import { hitRateLimit } from '../../system/index.js';
import { rememberLanguage } from './account.service.js';
import { loginWithCasTicket } from './cas.service.js';
import { userPermissions } from './menu.service.js';
import { loginWithPhone, registerSeller, resetPasswordByPhone, sendSmsCode } from './phone.service.js';
import { loginWithPassword } from './session.service.js';

/** Counts a sign-in against the caller's address; refuses it past the limit. */
async function limitSignIn(call: RouteCall): Promise<void> {
  await hitRateLimit(call.deps.db, `login:ip:${call.request.ip}`, LOGIN_RATE_LIMIT);
}

export async function passwordSignIn(input: LoginBody, call: RouteCall) {
  await limitSignIn(call);
  try {
    return await loginWithPassword(call.deps.db, originOf(call.request), input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'auth.login_delayed')
      void call.reply.header('retry-after', String(error.params.seconds));
    throw error;
  }
}

export async function phoneSignIn(input: z.output<typeof phoneLoginBody>, call: RouteCall) {
  await limitSignIn(call);
  return loginWithPhone(call.deps.db, originOf(call.request), input);
}

export async function casSignIn(input: z.output<typeof casQuery>, call: RouteCall) {
  await limitSignIn(call);
  return loginWithCasTicket(call.deps.db, call.deps.casServerUrl, originOf(call.request), input);
}

export async function signUp(input: z.output<typeof registerBody>, call: RouteCall) {
  await limitSignIn(call);
  return registerSeller(call.deps.db, originOf(call.request), input);
}

export async function resetForgottenPassword(
  input: z.output<typeof forgePasswordBody>,
  call: RouteCall,
): Promise<null> {
  await limitSignIn(call);
  await resetPasswordByPhone(call.deps.db, originOf(call.request), input);
  return null;
}

export async function sendSignInCode(input: z.output<typeof smsBody>, call: RouteCall): Promise<null> {
  await sendSmsCode(call.deps.db, call.deps.sms, originOf(call.request), input, translatorFor(call.language));
  return null;
}

/** The caller's menu and permissions; the app names the language it shows, after sign-in and each switch. */
export async function permissionsNamingLanguage(
  tx: TenantTx,
  actor: Actor,
  query: z.output<typeof permissionQuery>,
  call: RouteCall,
) {
  if (isLanguage(query.lang)) await rememberLanguage(tx, actor, query.lang);
  return userPermissions(tx, actor, call.language, translatorFor(call.language));
}
