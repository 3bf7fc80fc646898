/**
 * The error catalogue in one place: what the user sees for each failure. The
 * admin shows it with antd (notification titled 'system prompt', the 'login expired'
 * dialog), the PDA with antd-mobile; the decision is made here, once.
 */
import type { ApiError } from './client.js';

/** After a 401 with a token, the user is logged out and the page reloads after this delay. */
export const LOGOUT_RELOAD_DELAY_MS = 1500;

export type ErrorReaction =
  /** A notification titled 'system prompt' with a translated text or the server's message. */
  | { kind: 'notify'; messageKey: string; logoutAndReload: boolean }
  | { kind: 'notify-server'; message: string }
  /** The 'login expired' dialog with its 'log in again' button. */
  | { kind: 'expired-dialog' };

/** The server's code for a session that ran out of time (a missing or revoked token has another). */
export const SESSION_EXPIRED_CODE = 'auth.token_expired';
const TOKEN_EXPIRED = /token.*(expired|失效|过期)|auth\.token_expired/i;

/**
 * The reaction to a failed call. A session that ran out of time (its own code, on the 401 our
 * server answers or a 500 whose message says so) opens the 'login expired' dialog while a token
 * is stored; any other 401 logs out and reloads.
 */
export function reactionTo(
  error: Pick<ApiError, 'status' | 'code' | 'message'>,
  hasToken: boolean,
): ErrorReaction {
  if (hasToken && error.code === SESSION_EXPIRED_CODE) return { kind: 'expired-dialog' };
  switch (error.status) {
    case 403:
      return { kind: 'notify', messageKey: 'shell:errors.forbidden', logoutAndReload: false };
    case 401:
      return { kind: 'notify', messageKey: 'shell:errors.unauthorized', logoutAndReload: hasToken };
    case 404:
      return { kind: 'notify', messageKey: 'shell:errors.not_found', logoutAndReload: false };
    case 500:
      if (hasToken && (TOKEN_EXPIRED.test(error.message) || TOKEN_EXPIRED.test(error.code))) {
        return { kind: 'expired-dialog' };
      }
      return { kind: 'notify', messageKey: 'shell:errors.server_error', logoutAndReload: false };
    case 502:
      return { kind: 'notify', messageKey: 'shell:errors.bad_gateway', logoutAndReload: false };
    case 504:
      return { kind: 'notify', messageKey: 'shell:errors.timeout', logoutAndReload: false };
    case 0:
      return { kind: 'notify', messageKey: 'shell:errors.network', logoutAndReload: false };
    default:
      return { kind: 'notify-server', message: error.message };
  }
}
