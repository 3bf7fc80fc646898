/**
 * Sign-in and the signed-in account's own calls: password, phone and CAS sign-in, the SMS code,
 * sign-out, registration and password reset (the 'session' tag, public but for sign-out), then
 * the caller's permissions, profile, password, departments and the duplicate check (the
 * 'access' tag). Declarations only (http/route-kit.ts); the public sign-ins count against the
 * caller's address first (sign-in-calls.service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cacheBuster } from '@shared/contract/common.js';
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
import type { AppDeps } from '@server/deps.js';
import { declareRoutes, route } from '@server/http/route-kit.js';
import { checkDuplicate, DUPLICATE_CHECK_PERMISSIONS } from '../../system/index.js';
import { currentUserDeparts, currentUserInfo, selectDepart, updateOwnPassword } from './account.service.js';
import {
  casSignIn,
  passwordSignIn,
  permissionsNamingLanguage,
  phoneSignIn,
  resetForgottenPassword,
  sendSignInCode,
  signUp,
} from './sign-in-calls.service.js';
import { logout } from './session.service.js';

export async function signInRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'session', [
    route({
      method: 'POST',
      url: '/sys/login',
      permission: 'public',
      input: loginBody,
      reply: loginResult,
      message: 'login.success',
      serve: passwordSignIn,
    }),
    route({
      method: 'POST',
      url: '/sys/phoneLogin',
      permission: 'public',
      input: phoneLoginBody,
      reply: loginResult,
      message: 'login.success',
      serve: phoneSignIn,
    }),
    route({
      method: 'POST',
      url: '/account/sms',
      permission: 'public',
      input: smsBody,
      reply: z.null(),
      message: 'sms.sent',
      serve: sendSignInCode,
    }),
    route({
      method: 'GET',
      url: '/cas/client/validateLogin',
      permission: 'public',
      input: casQuery,
      reply: loginResult,
      message: 'login.success',
      serve: casSignIn,
    }),
    route({
      method: 'POST',
      url: '/sys/logout',
      permission: 'authenticated',
      reply: z.null(),
      message: 'logout.success',
      run: logout,
    }),
    route({
      method: 'POST',
      url: '/auth/register',
      permission: 'public',
      input: registerBody,
      reply: z.object({ username: z.string() }),
      message: 'register.success',
      serve: signUp,
    }),
    route({
      method: 'POST',
      url: '/auth/forge-password',
      permission: 'public',
      input: forgePasswordBody,
      reply: z.null(),
      message: 'password.reset',
      serve: resetForgottenPassword,
    }),
  ]);

  declareRoutes(app, deps, 'access', [
    route({
      method: 'GET',
      url: '/sys/permission/getUserPermissionByToken',
      permission: 'authenticated',
      input: permissionQuery,
      reply: permissionResult,
      run: permissionsNamingLanguage,
    }),
    route({
      method: 'GET',
      url: '/user/info',
      permission: 'authenticated',
      input: cacheBuster,
      reply: userInfo,
      run: currentUserInfo,
    }),
    route({
      method: 'POST',
      url: '/sys/user/updatePassword',
      permission: 'authenticated',
      input: updatePasswordBody,
      reply: z.null(),
      message: 'password.changed',
      run: updateOwnPassword,
    }),
    route({
      method: 'GET',
      url: '/sys/user/getCurrentUserDeparts',
      permission: 'authenticated',
      input: cacheBuster,
      reply: departsResult,
      run: currentUserDeparts,
    }),
    route({
      method: 'POST',
      url: '/sys/selectDepart',
      permission: 'authenticated',
      input: selectDepartBody,
      reply: z.object({ userInfo }),
      message: 'depart.selected',
      run: selectDepart,
    }),
    route({
      method: 'GET',
      url: '/sys/duplicate/check',
      permission: { anyOf: DUPLICATE_CHECK_PERMISSIONS },
      input: duplicateCheckQuery,
      reply: z.null(),
      message: 'duplicate.available',
      run: checkDuplicate,
    }),
  ]);
}
