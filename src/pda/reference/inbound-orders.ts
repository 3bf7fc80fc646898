/**
 * Inbound orders and their boxes as pulled to the device: their data, the schema of one box, and
 * an order or a box read by id. Read by receiving and shelving (each finds what a scan names and
 * writes its own ops' effects) and by undo.
 */
import type { z } from 'zod';
import { pdaInboundOrder } from '@shared/contract/pda.js';
import type { PdaDatabase } from '../data/db.js';
import { parseRow } from './rows.js';

export type InboundOrderData = z.infer<typeof pdaInboundOrder>;
export type BoxData = InboundOrderData['boxes'][number];

/** The schema of one box of an order (a row of the boxes table holds one). */
export const boxData = pdaInboundOrder.shape.boxes.element;

export async function loadOrder(db: PdaDatabase, orderId: string): Promise<InboundOrderData | null> {
  return parseRow(pdaInboundOrder, await db.inboundOrders.get(orderId));
}

export async function loadBox(db: PdaDatabase, boxId: string): Promise<BoxData | null> {
  return parseRow(boxData, await db.boxes.get(boxId));
}
