/**
 * The outbound calls answered as their bulk reply in the caller's language: orders marked picked,
 * packed or delivered (outbound.service.ts), each order in its own transaction, then the outcome said.
 */
import type { RouteCall } from '../../http/route-kit.js';
import { replyOf } from './bulk-reply.js';
import { markDelivered, markPacked, markPicked } from './outbound.service.js';
import type { LogisticsRuntime } from './runtime.js';

/** The orders marked picked, answered as their bulk reply. */
export async function markPickedReply(call: RouteCall, orderIds: readonly string[]) {
  return replyOf(call.request, await markPicked(call.deps.db, call.actor(), orderIds));
}

/** The orders marked packed (with the parcel's weight, if given), answered as their bulk reply. */
export async function markPackedReply(call: RouteCall, orderIds: readonly string[], weightGrams?: number) {
  return replyOf(call.request, await markPacked(call.deps.db, call.actor(), orderIds, weightGrams));
}

/** The orders handed over (their tracking pushed after each commit), answered as their bulk reply. */
export async function markDeliveredReply(
  call: RouteCall,
  runtime: LogisticsRuntime,
  orderIds: readonly string[],
) {
  return replyOf(call.request, await markDelivered(call.deps.db, runtime, call.actor(), orderIds));
}
