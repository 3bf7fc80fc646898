/**
 * Wrong passwords counted per account, whichever address they come from: the
 * per-address lockout (login-lockout.ts) stops one address guessing, this stops many. The wrong
 * passwords since an account's last sign-in are kept in login_failures (shared by every server
 * node, committed outside the sign-in transaction). The first ACCOUNT_FREE_FAILURES cost
 * nothing; after each further one the next attempt, from any address, waits twice as long as
 * after the one before (`auth.login_delayed`, 429 with the seconds and Retry-After), and at
 * ACCOUNT_LOCK_FAILURES password sign-in is locked (`auth.login_locked`) until a verified
 * channel lifts it: a sign-in with a code sent to the account's phone (any sign-in ends the
 * count), a new password set with such a code, or an administrator setting the password or
 * unfreezing the user. A stranger can so stop password sign-in, never the owner's SMS sign-in.
 * The key is the per-address one without the address: a username that exists nowhere is
 * counted, delayed and locked exactly like a real one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FailedSignIns } from '@shared/contract/identity.js';
import {
  ACCOUNT_FIRST_DELAY_MS,
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_LOCK_FAILURES,
} from '@shared/domain/session.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, type Db, type TenantTx } from '@server/db/client.js';
import { sha256 } from './credentials.js';

export interface AccountKey {
  /** The tenant the username was looked up in; null when no tenant matched. */
  tenantId: string | null;
  username: string;
}

const keyOf = ({ tenantId, username }: AccountKey) =>
  `${tenantId ?? '-'}:${sha256(username.trim().toLowerCase())}`;

/** Whether a checked attempt may start now, on the row as it was before this attempt. */
const isOpen = sql`(f.failures < ${ACCOUNT_LOCK_FAILURES}::integer
  and now() >= f.checked_at + make_interval(secs => case when f.failures < ${ACCOUNT_FREE_FAILURES}::integer
    then 0 else ${ACCOUNT_FIRST_DELAY_MS / 1000}::float8 * power(2, f.failures - ${ACCOUNT_FREE_FAILURES}::integer) end))`;

export type AccountAttempt = {
  /** What a wrong password answers when it is the one that locks the account; null otherwise. */
  failure: AppError | null;
};

/**
 * Reserves one checked attempt for the account before its password is checked, so guesses in
 * parallel from many addresses cannot outrun the wait; refuses, and counts the refusal for the
 * owner's notice, while the account must wait (`auth.login_delayed`) or is locked.
 */
export async function beginAccountAttempt(db: Db, key: AccountKey): Promise<AccountAttempt> {
  const [row] = rowsOf<{ checked: boolean; failures: number; waitSeconds: number | string }>(
    await db.execute(sql`
      insert into login_failures as f (key, failures, uncounted, checked_at, last_checked, last_at)
      values (${keyOf(key)}, 1, 0, now(), true, now())
      on conflict (key) do update set
        failures = f.failures + case when ${isOpen} then 1 else 0 end,
        uncounted = f.uncounted + case when ${isOpen} then 0 else 1 end,
        checked_at = case when ${isOpen} then now() else f.checked_at end,
        last_checked = ${isOpen},
        previous_at = f.last_at,
        last_at = now()
      returning last_checked as checked, failures,
        extract(epoch from checked_at + make_interval(secs => ${ACCOUNT_FIRST_DELAY_MS / 1000}::float8
          * power(2, greatest(failures - ${ACCOUNT_FREE_FAILURES}::integer, 0))) - now()) as "waitSeconds"`),
  );
  if (!row) throw new Error('login_failures row missing');
  const isLocked = row.failures >= ACCOUNT_LOCK_FAILURES;
  if (!row.checked) {
    if (isLocked) throw new AppError('auth.login_locked');
    throw new AppError('auth.login_delayed', { seconds: Math.max(1, Math.ceil(Number(row.waitSeconds))) });
  }
  return { failure: isLocked ? new AppError('auth.login_locked') : null };
}

/**
 * Ends the account's count at a successful sign-in and answers what its owner is told: the
 * failed attempts since the last sign-in and when the last was, or undefined when there were
 * none. `isOwnAttempt`: the sign-in is a password attempt reserved by beginAccountAttempt, which
 * is then not one of them.
 */
export async function takeFailedSignIns(
  tx: TenantTx,
  key: AccountKey,
  isOwnAttempt: boolean,
): Promise<FailedSignIns | undefined> {
  const [row] = rowsOf<{
    failures: number;
    uncounted: number;
    last_checked: boolean;
    last_at: Date | string;
    previous_at: Date | string | null;
  }>(
    await tx.execute(sql`
      delete from login_failures where key = ${keyOf(key)}
      returning failures, uncounted, last_checked, last_at, previous_at`),
  );
  if (!row) return undefined;
  const count = row.failures + row.uncounted - (isOwnAttempt ? 1 : 0);
  const lastAt = isOwnAttempt && row.last_checked ? row.previous_at : row.last_at;
  if (count < 1 || !lastAt) return undefined;
  return { count, lastAt: new Date(lastAt).toISOString() };
}

/**
 * Whether the account of the user row named by these columns has its password sign-in locked
 * (the user list's 'Locked'): its login_failures row, keyed in SQL as keyOf keys it, has reached
 * ACCOUNT_LOCK_FAILURES.
 */
export function isAccountLocked(tenantId: AnyPgColumn, username: AnyPgColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from login_failures f
    where f.key = ${tenantId}::text || ':' || encode(sha256(convert_to(lower(btrim(${username})), 'UTF8')), 'hex')
      and f.failures >= ${ACCOUNT_LOCK_FAILURES}::integer)`;
}

/**
 * Lifts the account's wait and lock (an administrator unlocked it, or its owner set a new
 * password with a code sent to its phone); its failed attempts stay for the owner's notice.
 */
export async function liftAccountLockout(tx: TenantTx, key: AccountKey): Promise<void> {
  await tx.execute(sql`
    update login_failures set uncounted = uncounted + failures, failures = 0 where key = ${keyOf(key)}`);
}
