/**
 * Products belong to a seller: sellers and their staff see and change only their own; agent
 * and warehouse roles read every seller's in their tenant and change none. Another seller's
 * product answers 404, as if it did not exist.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isSellerSide } from '@shared/domain/roles.js';
import { AppError } from '@shared/errors.js';
import type { Actor } from '../http/actor.js';

/** True when the actor works for one seller and sees only that seller's data. */
export function isSellerBound(actor: Actor): boolean {
  return !actor.isAdmin && isSellerSide(actor.userRole);
}

/** A condition keeping `column` (a seller id) to the actor's seller; undefined for every seller. */
export function sellerScope(actor: Actor, column: AnyPgColumn): SQL | undefined {
  if (!isSellerBound(actor)) return undefined;
  return actor.sellerId ? eq(column, actor.sellerId) : sql`false`;
}

/** The seller whose catalogue the actor changes; only sellers and their staff change products. */
export function owningSeller(actor: Actor): string {
  if (!isSellerBound(actor) || !actor.sellerId) throw new AppError('catalog.seller_only');
  return actor.sellerId;
}

/** The seller filter of a list: a seller's own always; the chosen seller for other roles. */
export function sellerFilter(actor: Actor, column: AnyPgColumn, chosen: string | undefined): SQL | undefined {
  return sellerScope(actor, column) ?? (chosen ? eq(column, chosen) : undefined);
}
