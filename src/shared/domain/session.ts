/** Spec 01 §9: a token and the stored user info are valid for 7 days. */
export const SESSION_TTL_MS = 604_800_000;

/** After this many wrong passwords in a row the account is locked. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/**
 * Wrong passwords for one account from any address, since its last sign-in: this many are
 * free; after each further one the next attempt waits twice as long as after the one before
 * (1 s, 2 s, 4 s …); at the ceiling password sign-in is locked until the owner signs in with a
 * code sent to the account's phone or an administrator unlocks the account.
 */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_FIRST_DELAY_MS = 1000;
export const ACCOUNT_LOCK_FAILURES = 20;

/** SMS codes: 6 digits, valid 5 minutes, one per phone per minute, 5 tries. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_MS = 60 * 1000;
export const SMS_MAX_ATTEMPTS = 5;

/** Per-address limit on login-type calls: attempts per window. */
export const LOGIN_RATE_LIMIT = { attempts: 30, windowMs: 10 * 60 * 1000 } as const;
export const SMS_RATE_LIMIT = { attempts: 10, windowMs: 60 * 60 * 1000 } as const;
