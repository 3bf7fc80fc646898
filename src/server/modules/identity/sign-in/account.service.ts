import { eq } from 'drizzle-orm';
import type { Depart, UserInfo } from '@shared/contract/identity.js';
import { AppError } from '@shared/errors.js';
import type { Language } from '@shared/i18n/languages.js';
import type { TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import { hashPassword, verifyPassword } from './credentials.js';
import { agentCodeOf, departsOf, findUserById, toUserInfo } from './sign-in.queries.js';
import { sessions, users } from '../identity.tables.js';
import { assertNewPassword } from '../users/password-rules.js';
import { revokeSessionsOf } from './session.service.js';

/**
 * POST /sys/user/updatePassword: the signed-in user changes their own password, with the
 * rules of spec 01 §5 checked here too. Other sessions of the user are signed out.
 */
export async function updateOwnPassword(
  tx: TenantTx,
  actor: Actor,
  input: { username: string; oldpassword: string; password: string; confirmpassword: string },
): Promise<null> {
  if (input.username.toLowerCase() !== actor.username.toLowerCase())
    throw new AppError('password.not_own_account');
  if (!input.oldpassword)
    throw new AppError('password.old_required', {}, [{ path: 'oldpassword', rule: 'required' }]);
  assertNewPassword(input.password, input.confirmpassword);
  const user = await findUserById(tx, actor.userId);
  if (!user) throw new AppError('user.not_found');
  if (!(await verifyPassword(user.passwordHash, input.oldpassword)))
    throw new AppError('password.old_incorrect');
  if (input.oldpassword === input.password) throw new AppError('password.same_as_old');
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeSessionsOf(tx, user.id, actor.sessionId);
  return null;
}

/** GET /sys/user/getCurrentUserDeparts: the user's departments and the current one. */
export async function currentUserDeparts(
  tx: TenantTx,
  actor: Actor,
): Promise<{ list: Depart[]; orgCode: string | null }> {
  return { list: await departsOf(tx, actor.userId), orgCode: actor.orgCode };
}

/** POST /sys/selectDepart: switches the department the user works in, for this session and the next. */
export async function selectDepart(
  tx: TenantTx,
  actor: Actor,
  input: { orgCode: string; username?: string },
): Promise<{ userInfo: UserInfo }> {
  if (input.username && input.username.toLowerCase() !== actor.username.toLowerCase()) {
    throw new AppError('common.forbidden');
  }
  const departs = await departsOf(tx, actor.userId);
  if (!departs.some((depart) => depart.orgCode === input.orgCode)) {
    throw new AppError('depart.not_member', { orgCode: input.orgCode });
  }
  const [user] = await tx
    .update(users)
    .set({ orgCode: input.orgCode, updatedAt: new Date() })
    .where(eq(users.id, actor.userId))
    .returning();
  await tx.update(sessions).set({ orgCode: input.orgCode }).where(eq(sessions.id, actor.sessionId));
  if (!user) throw new AppError('user.not_found');
  return { userInfo: toUserInfo(user, await agentCodeOf(tx)) };
}

/** The signed-in user's own info (GET /sys/user/info). */
export async function currentUserInfo(tx: TenantTx, actor: Actor): Promise<UserInfo> {
  const user = await findUserById(tx, actor.userId);
  if (!user) throw new AppError('user.not_found');
  return toUserInfo({ ...user, orgCode: actor.orgCode }, await agentCodeOf(tx));
}

/**
 * Keeps the language the user's app names as the user's own choice, so replies to requests
 * that name no language come in it.
 */
export async function rememberLanguage(tx: TenantTx, actor: Actor, language: Language): Promise<void> {
  if (actor.language === language) return;
  await tx.update(users).set({ language }).where(eq(users.id, actor.userId));
}
