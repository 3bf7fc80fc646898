/** Video tutorials of the help panel (spec 01 §2 dialog 6): one list for sellers, one for the warehouse. */
import { isSellerSide, type UserRole } from './roles.js';

export const VIDEO_AUDIENCES = ['seller', 'warehouse'] as const;
export type VideoAudience = (typeof VIDEO_AUDIENCES)[number];

/** Sellers and their staff see the seller list; every other role sees the warehouse list by default. */
export function defaultVideoAudience(role: UserRole): VideoAudience {
  return isSellerSide(role) ? 'seller' : 'warehouse';
}

/** The seller side may see only seller videos; other roles may see both lists. */
export function videoAudiencesFor(role: UserRole): readonly VideoAudience[] {
  return isSellerSide(role) ? ['seller'] : VIDEO_AUDIENCES;
}
