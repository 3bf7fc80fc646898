/**
 * The home page's numbers: GET /dashboard/summary (announcements, questions, users, sign-ins) and
 * GET /dashboard/figures (orders, inbound, stock), each part present only for roles that may see it.
 */
import { z } from 'zod';
import { string } from './common.js';
import { ORDER_TABS, PLATFORMS } from '../domain/order.js';
import { USER_ROLES } from '../domain/roles.js';

/** True for an IANA time zone name this runtime knows (Asia/Bangkok, UTC, …). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const dashboardQuery = z.object({
  /** The viewer's time zone, which decides where a day of the login chart starts. */
  tz: string()
    .max(64)
    .regex(/^[A-Za-z0-9_+/-]+$/, { message: 'time_zone' })
    .refine(isTimeZone, { message: 'time_zone' })
    .default('UTC'),
  _t: string().max(20).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardSummary = z.object({
  /** Everyone: released announcements for this user not yet read. */
  unreadAnnouncements: z.number().int(),
  /** Everyone: order questions waiting for this user's side (as the notification popover counts them). */
  pendingQuestions: z.number().int(),
  /** Those who manage users: how many users hold each role. */
  usersByRole: z.array(z.object({ userRole: z.enum(USER_ROLES), count: z.number().int() })).nullable(),
  /** Those who read the logs: sign-ins per day for the last 7 days (oldest first, YYYY-MM-DD in `tz`). */
  loginsPerDay: z.array(z.object({ date: string(), count: z.number().int() })).nullable(),
  /** Those who manage announcements: how many are released now. */
  announcementsReleased: z.number().int().nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** How many days the orders chart covers, today included. */
export const ORDER_CHART_DAYS = 30;
/** An open order is at risk when its ship-by falls within this many hours, or has passed. */
export const AT_RISK_HOURS = 24;
/** How many rows each "top few" list of the dashboard carries. */
export const DASHBOARD_TOP = 5;

/** The order tabs the status chart stacks (every local status falls in exactly one). */
export const CHART_TABS = ['to_review', 'pending', 'shipped', 'cancelled'] as const;

export const dashboardFiguresQuery = z.object({
  /** The viewer's time zone: where the chart's days and "today" start. */
  tz: dashboardQuery.shape.tz,
  _t: string().max(20).optional(),
});
export type DashboardFiguresQuery = z.infer<typeof dashboardFiguresQuery>;

const count = z.number().int();

/** Orders placed per day of the viewer's calendar, oldest first, as chart series. */
export const ordersPerDay = z.object({
  /** YYYY-MM-DD in `tz`, ORDER_CHART_DAYS of them, today last. */
  days: z.array(string()),
  /** One series per marketplace that had an order in the window, counts aligned with `days`. */
  byPlatform: z.array(z.object({ platform: z.enum(PLATFORMS), counts: z.array(count) })),
  /** One series per tab of CHART_TABS (by the order's status now), counts aligned with `days`. */
  byStatus: z.array(z.object({ tab: z.enum(CHART_TABS), counts: z.array(count) })),
});
export type OrdersPerDay = z.infer<typeof ordersPerDay>;

/**
 * The order list's tabs as they stand: what waits (to review, pending, problem) counts every
 * open order, whenever placed; shipped and cancelled count what happened today (in `tz`), and
 * `ordered` the orders placed today.
 */
export const orderTabsToday = z.object({
  ordered: count,
  to_review: count,
  pending: count,
  problem: count,
  shipped: count,
  cancelled: count,
});
export type OrderTabsToday = z.infer<typeof orderTabsToday>;

export const atRiskOrder = z.object({
  id: string(),
  orderNo: string(),
  systemNo: string(),
  platform: z.enum(PLATFORMS),
  shopName: string(),
  sellerName: string(),
  warehouseCode: string(),
  /** 'to_review' or 'pending' */
  tab: z.enum(ORDER_TABS),
  shipBy: string(),
});
export type AtRiskOrder = z.infer<typeof atRiskOrder>;

/** Open orders (to review or pending shipment) whose ship-by is within AT_RISK_HOURS or past. */
export const ordersAtRisk = z.object({
  total: count,
  /** Of those, ship-by already passed. */
  overdue: count,
  toReview: count,
  pending: count,
  /** The DASHBOARD_TOP most urgent, earliest ship-by first. */
  top: z.array(atRiskOrder),
});
export type OrdersAtRisk = z.infer<typeof ordersAtRisk>;

export const shortSku = z.object({
  skuId: string(),
  sellerSku: string(),
  productName: string(),
  warehouseId: string(),
  warehouseCode: string(),
  /** Orders waiting for this SKU in this warehouse. */
  orders: count,
  /** Units those orders need, what the warehouse has available, and the difference. */
  needed: count,
  available: count,
  short: count,
});
export type ShortSku = z.infer<typeof shortSku>;

/** Orders waiting for stock (an open out-of-stock exception) and the SKUs they are short of. */
export const outOfStock = z.object({
  orders: count,
  /** SKUs (per warehouse) whose waiting orders need more than is available. */
  skus: count,
  units: count,
  /** The DASHBOARD_TOP SKUs shortest of stock. */
  top: z.array(shortSku),
});
export type OutOfStock = z.infer<typeof outOfStock>;

export const dueInbound = z.object({
  id: string(),
  inboundNo: string(),
  warehouseCode: string(),
  sellerName: string(),
  expectedArrival: string(),
  units: count,
});
export type DueInbound = z.infer<typeof dueInbound>;

/** Inbound orders still expected (pending or partly received), by expected arrival in `tz`. */
export const inboundDue = z.object({
  overdue: count,
  today: count,
  /** Tomorrow to seven days from today. */
  next7Days: count,
  later: count,
  noDate: count,
  /** The DASHBOARD_TOP earliest of those due within 7 days (overdue first). */
  top: z.array(dueInbound),
});
export type InboundDue = z.infer<typeof inboundDue>;

export const warehouseStock = z.object({
  warehouseId: string(),
  code: string(),
  name: string(),
  available: count,
  frozen: count,
  total: count,
  /** SKUs holding any unit there. */
  skus: count,
});
export type WarehouseStock = z.infer<typeof warehouseStock>;

/** Whose figures these are: the actor's seller, the warehouses assigned to them, or the tenant. */
export const FIGURE_SCOPES = ['seller', 'warehouses', 'tenant'] as const;

/**
 * GET /dashboard/figures: the business figures of the home page, scoped as the lists are (a
 * seller's own, a warehouse role's assigned warehouses, the whole tenant for agents and
 * administrators); each part present only for those who may open its list.
 */
export const dashboardFigures = z.object({
  scope: z.enum(FIGURE_SCOPES),
  /** Warehouses the actor sees (for a warehouse role: assigned to them). */
  warehouseCount: count,
  /** When the figures were read (ISO), for "as of". */
  asOf: string(),
  orders: z
    .object({
      perDay: ordersPerDay,
      today: orderTabsToday,
      atRisk: ordersAtRisk,
      outOfStock: outOfStock,
    })
    .nullable(),
  inbound: inboundDue.nullable(),
  stock: z.array(warehouseStock).nullable(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
