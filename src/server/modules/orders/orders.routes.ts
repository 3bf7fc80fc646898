/**
 * Order calls: list and read orders, enter one by hand, the hand actions, which orders hold a
 * SKU's frozen units, and the reservation repair. Declarations only (http/route-kit.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cacheBuster } from '@shared/contract/common.js';
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
import { PERMISSIONS } from '@shared/permissions.js';
import type { AppDeps } from '../../deps.js';
import { declareRoutes, route } from '../../http/route-kit.js';
import { mergeOrders, splitOrder } from './merge-split.service.js';
import { getOrder } from './order-detail.queries.js';
import { listOrderShops, readOrderList } from './orders.queries.js';
import {
  cancelOrders,
  editOrderNotes,
  markOutOfStock,
  passReview,
  rejectReview,
  setOrderTags,
} from './order-actions.service.js';
import { createOrder } from './orders.service.js';
import { repairReservations, stockHolders } from './reservation-repair.service.js';

export async function ordersRoutes(app: FastifyInstance, deps: AppDeps) {
  declareRoutes(app, deps, 'order', [
    route({
      method: 'GET',
      url: '/order/list',
      permission: PERMISSIONS.orderList,
      // Reads only: it starts beside its session read (auth.ts), and its reply waits for it.
      readsAhead: true,
      transaction: 'read',
      input: orderListQuery,
      reply: orderPage,
      run: readOrderList,
    }),
    route({
      method: 'GET',
      url: '/order/shops',
      permission: PERMISSIONS.orderList,
      input: z.strictObject(cacheBuster.shape),
      reply: z.array(orderShopView),
      run: (tx, actor) => listOrderShops(tx, actor),
    }),
    route({
      method: 'GET',
      url: '/order/detail',
      permission: PERMISSIONS.orderList,
      input: orderIdQuery,
      reply: orderDetail,
      run: (tx, actor, query) => getOrder(tx, actor, query.id),
    }),
    route({
      method: 'GET',
      url: '/order/reservation/holders',
      permission: PERMISSIONS.orderList,
      input: stockHoldersQuery,
      reply: stockHoldersView,
      run: stockHolders,
    }),
    route({
      method: 'POST',
      url: '/order/add',
      permission: PERMISSIONS.orderAdd,
      input: createOrderInput,
      reply: savedOrderView,
      message: 'saved',
      run: createOrder,
    }),
    route({
      method: 'POST',
      url: '/order/cancel',
      permission: PERMISSIONS.orderEdit,
      input: cancelOrdersInput,
      reply: orderActionResults,
      message: 'saved',
      run: cancelOrders,
    }),
    route({
      method: 'POST',
      url: '/order/review/pass',
      permission: PERMISSIONS.orderReview,
      input: orderIdsInput,
      reply: orderActionResults,
      message: 'saved',
      run: passReview,
    }),
    route({
      method: 'POST',
      url: '/order/review/reject',
      permission: PERMISSIONS.orderReview,
      input: rejectReviewInput,
      reply: orderActionResults,
      message: 'saved',
      run: rejectReview,
    }),
    route({
      method: 'POST',
      url: '/order/outOfStock',
      permission: PERMISSIONS.orderEdit,
      input: orderIdsInput,
      reply: orderActionResults,
      message: 'saved',
      run: markOutOfStock,
    }),
    route({
      method: 'POST',
      url: '/order/tags',
      permission: PERMISSIONS.orderEdit,
      input: orderTagsInput,
      reply: orderActionResults,
      message: 'saved',
      run: setOrderTags,
    }),
    route({
      method: 'POST',
      url: '/order/notes',
      permission: PERMISSIONS.orderEdit,
      input: orderNotesInput,
      reply: savedOrderView,
      // A change of the order's own fields.
      message: 'updated',
      run: editOrderNotes,
    }),
    route({
      method: 'POST',
      url: '/order/merge',
      permission: PERMISSIONS.orderEdit,
      input: mergeOrdersInput,
      reply: savedOrderView,
      message: 'saved',
      run: mergeOrders,
    }),
    route({
      method: 'POST',
      url: '/order/split',
      permission: PERMISSIONS.orderEdit,
      input: splitOrderInput,
      reply: savedOrderView,
      message: 'saved',
      run: splitOrder,
    }),
    route({
      method: 'POST',
      url: '/order/reservation/repair',
      permission: PERMISSIONS.orderRepair,
      input: repairReservationsInput,
      reply: repairReport,
      message: 'saved',
      run: repairReservations,
    }),
  ]);
}
