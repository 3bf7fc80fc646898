import type { FastifyRequest } from 'fastify';
import { readInTenant, withTenant, withTenantStatement, type Db, type TenantTx } from '../db/client.js';
import type { Actor } from './actor.js';
import { confirmActor } from './auth.js';
import { actorAheadOf, actorOf, requestDomain } from './request-context.js';

type TenantRunner = <T>(
  db: Db,
  tenantId: string,
  work: (tx: TenantTx) => Promise<T>,
  userId?: string,
) => Promise<T>;

/**
 * A runner of a tenant's work (client.ts) as a runner of a signed-in request's, in its actor's
 * tenant. Work that may write waits until the actor is confirmed when the request started ahead
 * of its session read (auth.ts); read-only work goes at once.
 */
function asActor(run: TenantRunner, isReadOnly = false) {
  return async <T>(
    db: Db,
    request: FastifyRequest,
    work: (tx: TenantTx, actor: Actor) => Promise<T>,
  ): Promise<T> => {
    if (!isReadOnly) await confirmActor(request);
    const actor = isReadOnly ? actorAheadOf(request) : actorOf(request);
    return run(db, actor.tenantId, (tx) => work(tx, actor), actor.userId);
  };
}

/** Runs a signed-in request's work in one transaction scoped to the actor's tenant. */
export const inActorTenant = asActor(withTenant);

/**
 * Runs a signed-in request's work whose one statement is its whole transaction (a single
 * movement of the ledger) in the actor's tenant, in one message with begin and commit
 * (withTenantStatement).
 */
export const inActorTenantStatement = asActor(withTenantStatement);

/** Runs a signed-in request's read-only work in the actor's tenant, each statement one message (readInTenant). */
export const readInActorTenant = asActor(readInTenant, true);

/** Where a pre-login request came from: for tenant resolution, rate limits and the session row. */
export interface RequestOrigin {
  domain: string;
  ip: string;
  userAgent: string;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    domain: requestDomain(request),
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : '',
  };
}
