/**
 * CAS 2.0 single sign-on: the browser comes back with a ticket, the server validates it
 * against the configured CAS server (serviceValidate) and signs the named user in.
 */
import type { LoginResult } from '@shared/contract/identity.js';
import { AppError } from '@shared/errors.js';
import { withTenant, type Db } from '@server/db/client.js';
import type { RequestOrigin } from '@server/http/scope.js';
import { findUserByUsername } from './sign-in.queries.js';
import { openSession } from './session.service.js';
import { resolveLoginTenant } from '../../tenants/index.js';

const CAS_TIMEOUT_MS = 10_000;

/** Reads the user of a CAS 2.0 serviceValidate answer, or null when it reports a failure. */
export function parseCasResponse(xml: string): string | null {
  if (!/<cas:authenticationSuccess>/.test(xml)) return null;
  const match = /<cas:user>\s*([^<]+?)\s*<\/cas:user>/.exec(xml);
  return match?.[1] ?? null;
}

export async function loginWithCasTicket(
  db: Db,
  casServerUrl: string | undefined,
  origin: RequestOrigin,
  input: { ticket: string; service: string },
): Promise<LoginResult> {
  if (!casServerUrl) throw new AppError('auth.sso_not_configured');
  const url = new URL(`${casServerUrl.replace(/\/$/, '')}/serviceValidate`);
  url.searchParams.set('ticket', input.ticket);
  url.searchParams.set('service', input.service);
  let body: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(CAS_TIMEOUT_MS) });
    body = await response.text();
  } catch {
    throw new AppError('auth.sso_unreachable');
  }
  const username = parseCasResponse(body);
  if (!username) throw new AppError('auth.sso_ticket_invalid');
  const tenantId = await resolveLoginTenant(db, { domain: origin.domain }, { username });
  if (!tenantId) throw new AppError('auth.sso_user_unknown', { username });
  return withTenant(db, tenantId, async (tx) => {
    const user = await findUserByUsername(tx, username);
    if (!user) throw new AppError('auth.sso_user_unknown', { username });
    return openSession(tx, user, origin, 'cas');
  });
}
