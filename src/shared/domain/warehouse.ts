/**
 * Warehouse vocabulary (spec 02 §3 'Shelf', §4 'Shelf'): location types and the status a
 * location shows, which follows from what lies on it and how much it holds; it is never stored.
 */

/** outbound: the staging area picked units wait on until they are handed over (one per warehouse, made on the first pick). */
export const LOCATION_TYPES = ['receiving', 'storage', 'picking', 'returns', 'damaged', 'outbound'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const LOCATION_STATUSES = ['idle', 'in_use', 'full'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];

/** Warehouse, partition and location codes: printed as barcodes, so letters, digits, - _ . only. */
export const WAREHOUSE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export const WAREHOUSE_LIMITS = {
  code: 32,
  name: 128,
  address: 500,
  contactName: 64,
  contactPhone: 32,
  capacity: 1_000_000,
  /** Locations one batch may create. */
  batchLocations: 500,
  /** Users one assignment call may name. */
  staffPerCall: 100,
  /** Levels, and positions a level, of a rack made at once (its codes number them in two digits). */
  rackSize: 99,
} as const;

/**
 * The time zone of a warehouse in each country that keeps one zone across the regions we serve
 * (East and Southeast Asia, with the neighbours parcels cross to). Countries spread over several
 * zones (the United States, Russia, Australia, Indonesia, …) are absent: their warehouses name
 * their zone.
 */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  BD: 'Asia/Dhaka',
  BN: 'Asia/Brunei',
  CN: 'Asia/Shanghai',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  HK: 'Asia/Hong_Kong',
  IN: 'Asia/Kolkata',
  IT: 'Europe/Rome',
  JP: 'Asia/Tokyo',
  KH: 'Asia/Phnom_Penh',
  KR: 'Asia/Seoul',
  LA: 'Asia/Vientiane',
  LK: 'Asia/Colombo',
  MM: 'Asia/Yangon',
  MO: 'Asia/Macau',
  MY: 'Asia/Kuala_Lumpur',
  NL: 'Europe/Amsterdam',
  NP: 'Asia/Kathmandu',
  PH: 'Asia/Manila',
  PK: 'Asia/Karachi',
  PL: 'Europe/Warsaw',
  SG: 'Asia/Singapore',
  TH: 'Asia/Bangkok',
  TW: 'Asia/Taipei',
  VN: 'Asia/Ho_Chi_Minh',
};

/** The time zone a warehouse in this country (two letters, any case) keeps; undefined where the country has several. */
export function timeZoneOfCountry(country: string): string | undefined {
  const code = country.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(COUNTRY_TIME_ZONES, code)
    ? COUNTRY_TIME_ZONES[code]
    : undefined;
}

/**
 * idle: nothing on it; full: it holds its capacity or more; in use: anything between.
 * A location without a capacity is never full.
 */
export function locationStatus(quantity: number, capacity: number | null): LocationStatus {
  if (quantity <= 0) return 'idle';
  if (capacity !== null && quantity >= capacity) return 'full';
  return 'in_use';
}

/** Roles that may shelve above a location's capacity (a supervisor's override). */
export const CAPACITY_OVERRIDE_ROLES = ['ware_manager', 'agent_manager', 'admin'] as const;

/**
 * Whether putting `quantity` more units on a location that holds `occupied` goes above its
 * capacity; a location without a capacity never overflows.
 */
export function isOverCapacity(occupied: number, quantity: number, capacity: number | null): boolean {
  return capacity !== null && occupied + quantity > capacity;
}
