import type { TFunction } from 'i18next';
import { ApiError } from '@api/client.js';
import { reactionTo } from '@api/error-catalogue.js';

/**
 * The text a /user form shows for a failed call: a refusal by the server (4xx with a code)
 * in the server's translated words, anything else as the error catalogue words it.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('shell:errors.server_error');
  if (error.status >= 400 && error.status < 500 && !error.code.startsWith('http.') && error.message) {
    return error.message;
  }
  const reaction = reactionTo(error, false);
  if (reaction.kind === 'notify') return t(reaction.messageKey);
  if (reaction.kind === 'notify-server') return reaction.message;
  return t('shell:errors.server_error');
}
