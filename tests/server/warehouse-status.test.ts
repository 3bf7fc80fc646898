/**
 * The order's warehouse status has one writer (modules/orders/warehouse-status.ts): every step
 * is checked against WAREHOUSE_TRANSITIONS, recorded in the order's history, and the picked and
 * packed flags follow it; a step the lifecycle does not allow is refused and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@server/http/actor.js';
import { moveWarehouseStatus, moveWarehouseStatuses } from '@server/modules/orders/index.js';
import { AppError } from '@shared/errors.js';
import { actorFor, asActor } from '../support/stock-world.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
let manager: Actor;
beforeAll(async () => {
  world = await createTestWorld();
  manager = await actorFor(world, 'waremanager');
});
afterAll(() => world.close());

interface OrderState {
  id: string;
  order_no: string;
  warehouse_status: string;
  is_picked: boolean;
  is_packed: boolean;
}

async function stateOf(id: string): Promise<OrderState> {
  const { rows } = await world.database.ownerPool.query<OrderState>(
    'select id, order_no, warehouse_status, is_picked, is_packed from orders where id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function historyOf(id: string): Promise<string[]> {
  const { rows } = await world.database.ownerPool.query<{ step: string }>(
    `select from_status || '>' || to_status as step from order_status_history
     where order_id = $1 and field = 'warehouse' order by created_at, id`,
    [id],
  );
  return rows.map((row) => row.step);
}

/** Demo orders still in the warehouse queue, of the manager's warehouses. */
async function queuedOrders(count: number): Promise<OrderState[]> {
  const { rows } = await world.database.ownerPool.query<OrderState>(
    `select o.id, o.order_no, o.warehouse_status, o.is_picked, o.is_packed from orders o
     join warehouse_staff s on s.warehouse_id = o.warehouse_id and s.user_id = $1
     where o.warehouse_status = 'none' and o.merged_into_id is null order by o.id limit $2`,
    [manager.userId, count],
  );
  expect(rows).toHaveLength(count);
  return rows;
}

const move = (order: OrderState, to: Parameters<typeof moveWarehouseStatus>[3]) =>
  asActor(world, manager, (tx) =>
    moveWarehouseStatus(tx, manager, { id: order.id, orderNo: order.order_no, warehouseStatus: 'none' }, to),
  );

describe("the order's warehouse status", () => {
  it('refuses a step the lifecycle does not allow, naming the order and both statuses, and writes nothing', async () => {
    const [order] = await queuedOrders(1);
    if (!order) throw new Error('no order');
    const refused = await move(order, 'bagged').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'order.warehouse_step_not_allowed',
      params: { orderNo: order.order_no, from: 'none', to: 'bagged' },
    });
    expect(await stateOf(order.id)).toEqual(order);
    expect(await historyOf(order.id)).toEqual([]);
  });

  it('records each step of a batch, ends each order at its last, and sets and clears the flags', async () => {
    const [first, second] = await queuedOrders(2);
    if (!first || !second) throw new Error('two orders expected');
    await asActor(world, manager, (tx) =>
      moveWarehouseStatuses(tx, manager, [
        { orderId: first.id, orderNo: first.order_no, from: 'none', to: 'picking' },
        { orderId: second.id, orderNo: second.order_no, from: 'none', to: 'picking' },
        { orderId: first.id, orderNo: first.order_no, from: 'picking', to: 'picked' },
      ]),
    );
    expect(await stateOf(first.id)).toMatchObject({
      warehouse_status: 'picked',
      is_picked: true,
      is_packed: false,
    });
    expect(await stateOf(second.id)).toMatchObject({ warehouse_status: 'picking', is_picked: false });
    expect(await historyOf(first.id)).toEqual(['none>picking', 'picking>picked']);

    await asActor(world, manager, (tx) =>
      moveWarehouseStatuses(tx, manager, [
        { orderId: first.id, orderNo: first.order_no, from: 'picked', to: 'packed' },
        { orderId: first.id, orderNo: first.order_no, from: 'packed', to: 'bagged' },
        { orderId: first.id, orderNo: first.order_no, from: 'bagged', to: 'packed' },
      ]),
    );
    expect(await stateOf(first.id)).toMatchObject({
      warehouse_status: 'packed',
      is_picked: true,
      is_packed: true,
    });
    // A cancelled order's picks put back: the queue again, neither picked nor packed.
    await asActor(world, manager, (tx) =>
      moveWarehouseStatuses(tx, manager, [
        { orderId: first.id, orderNo: first.order_no, from: 'packed', to: 'none' },
      ]),
    );
    expect(await stateOf(first.id)).toMatchObject({
      warehouse_status: 'none',
      is_picked: false,
      is_packed: false,
    });
    expect(await historyOf(first.id)).toEqual([
      'none>picking',
      'picking>picked',
      'picked>packed',
      'packed>bagged',
      'bagged>packed',
      'packed>none',
    ]);
  });

  it('refuses the whole batch when one step is not allowed', async () => {
    const [first, second] = await queuedOrders(2);
    if (!first || !second) throw new Error('two orders expected');
    const before = await historyOf(first.id);
    const refused = await asActor(world, manager, (tx) =>
      moveWarehouseStatuses(tx, manager, [
        { orderId: first.id, orderNo: first.order_no, from: 'none', to: 'picking' },
        { orderId: second.id, orderNo: second.order_no, from: 'none', to: 'delivered' },
      ]),
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'order.warehouse_step_not_allowed' });
    expect(await stateOf(first.id)).toEqual(first);
    expect(await historyOf(first.id)).toEqual(before);
  });
});
