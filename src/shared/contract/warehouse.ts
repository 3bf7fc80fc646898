/**
 * Warehouse calls: warehouses, partitions (zones), locations (shelves) with their derived
 * status, and staff assignments. Inputs are strict and bounded; codes are upper-cased so a
 * scanned label and a typed code are the same code.
 */
import { z } from 'zod';
import {
  LOCATION_STATUSES,
  LOCATION_TYPES,
  WAREHOUSE_CODE_PATTERN,
  WAREHOUSE_LIMITS as LIMITS,
} from '../domain/warehouse.js';
import { OVER_RECEIPT_MAX, OVER_RECEIPT_UNITS, type OverReceiptUnit } from '../domain/inbound.js';
import { USER_ROLES } from '../domain/roles.js';
import { pageQuery, requiredText, string, uuid, text } from './common.js';
import { isTimeZone } from './dashboard.js';

const cacheBuster = { _t: string().max(20).optional() };
/** An empty filter from a search form counts as no filter. */
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const pagedQuery = <T extends z.ZodRawShape>(shape: T) => z.strictObject({ ...pageQuery.shape, ...shape });

/** A warehouse, partition or location code: letters, digits, - _ . ; stored upper-case. */
export const stockCode = string()
  .trim()
  .min(1)
  .max(LIMITS.code)
  .regex(WAREHOUSE_CODE_PATTERN, { message: 'stock_code_format' })
  .transform((value) => value.toUpperCase());

const country = string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: 'country_code' })
  .transform((value) => value.toUpperCase());
const timeZone = string()
  .max(64)
  .regex(/^[A-Za-z0-9_+/-]+$/, { message: 'time_zone' })
  .refine(isTimeZone, { message: 'time_zone' });
const capacity = z.number().int().min(1).max(LIMITS.capacity).nullable();
const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

// Warehouses

/** Units or a percentage (at most 100) received beyond what was shipped without a confirmation. */
const overReceiptTolerance = z.number().int().min(0).max(OVER_RECEIPT_MAX.units);
/** The tolerance in its unit: at most 1,000 units or 100 percent (the admin's form checks it with this). */
export const overReceiptToleranceIn = (unit: OverReceiptUnit) =>
  overReceiptTolerance.max(OVER_RECEIPT_MAX[unit]);

const warehouseFields = {
  code: stockCode,
  name: requiredText(LIMITS.name),
  country,
  address: text(LIMITS.address).default(''),
  timeZone,
  contactName: text(LIMITS.contactName).default(''),
  contactPhone: text(LIMITS.contactPhone).default(''),
  isActive: z.boolean().default(true),
  overReceiptUnit: z.enum(OVER_RECEIPT_UNITS).default('units'),
  overReceiptTolerance: overReceiptTolerance.default(0),
};
/** Without a time zone, the warehouse keeps its country's (src/shared/domain/warehouse.ts). */
export const warehouseAddBody = z.strictObject({ ...warehouseFields, timeZone: timeZone.optional() });
export type WarehouseAddInput = z.infer<typeof warehouseAddBody>;

/** Only the fields sent change. */
export const warehouseEditBody = z.strictObject({
  id: uuid,
  code: stockCode.optional(),
  name: requiredText(LIMITS.name).optional(),
  country: country.optional(),
  address: text(LIMITS.address).optional(),
  timeZone: timeZone.optional(),
  contactName: text(LIMITS.contactName).optional(),
  contactPhone: text(LIMITS.contactPhone).optional(),
  isActive: z.boolean().optional(),
  overReceiptUnit: z.enum(OVER_RECEIPT_UNITS).optional(),
  overReceiptTolerance: overReceiptTolerance.optional(),
});
export type WarehouseEditInput = z.infer<typeof warehouseEditBody>;

export const warehouseListQuery = pagedQuery({
  code: text(LIMITS.code).optional(),
  name: text(LIMITS.name).optional(),
  isActive: blankOr(booleanQuery),
});
export type WarehouseListQuery = z.infer<typeof warehouseListQuery>;

export const warehouseIdQuery = z.strictObject({ ...cacheBuster, id: uuid });
export const warehouseOptionsQuery = z.strictObject({ ...cacheBuster });

export const warehouseView = z.object({
  id: string(),
  code: string(),
  name: string(),
  country: string(),
  address: string(),
  timeZone: string(),
  contactName: string(),
  contactPhone: string(),
  isActive: z.boolean(),
  overReceiptUnit: z.enum(OVER_RECEIPT_UNITS),
  overReceiptTolerance: z.number().int(),
  createdAt: string(),
  updatedAt: string(),
});
export type WarehouseView = z.infer<typeof warehouseView>;

/** What anyone who ships to a warehouse may know of it. */
export const warehouseOption = z.object({
  id: string(),
  code: string(),
  name: string(),
  country: string(),
});
export type WarehouseOption = z.infer<typeof warehouseOption>;

// Staff assignments

export const staffListQuery = z.strictObject({ ...cacheBuster, warehouseId: uuid });
export const staffAssignBody = z.strictObject({
  warehouseId: uuid,
  userIds: z.array(uuid).min(1).max(LIMITS.staffPerCall),
});
export type StaffAssignInput = z.infer<typeof staffAssignBody>;
export const staffRemoveQuery = z.strictObject({ warehouseId: uuid, userId: uuid });
export type StaffRemoveInput = z.infer<typeof staffRemoveQuery>;
export const staffCandidatesQuery = pagedQuery({ keyword: text(64).optional() });
export type StaffCandidatesQuery = z.infer<typeof staffCandidatesQuery>;

export const staffView = z.object({
  userId: string(),
  username: string(),
  realname: string(),
  userRole: z.enum(USER_ROLES),
});
export type StaffView = z.infer<typeof staffView>;

// Partitions

export const partitionListQuery = z.strictObject({ ...cacheBuster, warehouseId: uuid });
export const partitionAddBody = z.strictObject({
  warehouseId: uuid,
  code: stockCode,
  name: requiredText(LIMITS.name),
});
export type PartitionAddInput = z.infer<typeof partitionAddBody>;
export const partitionEditBody = z.strictObject({
  id: uuid,
  code: stockCode.optional(),
  name: requiredText(LIMITS.name).optional(),
});
export type PartitionEditInput = z.infer<typeof partitionEditBody>;
export const partitionIdQuery = z.strictObject({ id: uuid });

export const partitionView = z.object({
  id: string(),
  warehouseId: string(),
  code: string(),
  name: string(),
  locationCount: z.number().int(),
});
export type PartitionView = z.infer<typeof partitionView>;

// Locations

export const locationAddBody = z.strictObject({
  warehouseId: uuid,
  partitionId: uuid.nullable().default(null),
  code: stockCode,
  locationType: z.enum(LOCATION_TYPES),
  capacity: capacity.default(null),
});
export type LocationAddInput = z.infer<typeof locationAddBody>;

/** Many locations of one partition and type at once (a rack's shelves). */
export const locationBatchBody = z.strictObject({
  warehouseId: uuid,
  partitionId: uuid.nullable().default(null),
  codes: z.array(stockCode).min(1).max(LIMITS.batchLocations),
  locationType: z.enum(LOCATION_TYPES),
  capacity: capacity.default(null),
});
export type LocationBatchInput = z.infer<typeof locationBatchBody>;

/** The codes a rack would make, asked before it is added: which of them the warehouse already holds. */
export const locationCodesBody = locationBatchBody.pick({ warehouseId: true, codes: true });
export type LocationCodesInput = z.infer<typeof locationCodesBody>;
export const locationCodesTaken = z.object({ taken: z.array(string()) });

export const locationEditBody = z.strictObject({
  id: uuid,
  partitionId: uuid.nullable().optional(),
  code: stockCode.optional(),
  locationType: z.enum(LOCATION_TYPES).optional(),
  capacity: capacity.optional(),
});
export type LocationEditInput = z.infer<typeof locationEditBody>;
export const locationIdQuery = z.strictObject({ id: uuid });

export const locationListQuery = pagedQuery({
  warehouseId: blankOr(uuid),
  partitionId: blankOr(uuid),
  code: text(LIMITS.code).optional(),
  locationType: blankOr(z.enum(LOCATION_TYPES)),
  status: blankOr(z.enum(LOCATION_STATUSES)),
});
export type LocationListQuery = z.infer<typeof locationListQuery>;

export const locationByCodeQuery = z.strictObject({ ...cacheBuster, warehouseId: uuid, code: stockCode });
export type LocationByCodeQuery = z.infer<typeof locationByCodeQuery>;

export const locationView = z.object({
  id: string(),
  warehouseId: string(),
  warehouseCode: string(),
  partitionId: string().nullable(),
  partitionCode: string().nullable(),
  code: string(),
  locationType: z.enum(LOCATION_TYPES),
  capacity: z.number().int().nullable(),
  /** Units lying on it now, over all SKUs. */
  quantity: z.number().int(),
  skuCount: z.number().int(),
  status: z.enum(LOCATION_STATUSES),
});
export type LocationView = z.infer<typeof locationView>;
