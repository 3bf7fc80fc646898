/**
 * The printed words of the outbound documents (waybill, pick list, packing list) in the
 * reader's language, from locales/<lang>/printing.json, and how numbers, weights, amounts and
 * times are written on them.
 */
import { BCP47, type Language } from '@shared/i18n/languages.js';
import { currencyDigits, fromMinorUnits } from '@shared/domain/money.js';
import { PARCEL_TYPES, type ParcelType } from '@shared/domain/order.js';
import { translatorFor } from '../../i18n.js';

export type PageOf = (page: number, count: number) => string;

export interface WaybillTexts {
  title: string;
  sender: string;
  recipient: string;
  order: string;
  weight: string;
  cod: string;
  printed: string;
  pieces: string;
  route: string;
}

export interface PickListTexts {
  title: string;
  wave: string;
  warehouse: string;
  created: string;
  orders: string;
  units: string;
  location: string;
  sku: string;
  product: string;
  quantity: string;
  takenBy: string;
  partition: (partition: string) => string;
  noPartition: string;
  moreOrders: (count: number) => string;
  pageOf: PageOf;
}

export interface PackingListTexts {
  title: string;
  order: string;
  tracking: string;
  recipient: string;
  parcelTypeCaption: string;
  parcelType: Record<ParcelType, string>;
  sku: string;
  product: string;
  quantity: string;
  total: (lines: number, units: number) => string;
  continued: string;
  pageOf: PageOf;
}

export function waybillTexts(language: Language): WaybillTexts {
  const t = translatorFor(language);
  const key = (name: string) => t(`printing:waybill.${name}`);
  return {
    title: key('title'),
    sender: key('sender'),
    recipient: key('recipient'),
    order: key('order'),
    weight: key('weight'),
    cod: key('cod'),
    printed: key('printed'),
    pieces: key('pieces'),
    route: key('route'),
  };
}

export function pickListTexts(language: Language): PickListTexts {
  const t = translatorFor(language);
  const key = (name: string, params?: Record<string, unknown>) => t(`printing:pick_list.${name}`, params);
  return {
    title: key('title'),
    wave: key('wave'),
    warehouse: key('warehouse'),
    created: key('created'),
    orders: key('orders'),
    units: key('units'),
    location: key('location'),
    sku: key('sku'),
    product: key('product'),
    quantity: key('quantity'),
    takenBy: key('taken_by'),
    partition: (partition) => key('partition', { partition }),
    noPartition: key('no_partition'),
    moreOrders: (count) => key('more_orders', { count }),
    pageOf: (page, count) => t('printing:page_of', { page, count }),
  };
}

export function packingListTexts(language: Language): PackingListTexts {
  const t = translatorFor(language);
  const key = (name: string, params?: Record<string, unknown>) => t(`printing:packing_list.${name}`, params);
  return {
    title: key('title'),
    order: key('order'),
    tracking: key('tracking'),
    recipient: key('recipient'),
    parcelTypeCaption: key('parcel_type'),
    parcelType: Object.fromEntries(PARCEL_TYPES.map((type) => [type, t(`orders:parcel.${type}`)])) as Record<
      ParcelType,
      string
    >,
    sku: key('sku'),
    product: key('product'),
    quantity: key('quantity'),
    total: (lines, units) => key('total', { lines, units }),
    continued: key('continued'),
    pageOf: (page, count) => t('printing:page_of', { page, count }),
  };
}

/** A count in the reader's digits grouping (1,234 / 1 234). */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(BCP47[language]).format(value);
}

/** What a printed document shows where a weight is not known: a dash, never "0 kg". */
export const UNKNOWN_WEIGHT = '—';

/**
 * Grams as kilograms, to the gram without trailing zeros (1250 → '1.25 kg', 300 → '0.3 kg'),
 * in the reader's digits; a weight not known (null, or not above zero: nothing was weighed and no
 * SKU has a weight) is the dash.
 */
export function formatWeight(grams: number | null | undefined, language: Language): string {
  if (grams == null || !Number.isFinite(grams) || grams <= 0) return UNKNOWN_WEIGHT;
  const kilograms = new Intl.NumberFormat(BCP47[language], { maximumFractionDigits: 3 }).format(grams / 1000);
  return `${kilograms} kg`;
}

/** An amount in minor units with its currency code first, as couriers print COD: 'THB 1,299.00'. */
export function formatAmount(minor: number, currency: string, language: Language): string {
  const digits = currencyDigits(currency);
  const amount = new Intl.NumberFormat(BCP47[language], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fromMinorUnits(minor, currency));
  return `${currency} ${amount}`;
}

/**
 * Date and time to the minute in the warehouse's time zone, as `YYYY-MM-DD HH:mm` in every
 * language: a label or sheet crosses borders (a Chinese seller's parcel read by a Thai courier),
 * and the readers' own forms disagree (month first in en-US, day first in th/vn, the Buddhist year
 * in th-TH), while ISO order reads the same to all of them and sorts.
 */
export function formatTime(time: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(time)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
