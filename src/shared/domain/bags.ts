/**
 * Bags (集包) and hand-over: a bag collects packed parcels of one warehouse and one channel,
 * is weighed and closed, and is handed over to the carrier with its parcels. Spec 02 §3
 * "Delivery or bag: bag number, package count, weight, delivery status, delivery time" and §4
 * "Pending/pickup and delivery: pending, pickup, delivery success, delivery fail".
 */
export const BAG_STATUSES = ['open', 'closed'] as const;
export type BagStatus = (typeof BAG_STATUSES)[number];

export const BAG_DELIVERY_STATUSES = ['pending', 'pickup', 'delivery_success', 'delivery_fail'] as const;
export type BagDeliveryStatus = (typeof BAG_DELIVERY_STATUSES)[number];

/** Warehouse statuses of a parcel that is packed and may go into a bag. */
export const BAGGABLE_STATUSES = ['packed', 'repacked'] as const;
/** Warehouse statuses of a picked order still to pack. */
export const PACKABLE_STATUSES = ['picked', 'sorted', 'to_be_packed'] as const;

/** Bag numbers as a label carries them: letters, digits, '-' and '_'. */
export const BAG_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * A bag number is case-free: kept and compared upper-cased, on the device and on the server, so
 * a label scanned with CapsLock on ('uxb622404') names the bag 'UXB622404', never a second one.
 */
export function foldBagNo(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The bag-number format (no agent sets one): 'BG' and four to 38 letters, digits, '-' or '_',
 * as the numbers the device makes (makeBagNo) and the bag labels printed for the warehouse
 * carry it. A code of another form (a product's GS1 code, a tracking number, a stray label) is
 * still a valid number, but opens a bag only once the worker confirms it is one.
 */
export const BAG_NO_FORMAT = /^BG[A-Z0-9_-]{4,38}$/;

/** Whether a code looks like a bag number (BAG_NO_FORMAT, case-folded). */
export function looksLikeBagNo(code: string): boolean {
  return BAG_NO_FORMAT.test(foldBagNo(code));
}

/**
 * A bag number made on the device when no pre-printed label is scanned: 'BG', the date and time
 * (yymmddHHMMSS) and four random characters, so two devices never make the same one.
 */
export function makeBagNo(now: Date, random: () => number = Math.random): string {
  const stamp = now.toISOString().slice(2, 19).replace(/\D/g, '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let tail = '';
  for (let index = 0; index < 4; index += 1) tail += alphabet[Math.floor(random() * alphabet.length)] ?? 'X';
  return `BG${stamp}${tail}`;
}

/** Why a parcel cannot go into a bag, as the device and the server both decide it. */
export type BagRefusal =
  'bag_closed' | 'other_warehouse' | 'other_channel' | 'not_packed' | 'already_bagged' | 'cancelled';

export interface BagCheckParcel {
  warehouseId: string;
  channelId: string | null;
  status: string;
  bagId: string | null;
  isCancelled: boolean;
}
export interface BagCheckBag {
  id: string;
  warehouseId: string;
  channelId: string | null;
  status: BagStatus;
  /** The channel of the parcels already in it (null when empty or for parcels without one). */
  hasParcels: boolean;
}

/** The one rule for putting a parcel into a bag: null when it may go in. */
export function bagRefusal(bag: BagCheckBag, parcel: BagCheckParcel): BagRefusal | null {
  if (bag.status !== 'open') return 'bag_closed';
  if (parcel.isCancelled) return 'cancelled';
  if (parcel.warehouseId !== bag.warehouseId) return 'other_warehouse';
  if (parcel.bagId !== null) return 'already_bagged';
  if (!(BAGGABLE_STATUSES as readonly string[]).includes(parcel.status)) return 'not_packed';
  if (bag.hasParcels && parcel.channelId !== bag.channelId) return 'other_channel';
  return null;
}
