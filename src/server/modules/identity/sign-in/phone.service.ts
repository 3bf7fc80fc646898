/**
 * SMS codes and what they unlock: phone login, registration and password retrieval. Codes
 * are 6 digits, stored hashed, valid 5 minutes, one per phone per minute, 5 tries each.
 * A wrong try is counted and committed before the refusal is thrown.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LoginResult, SmsMode } from '@shared/contract/identity.js';
import { USER_STATUS } from '@shared/domain/roles.js';
import { SMS_CODE_TTL_MS, SMS_MAX_ATTEMPTS, SMS_RATE_LIMIT, SMS_RESEND_MS } from '@shared/domain/session.js';
import { AppError } from '@shared/errors.js';
import { withTenant, type Db, type TenantTx } from '@server/db/client.js';
import type { RequestOrigin } from '@server/http/scope.js';
import type { Translate } from '@server/i18n.js';
import { hitRateLimit } from '../../system/index.js';
import { hashPassword, hashSmsCode, newSmsCode, sameHash } from './credentials.js';
import { departments, roles, userDeparts, userRoles, smsCodes, users } from '../identity.tables.js';
import { clearLoginLockouts } from './login-lockout.js';
import { assertNewPassword } from '../users/password-rules.js';
import { findUserByPhone, findUserByUsername } from './sign-in.queries.js';
import { openSession, revokeSessionsOf } from './session.service.js';
import type { SmsSender } from './sms.js';
import { resolveLoginTenant, resolveTenantId } from '../../tenants/index.js';

const PURPOSE: Record<SmsMode, 'login' | 'register' | 'reset'> = {
  '0': 'login',
  '1': 'register',
  '2': 'reset',
};

/** POST /account/sms: sends a code for login (0), registration (1) or password retrieval (2). */
export async function sendSmsCode(
  db: Db,
  sender: SmsSender,
  origin: RequestOrigin,
  input: { mobile: string; smsmode: SmsMode; agentCode?: string },
  t: Translate,
): Promise<void> {
  await hitRateLimit(db, `sms:ip:${origin.ip}`, SMS_RATE_LIMIT, 'auth.sms_too_frequent');
  const purpose = PURPOSE[input.smsmode];
  const tenantId =
    purpose === 'register'
      ? await resolveTenantId(db, origin.domain, input.agentCode)
      : await resolveLoginTenant(
          db,
          { domain: origin.domain, agentCode: input.agentCode },
          { phone: input.mobile },
        );
  if (!tenantId) {
    throw new AppError(purpose === 'register' ? 'auth.tenant_unknown' : 'auth.phone_not_registered');
  }
  const code = newSmsCode();
  await withTenant(db, tenantId, async (tx) => {
    const user = await findUserByPhone(tx, input.mobile);
    if (purpose === 'register' && user) throw new AppError('auth.register_phone_taken');
    if (purpose !== 'register' && !user) throw new AppError('auth.phone_not_registered');
    const [recent] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, input.mobile), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (recent && Date.now() - recent.createdAt.getTime() < SMS_RESEND_MS) {
      throw new AppError('auth.sms_too_frequent', { seconds: Math.ceil(SMS_RESEND_MS / 1000) });
    }
    await tx.insert(smsCodes).values({
      phone: input.mobile,
      purpose,
      codeHash: hashSmsCode(input.mobile, code),
      expiresAt: new Date(Date.now() + SMS_CODE_TTL_MS),
    });
  });
  await sender.send(input.mobile, t('messages:sms.code_text', { code, minutes: SMS_CODE_TTL_MS / 60000 }));
}

type CodeCheck = { ok: true } | { ok: false; error: AppError };

/** Consumes the latest live code of this phone and purpose when it matches. */
async function consumeCode(tx: TenantTx, phone: string, purpose: string, code: string): Promise<CodeCheck> {
  const [latest] = await tx
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.usedAt),
        sql`${smsCodes.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!latest || latest.attempts >= SMS_MAX_ATTEMPTS)
    return { ok: false, error: new AppError('auth.sms_code_invalid') };
  if (!sameHash(latest.codeHash, hashSmsCode(phone, code))) {
    await tx
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, latest.id));
    return { ok: false, error: new AppError('auth.sms_code_invalid') };
  }
  await tx.update(smsCodes).set({ usedAt: new Date() }).where(eq(smsCodes.id, latest.id));
  return { ok: true };
}

/** POST /sys/phoneLogin: mobile number and the code sent to it. */
export async function loginWithPhone(
  db: Db,
  origin: RequestOrigin,
  input: { mobile: string; captcha: string; agentCode?: string },
): Promise<LoginResult> {
  const tenantId = await resolveLoginTenant(
    db,
    { domain: origin.domain, agentCode: input.agentCode },
    { phone: input.mobile },
  );
  if (!tenantId) throw new AppError('auth.sms_code_invalid');
  const outcome = await withTenant(db, tenantId, async (tx) => {
    const check = await consumeCode(tx, input.mobile, 'login', input.captcha);
    if (!check.ok) return check;
    const user = await findUserByPhone(tx, input.mobile);
    if (!user) return { ok: false as const, error: new AppError('auth.phone_not_registered') };
    return { ok: true as const, result: await openSession(tx, user, origin, 'sms') };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

/** POST /auth/register: a new seller account in the tenant of the site, confirmed by SMS. */
export async function registerSeller(
  db: Db,
  origin: RequestOrigin,
  input: {
    username: string;
    password: string;
    confirmPassword: string;
    mobile: string;
    captcha: string;
    realname?: string;
    email?: string;
    agentCode?: string;
  },
): Promise<{ username: string }> {
  assertNewPassword(input.password, input.confirmPassword);
  const tenantId = await resolveTenantId(db, origin.domain, input.agentCode);
  if (!tenantId) throw new AppError('auth.tenant_unknown');
  const passwordHash = await hashPassword(input.password);
  const outcome = await withTenant(db, tenantId, async (tx): Promise<CodeCheck> => {
    if (await findUserByUsername(tx, input.username)) throw new AppError('auth.register_username_taken');
    if (await findUserByPhone(tx, input.mobile)) throw new AppError('auth.register_phone_taken');
    const check = await consumeCode(tx, input.mobile, 'register', input.captcha);
    if (!check.ok) return check;
    const [seller] = await tx
      .select({ id: departments.id, orgCode: departments.orgCode })
      .from(departments)
      .where(eq(departments.orgCode, SELLER_DEPART_CODE));
    const [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        realname: input.realname || input.username,
        phone: input.mobile,
        email: input.email ?? null,
        passwordHash,
        userRole: 'seller',
        orgCode: seller?.orgCode ?? null,
        status: USER_STATUS.normal,
      })
      .returning();
    if (!user) throw new AppError('common.internal');
    await tx.update(users).set({ sellerId: user.id }).where(eq(users.id, user.id));
    if (seller) await tx.insert(userDeparts).values({ userId: user.id, departId: seller.id });
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.roleCode, 'seller'), isNull(roles.sellerId)));
    if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
  return { username: input.username };
}

/** The department new sellers join. */
export const SELLER_DEPART_CODE = 'A01A02';

/** POST /auth/forge-password: a new password for the account of this phone, confirmed by SMS. */
export async function resetPasswordByPhone(
  db: Db,
  origin: RequestOrigin,
  input: { mobile: string; captcha: string; password: string; confirmPassword: string; agentCode?: string },
): Promise<void> {
  assertNewPassword(input.password, input.confirmPassword);
  const tenantId = await resolveLoginTenant(
    db,
    { domain: origin.domain, agentCode: input.agentCode },
    { phone: input.mobile },
  );
  if (!tenantId) throw new AppError('auth.sms_code_invalid');
  const passwordHash = await hashPassword(input.password);
  const outcome = await withTenant(db, tenantId, async (tx): Promise<CodeCheck> => {
    const check = await consumeCode(tx, input.mobile, 'reset', input.captcha);
    if (!check.ok) return check;
    const user = await findUserByPhone(tx, input.mobile);
    if (!user) return { ok: false, error: new AppError('auth.phone_not_registered') };
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await clearLoginLockouts(tx, tenantId, user.username);
    await revokeSessionsOf(tx, user.id);
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
}
