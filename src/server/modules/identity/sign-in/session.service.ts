/**
 * Sign-in and sessions. A session is a row holding the SHA-256 of an opaque token, valid
 * for 7 days and revoked at logout. Wrong passwords lock the username for the address they
 * came from (login-lockout.ts), and past a few from any address the account waits, then locks
 * (account-lockout.ts). A wrong password and an unknown username get the same reply.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LoginResult } from '@shared/contract/identity.js';
import { USER_STATUS } from '@shared/domain/roles.js';
import { SESSION_TTL_MS } from '@shared/domain/session.js';
import { AppError } from '@shared/errors.js';
import { queryPrepared, withTenant, type Db, type TenantTx } from '@server/db/client.js';
import type { Actor } from '@server/http/actor.js';
import type { RequestOrigin } from '@server/http/scope.js';
import { LOG_TYPE, writeSysLog } from '../../system/index.js';
import { newToken, sha256, verifyDecoy, verifyPassword } from './credentials.js';
import {
  agentCodeOf,
  departsOf,
  findUserByUsername,
  SESSION_ACTOR,
  type SessionActorRow,
  toUserInfo,
  type UserRow,
} from './sign-in.queries.js';
import { sessions, users } from '../identity.tables.js';
import { resolveLoginTenant } from '../../tenants/index.js';
import { beginAccountAttempt, takeFailedSignIns } from './account-lockout.js';
import { beginLoginAttempt } from './login-lockout.js';

/**
 * Creates the session and the reply of every successful sign-in (password, SMS, CAS). Any
 * sign-in ends the account's count of wrong passwords, lifting its wait and lock, and the reply
 * tells the user how many there were. `how`: 'password' for a password attempt reserved by
 * beginAccountAttempt, which is not counted as one of them.
 */
export async function openSession(
  tx: TenantTx,
  user: UserRow,
  origin: RequestOrigin,
  how: 'password' | 'sms' | 'cas',
): Promise<LoginResult> {
  if (user.status === USER_STATUS.frozen) throw new AppError('auth.account_frozen');
  const failedSignIns = await takeFailedSignIns(
    tx,
    { tenantId: user.tenantId, username: user.username },
    how === 'password',
  );
  const token = newToken();
  const departs = await departsOf(tx, user.id);
  let orgCode = user.orgCode;
  if (!departs.some((depart) => depart.orgCode === orgCode)) orgCode = departs[0]?.orgCode ?? null;
  const [updated] = await tx
    .update(users)
    .set({ lastLoginAt: new Date(), orgCode })
    .where(eq(users.id, user.id))
    .returning();
  await tx.insert(sessions).values({
    userId: user.id,
    tokenHash: sha256(token),
    orgCode,
    ip: origin.ip.slice(0, 64),
    userAgent: origin.userAgent.slice(0, 512),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  await writeSysLog(tx, {
    logType: LOG_TYPE.login,
    userId: user.id,
    username: user.username,
    ip: origin.ip,
    content: `login (${how})`,
  });
  return {
    token,
    userInfo: toUserInfo(updated ?? user, await agentCodeOf(tx)),
    departs,
    multiDepart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
    ...(failedSignIns ? { failedSignIns } : {}),
  };
}

/** The session of a user whose password matches, or null: unknown user or wrong password alike. */
async function checkPassword(
  tx: TenantTx,
  username: string,
  password: string,
  origin: RequestOrigin,
): Promise<LoginResult | null> {
  const user = await findUserByUsername(tx, username);
  if (!user) return verifyDecoy(password).then(() => null);
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  return openSession(tx, user, origin, 'password');
}

/** POST /sys/login: username and password, in the tenant of the site or agent code. */
export async function loginWithPassword(
  db: Db,
  origin: RequestOrigin,
  input: { username: string; password: string; agentCode?: string },
): Promise<LoginResult> {
  const tenantId = await resolveLoginTenant(
    db,
    { domain: origin.domain, agentCode: input.agentCode },
    { username: input.username },
  );
  const attempt = await beginLoginAttempt(db, { tenantId, ip: origin.ip, username: input.username });
  const account = await beginAccountAttempt(db, { tenantId, username: input.username });
  const result = tenantId
    ? await withTenant(db, tenantId, (tx) => checkPassword(tx, input.username, input.password, origin))
    : await verifyDecoy(input.password).then(() => null);
  if (!result) throw account.failure ?? attempt.failure;
  await attempt.succeeded();
  return result;
}

/** The actor of a token, or null when the token is unknown, revoked, expired or its user frozen. */
export async function resolveActor(db: Db, token: string): Promise<Actor | null> {
  const outcome = await authenticate(db, token);
  return typeof outcome === 'string' ? null : outcome;
}

/** Why a token signs no one in: its session ran out, or it never was or no longer is valid. */
export type TokenRefusal = 'auth.token_expired' | 'common.unauthorized';

/**
 * The actor of a token, or why there is none. Only a session that ran out of time answers
 * 'auth.token_expired'; an unknown or revoked token and a frozen user answer 'common.unauthorized'.
 * Nothing is cached: every request reads its session, so a logout, a revocation or a freeze (on
 * any node) refuses the very next request. The read is one round trip (SESSION_ACTOR, prepared).
 */
export async function authenticate(db: Db, token: string): Promise<Actor | TokenRefusal> {
  const [session] = await queryPrepared<SessionActorRow>(db, SESSION_ACTOR, [sha256(token)]);
  if (!session || session.revoked_at) return 'common.unauthorized';
  if (new Date(session.expires_at).getTime() <= Date.now()) return 'auth.token_expired';
  const { user_id: userId, username, user_role: userRole } = session;
  if (!userId || !username || !userRole || session.status !== USER_STATUS.normal)
    return 'common.unauthorized';
  return {
    tenantId: session.tenant_id,
    userId,
    sessionId: session.session_id,
    username,
    userRole,
    sellerId: session.seller_id,
    orgCode: session.session_org_code ?? session.org_code,
    permissions: new Set(session.codes),
    isAdmin: userRole === 'admin',
    language: session.language,
  };
}

/** POST /sys/logout: revokes the session; the token answers 401 from now on. */
export async function logout(tx: TenantTx, actor: Actor): Promise<null> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, actor.sessionId), isNull(sessions.revokedAt)));
  return null;
}

/** Revokes every live session of a user except one (after a password change or a freeze). */
export async function revokeSessionsOf(tx: TenantTx, userId: string, keepSessionId?: string): Promise<void> {
  const live = and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date()),
  );
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(keepSessionId ? and(live, sql`${sessions.id} <> ${keepSessionId}`) : live);
}
