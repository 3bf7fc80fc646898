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

/** Who makes a view's calls: the demo tenant's agent, its seller (one seller's orders) or its warehouse manager. */
export type ListRole = 'agent' | 'seller' | 'waremanager';

/** One view of the order list measured on its own (target: every view p95 < 50 ms at 1,000,000 orders). */
export interface ListView {
  name: string;
  role: ListRole;
  calls: ListCall[];
}

const pageOf = (index: number, pages = 3) => ({
  pageNo: String(1 + (index % pages)),
  pageSize: String(PAGE_SIZE),
});

/** Midnight at UTC+7 (Bangkok, where the demo's admin picks its days), `daysAgo` days back. */
function bangkokMidnight(now: number, daysAgo: number): Date {
  const offset = 7 * 3_600_000;
  return new Date(Math.floor((now + offset) / DAY) * DAY - offset - daysAgo * DAY);
}

/**
 * Every view of the list, `count` calls each (pages 1–3): the default one (every order, the All
 * tab) as the agent, each status tab and the problem tab, the default as a seller and as a
 * warehouse manager, a 30-day range picked as the admin picks it (Bangkok days), a shop, one
 * number searched, and 100 numbers pasted (order numbers, system ids and tracking numbers, five
 * of them unknown).
 */
export async function listViews(owner: pg.Pool, tenantId: string, count: number): Promise<ListView[]> {
  const now = Date.now();
  const same = (params: (index: number) => Record<string, string>) =>
    Array.from({ length: count }, (_, index) => ({ name: 'view', params: params(index) }));
  const { rows: shops } = await owner.query<{ shop_name: string }>(
    `select shop_name from orders where tenant_id = $1 and shop_name <> '' group by 1 order by count(*) desc, 1 limit 1`,
    [tenantId],
  );
  const shopName = shops[0]?.shop_name ?? '';
  const { rows: sample } = await owner.query<{ order_no: string; system_no: string; tracking_no: string }>(
    `select order_no, system_no, tracking_no from orders where tenant_id = $1 order by md5(id::text) limit $2`,
    [tenantId, count * 101],
  );
  const numberAt = (at: number) => {
    const row = sample[at % Math.max(1, sample.length)];
    if (!row) return `MISSING-${at}`;
    if (at % 20 === 19) return `MISSING-${at}`;
    if (at % 10 === 3) return row.system_no;
    if (at % 10 === 7 && row.tracking_no !== '') return row.tracking_no;
    return row.order_no;
  };
  const tabs: (OrderTab | '')[] = ['', 'shipped', 'to_review', 'pending'];
  return [
    { name: 'default: every order, All tab (agent)', role: 'agent', calls: same((index) => pageOf(index)) },
    ...ORDER_TABS.map((tab) => ({
      name: `${tab} tab (agent)`,
      role: 'agent' as const,
      calls: same((index) => ({ tab, ...pageOf(index) })),
    })),
    { name: 'default as a seller', role: 'seller', calls: same((index) => pageOf(index)) },
    { name: 'default as a warehouse manager', role: 'waremanager', calls: same((index) => pageOf(index)) },
    {
      name: 'a 30-day range of order times (Bangkok days)',
      role: 'agent',
      calls: same((index) => {
        const to = bangkokMidnight(now, (index * 7) % 60);
        return {
          ...(tabs[index % tabs.length] ? { tab: tabs[index % tabs.length] ?? '' } : {}),
          dateField: 'ordered',
          dateFrom: new Date(to.getTime() - 30 * DAY).toISOString(),
          dateTo: to.toISOString(),
          ...pageOf(index),
        };
      }),
    },
    {
      name: `a shop (${shopName})`,
      role: 'agent',
      calls: same((index) => ({
        ...(tabs[index % tabs.length] ? { tab: tabs[index % tabs.length] ?? '' } : {}),
        shopName,
        ...pageOf(index),
      })),
    },
    // The filters the counters have no key for: counted over the orders they leave.
    ...(
      [
        ['an order type (stock: every order)', { type: 'stock' }],
        ['a warehouse status (none)', { warehouseStatus: 'none' }],
        ['a parcel type (single item, single unit)', { parcelType: 'single_single' }],
        ['a tag (problem)', { tags: 'problem' }],
        ['two tags, all of them', { tags: 'problem,out_of_stock', tagMatch: 'all' }],
        ['remaining ship time within 24 hours', { shipTime: '24h' }],
        ['remaining ship time over 7 days', { shipTime: 'over7d' }],
      ] as const
    ).map(([name, filter]) => ({
      name,
      role: 'agent' as const,
      calls: same((index) => ({
        ...(tabs[index % tabs.length] ? { tab: tabs[index % tabs.length] ?? '' } : {}),
        ...filter,
        ...pageOf(index),
      })),
    })),
    ...(['paid', 'shipBy', 'shipped'] as const).map((dateField) => ({
      name: `a 30-day range of ${dateField} times`,
      role: 'agent' as const,
      calls: same((index) => {
        const to = bangkokMidnight(now, (index * 7) % 60);
        return {
          ...(tabs[index % tabs.length] ? { tab: tabs[index % tabs.length] ?? '' } : {}),
          dateField,
          dateFrom: new Date(to.getTime() - 30 * DAY).toISOString(),
          dateTo: to.toISOString(),
          ...pageOf(index),
        };
      }),
    })),
    {
      name: 'one number searched',
      role: 'agent',
      calls: same((index) => ({ numbers: numberAt(index * 101), pageNo: '1', pageSize: String(PAGE_SIZE) })),
    },
    {
      name: '100 numbers searched',
      role: 'agent',
      calls: same((index) => ({
        numbers: Array.from({ length: 100 }, (_, at) => numberAt(index * 101 + at + 1)).join(','),
        ...pageOf(index),
      })),
    },
  ];
}
