/**
 * A channel added or changed, then, for a carrier whose keys are new, authorised with the carrier
 * (channels.service.ts authoriseChannel). The row is saved in its own transaction first; the
 * carrier is asked after its commit, so each owns its transactions.
 */
import type { AddChannelBody, ChannelView, EditChannelBody } from '@shared/contract/logistics.js';
import type { RouteCall } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { addChannel, authoriseChannel, channelView, editChannel } from './channels.service.js';
import type { LogisticsRuntime } from './runtime.js';

/** A channel added; a carrier's is then authorised with its keys. */
export async function addAndAuthoriseChannel(
  call: RouteCall,
  runtime: LogisticsRuntime,
  body: AddChannelBody,
): Promise<ChannelView> {
  const { db } = call.deps;
  const row = await inActorTenant(db, call.request, (tx) => addChannel(tx, runtime, body));
  return row.kind === 'carrier' ? authoriseChannel(db, runtime, row.tenantId, row.id) : channelView(row);
}

/** A channel changed; authorised again when its keys changed. */
export async function editAndAuthoriseChannel(
  call: RouteCall,
  runtime: LogisticsRuntime,
  body: EditChannelBody,
): Promise<ChannelView> {
  const { db } = call.deps;
  const row = await inActorTenant(db, call.request, (tx) => editChannel(tx, runtime, body));
  const keysChanged = Boolean(body.appKey || body.appSecret);
  return keysChanged ? authoriseChannel(db, runtime, row.tenantId, row.id) : channelView(row);
}
