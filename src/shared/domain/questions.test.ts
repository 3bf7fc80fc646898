import { describe, expect, it } from 'vitest';
import { askingFlagFor, flagsSettableBy, isWaitingFor, pendingFlagFor, sideOf } from './questions.js';
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

describe('writing on an order', () => {
  it('asks the other side: a seller note waits for the warehouse (2), any other for the seller (1)', () => {
    expect(askingFlagFor('seller')).toBe(2);
    expect(askingFlagFor('seller_staff')).toBe(2);
    expect(askingFlagFor('customer_service')).toBe(1);
    expect(askingFlagFor('ware_staff')).toBe(1);
    for (const role of USER_ROLES) {
      expect(isWaitingFor(role, pendingFlagFor(role))).toBe(true);
      expect(isWaitingFor(role, askingFlagFor(role))).toBe(false);
      expect(isWaitingFor(role, 0)).toBe(false);
    }
  });

  it('names the side of each role', () => {
    expect(sideOf('seller_staff')).toBe('seller');
    expect(sideOf('agent_manager')).toBe('warehouse');
  });
});
