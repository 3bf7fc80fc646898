/**
 * Locations as pulled to the device: a scanned location code in the current warehouse, and a
 * location by id. Read by shelving, counting, packing, returns and transfers.
 */
import type { z } from 'zod';
import { pdaLocation } from '@shared/contract/pda.js';
import { findByCode, type PdaDatabase } from '../data/db.js';
import { parse } from './rows.js';

export type LocationData = z.infer<typeof pdaLocation>;

/** A location scan: one of the current warehouse's, or why not. */
export async function findLocation(
  db: PdaDatabase,
  warehouseId: string,
  code: string,
): Promise<
  { kind: 'location'; location: LocationData } | { kind: 'other_warehouse' } | { kind: 'not_found' }
> {
  const locations = (await findByCode(db, 'locations', code))
    .map((row) => parse(pdaLocation, row.data))
    .filter((location) => location !== null);
  if (locations.length === 0) return { kind: 'not_found' };
  const here = locations.find((location) => location.warehouseId === warehouseId);
  return here ? { kind: 'location', location: here } : { kind: 'other_warehouse' };
}

/** A location of the device's data by id. */
export async function loadLocation(db: PdaDatabase, id: string): Promise<LocationData | null> {
  const row = await db.locations.get(id);
  return row ? parse(pdaLocation, row.data) : null;
}
