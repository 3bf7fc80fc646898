import { describe, expect, it } from 'vitest';
import { flagsSettableBy, pendingFlagFor } from './questions.js';
import { USER_ROLES } from './roles.js';

describe('order question flags', () => {
  it('shows the seller side flag 1 and every other role flag 2 (spec 01 §6)', () => {
    const flags = Object.fromEntries(USER_ROLES.map((role) => [role, pendingFlagFor(role)]));
    expect(flags).toMatchObject({ seller: 1, seller_staff: 1, agent_manager: 2, ware_staff: 2, admin: 2 });
  });

  it('lets each side hand a question to the other side or resolve it, never to itself', () => {
    expect(flagsSettableBy('seller')).toEqual([0, 2]);
    expect(flagsSettableBy('seller_staff')).toEqual([0, 2]);
    expect(flagsSettableBy('ware_manager')).toEqual([0, 1]);
    for (const role of USER_ROLES) expect(flagsSettableBy(role)).not.toContain(pendingFlagFor(role));
  });
});
