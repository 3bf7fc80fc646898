import { describe, expect, it } from 'vitest';
import { canTransition, isInAudience, SEND_STATUSES } from './announcements.js';

describe('announcement lifecycle', () => {
  it('releases drafts, revokes released ones, and goes nowhere from revoked', () => {
    const allowed = SEND_STATUSES.flatMap((from) =>
      SEND_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual(['0->1', '1->2']);
  });
});

describe('isInAudience', () => {
  const seller = { userId: 'u-1', userRole: 'seller' as const };
  const picker = { userId: 'u-2', userRole: 'ware_staff' as const };

  it('reaches everyone with ALL', () => {
    const audience = { msgType: 'ALL' as const, roleCodes: [], userIds: [] };
    expect([isInAudience(audience, seller), isInAudience(audience, picker)]).toEqual([true, true]);
  });

  it('reaches the listed roles with ROLE, whatever ids are listed', () => {
    const audience = { msgType: 'ROLE' as const, roleCodes: ['seller'], userIds: ['u-2'] };
    expect([isInAudience(audience, seller), isInAudience(audience, picker)]).toEqual([true, false]);
  });

  it('reaches the listed users with USER, whatever roles are listed', () => {
    const audience = { msgType: 'USER' as const, roleCodes: ['seller'], userIds: ['u-2'] };
    expect([isInAudience(audience, seller), isInAudience(audience, picker)]).toEqual([false, true]);
  });
});
