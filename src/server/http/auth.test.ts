/**
 * A request that reads ahead of its session read (auth.ts): its actor is for read-only work
 * until the read confirms it, and work that may write waits for that confirmation.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import { confirmActor } from './auth.js';
import { actorAheadOf, actorOf } from './request-context.js';

const actor: Actor = {
  tenantId: 't1',
  userId: 'u1',
  sessionId: 's1',
  username: 'seller',
  userRole: 'seller',
  sellerId: 'u1',
  orgCode: null,
  permissions: new Set(['order:list']),
  isAdmin: false,
  language: null,
};

function readingAhead(checked: Actor | 'common.unauthorized'): FastifyRequest {
  return { actor, sessionCheck: Promise.resolve(checked) } as unknown as FastifyRequest;
}

describe('a request that reads ahead of its session read', () => {
  it('has its actor for read-only work only until the read confirms it', async () => {
    const request = readingAhead({ ...actor, permissions: new Set(['order:list']) });
    expect(actorAheadOf(request)).toBe(actor);
    expect(() => actorOf(request)).toThrow(/before its session read/);
    await confirmActor(request);
    expect(request.sessionCheck).toBeNull();
    expect(actorOf(request)).toBe(actor);
  });

  it('is refused for other work when the read answers another actor or none', async () => {
    for (const checked of [
      { ...actor, permissions: new Set<string>() },
      { ...actor, language: 'th-TH' as const },
      'common.unauthorized' as const,
    ]) {
      const request = readingAhead(checked);
      await expect(confirmActor(request)).rejects.toMatchObject({ code: 'common.unauthorized' });
      // The reply's hook still has the read: it answers the refusal or runs the request again.
      expect(request.sessionCheck).not.toBeNull();
      expect(() => actorOf(request)).toThrow();
    }
  });

  it('changes nothing for a request that waited for its session read', async () => {
    const request = { actor, sessionCheck: null } as unknown as FastifyRequest;
    await confirmActor(request);
    expect(actorOf(request)).toBe(actor);
  });
});
