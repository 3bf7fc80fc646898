/**
 * The order list's filters: what the search bar holds, the date shortcuts of spec 02 §9, what
 * the route's query (?searchTrackingNo=…&type=all, spec 01 §2) prefills, and the list call's
 * parameters made from them (the export sends the same, less the page).
 */
import type { Dayjs } from 'dayjs';
import type { OrderFilter } from '@api/modules/orders.js';
import type { TagMatch } from '@shared/contract/orders.js';
import {
  LOCAL_STATUSES,
  ORDER_TAGS,
  ORDER_TYPES,
  PLATFORMS,
  SHIP_TIME_FILTERS,
  type LocalStatus,
  type OrderTab,
  type OrderTag,
  type OrderType,
  type Platform,
  type ShipTimeFilter,
} from '@shared/domain/order.js';

export const DATE_FIELDS = ['ordered', 'paid', 'shipBy', 'shipped'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** What the search bar holds. */
export interface OrderFilterValues {
  /** Order numbers, system order ids or tracking numbers, separated by commas (or one a line). */
  numbers?: string;
  platform?: Platform;
  shopName?: string;
  warehouseId?: string;
  sellerId?: string;
  status?: LocalStatus;
  tags?: OrderTag[];
  /** With several tags: orders carrying any of them (the default) or all of them. */
  tagMatch?: TagMatch;
  dateField?: DateField;
  /** The days chosen, both included. */
  dateRange?: [Dayjs, Dayjs] | null;
  shipTime?: ShipTimeFilter;
}

export type TabKey = OrderTab | 'all';
export type TypeKey = OrderType | 'all';

export interface OrderListState {
  pageNo: number;
  pageSize: number;
  tab: TabKey;
  type: TypeKey;
  filter: OrderFilterValues;
}

/** Date shortcuts (spec 02 §9), shared by every list's date range. */
export { DATE_SHORTCUTS, shortcutDays, type DateShortcut } from '../common/date-shortcuts.js';

/** The instants the server filters by: from the first day's start up to (not including) the day after the last. */
export function rangeInstants(days: [Dayjs, Dayjs]): { dateFrom: string; dateTo: string } {
  return {
    dateFrom: days[0].startOf('day').toISOString(),
    dateTo: days[1].startOf('day').add(1, 'day').toISOString(),
  };
}

/** Numbers separated by commas, spaces or line breaks, each once, joined with English commas. */
export function numbersOf(text: string | undefined): string[] {
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(/[,，;\s]+/)
        .map((value) => value.trim())
        .filter((value) => value !== ''),
    ),
  ];
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/**
 * What the route's query prefills: searchTrackingNo (an order question's order number, or a
 * tracking number) goes into the number search and shows every tab; type picks the order type.
 */
export function initialState(search: string): OrderListState {
  const query = new URLSearchParams(search);
  const searched = query.get('searchTrackingNo')?.trim() ?? '';
  const type = query.get('type');
  const status = query.get('status');
  const platform = query.get('platform');
  // ?tag=a&tag=b (as the dashboard links) or ?tags=a,b.
  const tags = [
    ...new Set([...query.getAll('tag'), ...(query.get('tags') ?? '').split(',')].map((tag) => tag.trim())),
  ].filter((tag) => isOneOf(ORDER_TAGS, tag));
  const tagMatch = query.get('tagMatch');
  const shipTime = query.get('shipTime');
  const filter: OrderFilterValues = {};
  if (searched) filter.numbers = searched;
  if (isOneOf(LOCAL_STATUSES, status)) filter.status = status;
  if (isOneOf(PLATFORMS, platform)) filter.platform = platform;
  if (tags.length > 0) filter.tags = tags;
  if (tagMatch === 'all') filter.tagMatch = 'all';
  if (isOneOf(SHIP_TIME_FILTERS, shipTime)) filter.shipTime = shipTime;
  return {
    pageNo: 1,
    pageSize: 20,
    tab: 'all',
    type: isOneOf(ORDER_TYPES, type) ? type : 'all',
    filter,
  };
}

/** The list call's filters (paging aside), as the export sends them too. */
export function filtersOf(state: Pick<OrderListState, 'tab' | 'type' | 'filter'>) {
  const { numbers, dateRange, dateField, tags, tagMatch, ...rest } = state.filter;
  const found = numbersOf(numbers);
  return {
    ...rest,
    ...(tags && tags.length > 0 ? { tags: tags.join(','), tagMatch: tagMatch ?? 'any' } : {}),
    tab: state.tab === 'all' ? undefined : state.tab,
    type: state.type,
    numbers: found.length > 0 ? found.join(',') : undefined,
    ...(dateRange ? { dateField: dateField ?? 'ordered', ...rangeInstants(dateRange) } : {}),
  } satisfies Omit<OrderFilter, 'pageNo' | 'pageSize'>;
}

export function listParams(state: OrderListState): OrderFilter {
  return { pageNo: state.pageNo, pageSize: state.pageSize, ...filtersOf(state) };
}
