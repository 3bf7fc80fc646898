/** What lies on a location, read from stock per location: the warehouse module derives a location's idle / in use / full status from it. */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LocationOccupancy } from '../warehouse/index.js';
import { locationStock } from './inventory.tables.js';

export const locationOccupancy: LocationOccupancy = {
  units: (locationId: AnyPgColumn) =>
    sql<number>`coalesce((select sum(${locationStock.quantity}) from ${locationStock} where ${locationStock.locationId} = ${locationId}), 0)::int`,
  skuCount: (locationId: AnyPgColumn) =>
    sql<number>`(select count(*) from ${locationStock} where ${locationStock.locationId} = ${locationId} and ${locationStock.quantity} > 0)::int`,
};
