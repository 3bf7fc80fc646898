/**
 * Order calls: list and read orders, enter one by hand, the hand actions, which orders hold a
 * SKU's frozen units, and the reservation repair. HTTP only.
 */
import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cacheBuster, envelope } from '@shared/contract/common.js';
import {
  cancelOrdersInput,
  createOrderInput,
  mergeOrdersInput,
  orderActionResults,
  orderDetail,
  orderIdQuery,
  orderIdsInput,
  orderListQuery,
  orderNotesInput,
  orderPage,
  orderShopView,
  orderTagsInput,
  rejectReviewInput,
  repairReport,
  repairReservationsInput,
  savedOrderView,
  splitOrderInput,
  stockHoldersQuery,
  stockHoldersView,
} from '@shared/contract/orders.js';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { ok } from '../../http/reply.js';
import { needs, said } from '../../http/route-kit.js';
import { inActorTenant, readInActorTenant } from '../../http/scope.js';
import { mergeOrders, splitOrder } from './merge-split.service.js';
import { getOrder, listOrderShops, orderListCounts, orderListOf, orderListPage } from './orders.queries.js';
import {
  cancelOrders,
  createOrder,
  editOrderNotes,
  markOutOfStock,
  passReview,
  rejectReview,
  setOrderTags,
} from './orders.service.js';
import { repairReservations, stockHolders } from './reservation.service.js';

export async function ordersRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['order'];

  api.get(
    '/order/list',
    {
      // Reads only: it starts beside its session read (auth.ts), and its reply waits for it.
      config: { ...needs(PERMISSIONS.orderList), readsAhead: true },
      schema: { tags, querystring: orderListQuery, response: { 200: envelope(orderPage) } },
    },
    // The counts and the page are independent reads: readInTenant sends each as one message on
    // a connection of its own, side by side, so the list waits for the slower of the two. The
    // page leaves before the counts are built: Drizzle takes 0.4-1.2 ms to build a statement here,
    // and built together both waited for the second (p50 0.7 ms of 8.5 in bench/orders.ts).
    async (request) => {
      const [records, counts] = await readInActorTenant(db, request, async (tx, actor) => {
        const page = orderListPage(tx, actor, request.query);
        await setImmediate();
        return Promise.all([page, orderListCounts(tx, actor, request.query)]);
      });
      return ok(orderListOf(request.query, counts, records));
    },
  );

  api.get(
    '/order/shops',
    {
      config: needs(PERMISSIONS.orderList),
      schema: {
        tags,
        querystring: z.strictObject(cacheBuster.shape),
        response: { 200: envelope(z.array(orderShopView)) },
      },
    },
    async (request) => ok(await inActorTenant(db, request, (tx, actor) => listOrderShops(tx, actor))),
  );

  api.get(
    '/order/detail',
    {
      config: needs(PERMISSIONS.orderList),
      schema: { tags, querystring: orderIdQuery, response: { 200: envelope(orderDetail) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => getOrder(tx, actor, request.query.id))),
  );

  api.get(
    '/order/reservation/holders',
    {
      config: needs(PERMISSIONS.orderList),
      schema: { tags, querystring: stockHoldersQuery, response: { 200: envelope(stockHoldersView) } },
    },
    async (request) =>
      ok(await inActorTenant(db, request, (tx, actor) => stockHolders(tx, actor, request.query))),
  );

  api.post(
    '/order/add',
    {
      config: needs(PERMISSIONS.orderAdd),
      schema: { tags, body: createOrderInput, response: { 200: envelope(savedOrderView) } },
    },
    async (request) =>
      ok(
        await inActorTenant(db, request, (tx, actor) => createOrder(tx, actor, request.body)),
        said(request, 'saved'),
      ),
  );

  /** An action: its body's schema, permission, use case and reply. */
  function action<S extends z.ZodType>(
    path: string,
    permission: PermissionCode,
    body: S,
    work: (tx: TenantTx, actor: Actor, input: z.output<S>) => Promise<unknown>,
    response: z.ZodType,
    /** The success message: 'saved', or 'updated' for a change of an order's own fields. */
    message: 'saved' | 'updated' = 'saved',
  ) {
    api.post(
      path,
      { config: needs(permission), schema: { tags, body, response: { 200: envelope(response) } } },
      async (request) =>
        ok(
          await inActorTenant(db, request, (tx, actor) => work(tx, actor, request.body as z.output<S>)),
          said(request, message),
        ),
    );
  }

  action('/order/cancel', PERMISSIONS.orderEdit, cancelOrdersInput, cancelOrders, orderActionResults);
  action('/order/review/pass', PERMISSIONS.orderReview, orderIdsInput, passReview, orderActionResults);
  action(
    '/order/review/reject',
    PERMISSIONS.orderReview,
    rejectReviewInput,
    rejectReview,
    orderActionResults,
  );
  action('/order/outOfStock', PERMISSIONS.orderEdit, orderIdsInput, markOutOfStock, orderActionResults);
  action('/order/tags', PERMISSIONS.orderEdit, orderTagsInput, setOrderTags, orderActionResults);
  action('/order/notes', PERMISSIONS.orderEdit, orderNotesInput, editOrderNotes, savedOrderView, 'updated');
  action('/order/merge', PERMISSIONS.orderEdit, mergeOrdersInput, mergeOrders, savedOrderView);
  action('/order/split', PERMISSIONS.orderEdit, splitOrderInput, splitOrder, savedOrderView);
  action(
    '/order/reservation/repair',
    PERMISSIONS.orderRepair,
    repairReservationsInput,
    repairReservations,
    repairReport,
  );
}
