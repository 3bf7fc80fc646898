/**
 * Shop calls (src/shared/contract/shops.ts lists them) and the platforms' webhooks.
 * Declarations (http/route-kit.ts), but for the webhook route, registered by hand: it keeps the
 * raw request bytes (every platform signs those, not re-serialised JSON) and answers an empty
 * body. Sync now's message is chosen from its result (queued or already queued).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addShopBody,
  authorisationCallbackBody,
  authoriseShopBody,
  authoriseShopReply,
  marketplaceItemPage,
  marketplaceItemQuery,
  matchItemsBody,
  matchReply,
  privacyRequestListQuery,
  privacyRequestPage,
  shopIdInput,
  shopKeysBody,
  shopListQuery,
  shopPage,
  shopView,
  syncNowReply,
  syncRunListQuery,
  syncRunPage,
  unmatchItemsBody,
  updateShopBody,
} from '@shared/contract/shops.js';
import { MARKETPLACE_PLATFORMS } from '@shared/domain/marketplaces.js';
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import { listItems, matchItems, unmatchItems } from './matching.service.js';
import { listPrivacyRequests } from './privacy.service.js';
import type { MarketplaceRuntime } from './runtime.js';
import { authoriseAndSync, connectKeysAndSync } from './shop-connect.service.js';
import { syncNow } from './shop-sync-now.service.js';
import {
  addShop,
  editShop,
  listShops,
  listSyncRuns,
  removeShop,
  startAuthorisation,
} from './shops.service.js';
import type { SyncSender } from './sync.jobs.js';
import { receiveWebhook } from './webhooks.service.js';

export async function shopRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  runtime: MarketplaceRuntime,
  send: SyncSender,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['shops'];

  declareRoutes(app, deps, 'shops', [
    route({
      method: 'GET',
      url: '/shop/list',
      permission: PERMISSIONS.shopList,
      input: shopListQuery,
      reply: shopPage,
      run: listShops,
    }),
    route({
      method: 'POST',
      url: '/shop/add',
      permission: PERMISSIONS.shopEdit,
      input: addShopBody,
      reply: shopView,
      message: 'added',
      run: addShop,
    }),
    route({
      method: 'PUT',
      url: '/shop/edit',
      permission: PERMISSIONS.shopEdit,
      input: updateShopBody,
      reply: shopView,
      message: 'updated',
      run: editShop,
    }),
    route({
      method: 'DELETE',
      url: '/shop/delete',
      permission: PERMISSIONS.shopEdit,
      input: shopIdInput,
      reply: z.null(),
      message: 'deleted',
      run: (tx, actor, query) => removeShop(tx, actor, query.id),
    }),
    route({
      method: 'POST',
      url: '/shop/authorise',
      permission: PERMISSIONS.shopEdit,
      input: authoriseShopBody,
      reply: authoriseShopReply,
      run: (tx, actor, body) =>
        startAuthorisation(tx, actor, runtime, {
          id: body.id,
          ...(body.shopDomain ? { shopDomain: body.shopDomain } : {}),
        }),
    }),
    route({
      method: 'POST',
      url: '/shop/authorise/callback',
      permission: PERMISSIONS.shopEdit,
      input: authorisationCallbackBody,
      reply: shopView,
      message: 'shop_authorised',
      // Its own transactions: the first sync is sent after the grant's commit.
      serve: (body, call) => authoriseAndSync(db, call.actor(), runtime, send, body.query),
    }),
    route({
      method: 'POST',
      url: '/shop/keys',
      permission: PERMISSIONS.shopEdit,
      input: shopKeysBody,
      reply: shopView,
      message: 'shop_authorised',
      serve: (body, call) => connectKeysAndSync(db, call.actor(), runtime, send, body),
    }),
    route({
      method: 'POST',
      url: '/shop/sync',
      permission: PERMISSIONS.shopEdit,
      input: shopIdInput,
      reply: syncNowReply,
      // Its own transactions: the sync is sent after the shop's check commits.
      serve: (body, call) => syncNow(call, send, body.id),
      message: (_body, result) => (result.isQueued ? 'sync_queued' : 'sync_already_queued'),
    }),
    route({
      method: 'GET',
      url: '/shop/syncRuns',
      permission: PERMISSIONS.shopList,
      input: syncRunListQuery,
      reply: syncRunPage,
      run: listSyncRuns,
    }),
    route({
      method: 'GET',
      url: '/shop/privacyRequests',
      permission: PERMISSIONS.shopList,
      input: privacyRequestListQuery,
      reply: privacyRequestPage,
      run: listPrivacyRequests,
    }),
    route({
      method: 'GET',
      url: '/shop/items',
      permission: PERMISSIONS.shopList,
      input: marketplaceItemQuery,
      reply: marketplaceItemPage,
      run: listItems,
    }),
    route({
      method: 'POST',
      url: '/shop/items/match',
      permission: PERMISSIONS.skuMatch,
      input: matchItemsBody,
      reply: matchReply,
      message: 'bind_succeeded',
      run: (tx, actor, body) => matchItems(tx, actor, body.matches),
    }),
    route({
      method: 'POST',
      url: '/shop/items/unmatch',
      permission: PERMISSIONS.skuMatch,
      input: unmatchItemsBody,
      reply: matchReply,
      message: 'updated',
      run: (tx, actor, body) => unmatchItems(tx, actor, body.itemIds),
    }),
  ]);

  // The webhooks keep the raw request bytes and answer an empty body: registered by hand.
  await api.register(async (hooks) => {
    // The raw bytes, whatever the content type: signatures are over them.
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    hooks.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/:platform',
      {
        config: { permission: 'public' },
        // Acknowledged with 200 and an empty body, as Shopee requires (it retries otherwise) and
        // the others accept; a refusal answers the error envelope like every other route.
        schema: { tags, params: z.strictObject({ platform: z.enum(MARKETPLACE_PLATFORMS) }) },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(',') : value,
          ]),
        );
        const url = `${runtime.publicUrl}${request.url}`;
        const outcome = await receiveWebhook(db, runtime, send, request.params.platform, {
          rawBody,
          headers,
          url,
        });
        if (outcome.unconfirmedRevocations > 0)
          request.log.warn(
            { platform: request.params.platform, ...outcome },
            'a deauthorisation notice the platform did not confirm was ignored',
          );
        return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send('');
      },
    );
  });
}
