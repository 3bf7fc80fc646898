/**
 * The order list calls the orders bench (bench/orders.ts) and its profile (bench/orders-profile.ts)
 * make, the same questions on every run: the batch search, a date window, the opening page.
 */
import type pg from 'pg';
import { ORDER_TABS, type OrderTab } from '@shared/domain/order.js';

/** Rows a page of the list holds in every call. */
export const PAGE_SIZE = 20;
const DAY = 86_400_000;

/** A deterministic pseudo-random sequence, so two runs ask the same questions. */
export function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface ListCall {
  name: string;
  /** The query string of GET /api/order/list. */
  params: Record<string, string>;
}

/**
 * The call: a tab, a 30-day window ending in the last 60 days, 50 numbers pasted (40
 * orders of the window, 10 from before it; one in four as its system id), pages 1 to 3.
 */
export async function batchCalls(owner: pg.Pool, tenantId: string, count: number): Promise<ListCall[]> {
  const random = randomOf(12);
  const now = Date.now();
  const calls: ListCall[] = [];
  for (let index = 0; index < count; index += 1) {
    const to = new Date(now - Math.floor(random() * 60) * DAY);
    const from = new Date(to.getTime() - 30 * DAY);
    const { rows } = await owner.query<{ order_no: string; system_no: string }>(
      `(select order_no, system_no from orders where tenant_id = $1 and ordered_at >= $2 and ordered_at < $3
         order by md5(id::text || $4) limit 40)
       union all
       (select order_no, system_no from orders where tenant_id = $1 and ordered_at < $2 and ordered_at > $2::timestamptz - interval '90 days'
         order by md5(id::text || $4) limit 10)`,
      [tenantId, from, to, String(index)],
    );
    calls.push({
      name: 'batch',
      params: {
        tab: ORDER_TABS[index % ORDER_TABS.length] ?? 'to_review',
        dateField: 'ordered',
        dateFrom: from.toISOString(),
        dateTo: to.toISOString(),
        orderNos: rows.map((row, at) => (at % 4 === 3 ? row.system_no : row.order_no)).join(','),
        pageNo: String(1 + (index % 3)),
        pageSize: String(PAGE_SIZE),
      },
    });
  }
  return calls;
}

/** Without the batch search: a tab over the last 30 days, pages 1 to 5. */
export function windowCalls(count: number): ListCall[] {
  const now = Date.now();
  const tabs: OrderTab[] = ['shipped', 'pending', 'to_review', 'cancelled'];
  return Array.from({ length: count }, (_, index) => ({
    name: 'window',
    params: {
      tab: tabs[index % tabs.length] ?? 'shipped',
      dateField: 'ordered',
      dateFrom: new Date(now - 30 * DAY).toISOString(),
      dateTo: new Date(now).toISOString(),
      pageNo: String(1 + (index % 5)),
      pageSize: String(PAGE_SIZE),
    },
  }));
}

/** The list as it opens: every order of the tenant, a tab, the first pages. */
export function openingCalls(count: number): ListCall[] {
  return Array.from({ length: count }, (_, index) => ({
    name: 'opening',
    params: {
      ...(index % 2 === 0 ? {} : { tab: 'to_review' }),
      pageNo: String(1 + (index % 3)),
      pageSize: String(PAGE_SIZE),
    },
  }));
}
