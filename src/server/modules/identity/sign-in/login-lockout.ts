/**
 * Wrong passwords lock a username for the address they came from, not for everyone: five
 * attempts that did not sign in within 15 minutes, and that address is refused for that
 * username until the oldest of them is 15 minutes old. The owner signing in from another
 * address is not affected, and the attacker's address stays refused. An unknown username locks
 * exactly like a real one, so no reply tells whether an account exists. The attempts are kept
 * in rate_limits (shared by every server node) and committed outside the sign-in transaction.
 * Many addresses guessing one account meet the account-wide wait and lock (account-lockout.ts).
 */
import { LOCKOUT_MS, MAX_FAILED_LOGINS } from '@shared/domain/session.js';
import { AppError } from '@shared/errors.js';
import type { Db, TenantTx } from '@server/db/client.js';
import { clearRateLimits, countHit, minutesOf } from '../../system/index.js';
import { liftAccountLockout } from './account-lockout.js';
import { sha256 } from './credentials.js';

const LOCKOUT = { attempts: MAX_FAILED_LOGINS, windowMs: LOCKOUT_MS };
const PREFIX = 'login:fail';

export interface LoginAttemptKey {
  /** The tenant the username was looked up in; null when no tenant matched. */
  tenantId: string | null;
  ip: string;
  username: string;
}

/** The username's part of a key: fixed length, so a LIKE pattern on it matches no other. */
const usernamePart = (username: string) => sha256(username.trim().toLowerCase());

function keyOf({ tenantId, ip, username }: LoginAttemptKey): string {
  return `${PREFIX}:${tenantId ?? '-'}:${ip.slice(0, 64)}:${usernamePart(username)}`;
}

export type LoginAttempt = {
  /** The refusal to answer when the password turns out wrong. */
  failure: AppError;
  /** Forgets the attempts of this username and address after a successful sign-in. */
  succeeded(): Promise<void>;
};

/**
 * Reserves one attempt before the password is checked, so parallel guesses from one address
 * cannot exceed the limit; refuses with `auth.account_locked` when the address has used them all.
 */
export async function beginLoginAttempt(db: Db, key: LoginAttemptKey): Promise<LoginAttempt> {
  const id = keyOf(key);
  const attempt = await countHit(db, id, LOCKOUT);
  const locked = () => new AppError('auth.account_locked', { minutes: minutesOf(attempt.retryAfterMs) });
  if (!attempt.accepted) throw locked();
  return {
    failure: attempt.count >= LOCKOUT.attempts ? locked() : new AppError('auth.bad_credentials'),
    succeeded: () => clearRateLimits(db, id),
  };
}

/**
 * Lifts every address's lock on a username and the account's own wait and lock (its password
 * was just set anew, or an administrator unfroze the user).
 */
export async function clearLoginLockouts(tx: TenantTx, tenantId: string, username: string): Promise<void> {
  await clearRateLimits(tx, `${PREFIX}:${tenantId}:%:${usernamePart(username)}`);
  await liftAccountLockout(tx, { tenantId, username });
}
