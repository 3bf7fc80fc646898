/**
 * Shop calls (src/shared/contract/shops.ts lists them) and the platforms' webhooks. HTTP only.
 * The webhook route keeps the raw request bytes: every platform signs those, not re-serialised
 * JSON.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@shared/contract/common.js';
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
import { actorOf } from '../../http/request-context.js';
import { ok } from '../../http/reply.js';
import { needs, nothing, said } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { listItems, matchItems, unmatchItems } from './matching.service.js';
import { listPrivacyRequests } from './privacy.service.js';
import type { MarketplaceRuntime } from './runtime.js';
import {
  addShop,
  completeAuthorisation,
  connectWithKeys,
  editShop,
  listShops,
  listSyncRuns,
  removeShop,
  startAuthorisation,
  syncableShop,
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

  api.get(
    '/shop/list',
    {
      config: needs(PERMISSIONS.shopList),
      schema: { tags, querystring: shopListQuery, response: { 200: envelope(shopPage) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listShops(tx, actor, request.query))),
  );

  api.post(
    '/shop/add',
    {
      config: needs(PERMISSIONS.shopEdit),
      schema: { tags, body: addShopBody, response: { 200: envelope(shopView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => addShop(tx, actor, request.body)),
        said(request, 'added'),
      ),
  );

  api.put(
    '/shop/edit',
    {
      config: needs(PERMISSIONS.shopEdit),
      schema: { tags, body: updateShopBody, response: { 200: envelope(shopView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => editShop(tx, actor, request.body)),
        said(request, 'updated'),
      ),
  );

  api.delete(
    '/shop/delete',
    {
      config: needs(PERMISSIONS.shopEdit),
      schema: { tags, querystring: shopIdInput, response: { 200: nothing } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => removeShop(tx, actor, request.query.id)),
        said(request, 'deleted'),
      ),
  );

  api.post(
    '/shop/authorise',
    {
      config: needs(PERMISSIONS.shopEdit),
      schema: { tags, body: authoriseShopBody, response: { 200: envelope(authoriseShopReply) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) =>
          startAuthorisation(tx, actor, runtime, {
            id: request.body.id,
            ...(request.body.shopDomain ? { shopDomain: request.body.shopDomain } : {}),
          }),
        ),
      ),
  );

  api.post(
    '/shop/authorise/callback',
    {
      config: needs(PERMISSIONS.shopEdit),
      schema: { tags, body: authorisationCallbackBody, response: { 200: envelope(shopView) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const shop = await completeAuthorisation(db, actor, runtime, request.body.query);
      await send({ tenantId: actor.tenantId, shopId: shop.id, trigger: 'first' });
      return ok(shop, said(request, 'shop_authorised'));
    },
  );

  api.post(
    '/shop/keys',
    {
      config: needs(PERMISSIONS.shopEdit),
      schema: { tags, body: shopKeysBody, response: { 200: envelope(shopView) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const shop = await connectWithKeys(db, actor, runtime, request.body);
      await send({ tenantId: actor.tenantId, shopId: shop.id, trigger: 'first' });
      return ok(shop, said(request, 'shop_authorised'));
    },
  );

  api.post(
    '/shop/sync',
    {
      config: needs(PERMISSIONS.shopEdit),
      schema: { tags, body: shopIdInput, response: { 200: envelope(syncNowReply) } },
    },
    async (request) => {
      const shop = await inActorTenant(db, request, (tx, actor) => syncableShop(tx, actor, request.body.id));
      const isQueued = await send({ tenantId: shop.tenantId, shopId: shop.id, trigger: 'manual' });
      return ok({ isQueued }, said(request, isQueued ? 'sync_queued' : 'sync_already_queued'));
    },
  );

  api.get(
    '/shop/syncRuns',
    {
      config: needs(PERMISSIONS.shopList),
      schema: { tags, querystring: syncRunListQuery, response: { 200: envelope(syncRunPage) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listSyncRuns(tx, actor, request.query))),
  );

  api.get(
    '/shop/privacyRequests',
    {
      config: needs(PERMISSIONS.shopList),
      schema: { tags, querystring: privacyRequestListQuery, response: { 200: envelope(privacyRequestPage) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listPrivacyRequests(tx, actor, request.query))),
  );

  api.get(
    '/shop/items',
    {
      config: needs(PERMISSIONS.shopList),
      schema: { tags, querystring: marketplaceItemQuery, response: { 200: envelope(marketplaceItemPage) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => listItems(tx, actor, request.query))),
  );

  api.post(
    '/shop/items/match',
    {
      config: needs(PERMISSIONS.skuMatch),
      schema: { tags, body: matchItemsBody, response: { 200: envelope(matchReply) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => matchItems(tx, actor, request.body.matches)),
        said(request, 'bind_succeeded'),
      ),
  );

  api.post(
    '/shop/items/unmatch',
    {
      config: needs(PERMISSIONS.skuMatch),
      schema: { tags, body: unmatchItemsBody, response: { 200: envelope(matchReply) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => unmatchItems(tx, actor, request.body.itemIds)),
        said(request, 'updated'),
      ),
  );

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
