/**
 * Each PDA op type's payload schema, for the server that applies the ops (push.service). Kept
 * apart from the sync protocol (pda.ts), which the PDA loads on its first screen: the payloads
 * pull in every flow's contract, and each screen brings its own when it loads.
 */
import { z } from 'zod';
import {
  finishBoxInput,
  receiveInboundInput,
  reportDiscrepancyInput,
  shelveInboundInput,
} from './inbound.js';
import { countLocationInput } from './counts.js';
import { finishTransferInput, receiveTransferInput } from './transfers.js';
import { finishReturnInput, inspectReturnItemInput, receiveReturnInput } from './returns.js';
import { claimWaveInput, pickShortInput, pickTakeInput } from './picking.js';
import {
  bagParcelInput,
  closeBagInput,
  handoverInput,
  openBagInput,
  packParcelInput,
  putBackInput,
} from './packing.js';
import { uuid } from './common.js';
import type { PdaOpType } from './pda.js';

/**
 * Undo of a scan: a compensating op naming an earlier receive or shelve op of the same device
 * (always processed first: it has a lower seq). A refused original leaves nothing to undo.
 */
export const undoOpInput = z.strictObject({ opId: uuid });
export type UndoOpInput = z.input<typeof undoOpInput>;

/** The op types a worker may undo. */
export const UNDOABLE_OP_TYPES = [
  'inbound.receive',
  'inbound.shelve',
] as const satisfies readonly PdaOpType[];

/** Each op type's payload: the same input as the service it runs. */
export const PDA_OP_PAYLOADS = {
  'inbound.receive': receiveInboundInput,
  'inbound.discrepancy': reportDiscrepancyInput,
  'inbound.shelve': shelveInboundInput,
  'inbound.finish_box': finishBoxInput,
  'inbound.undo': undoOpInput,
  'count.location': countLocationInput,
  'transfer.receive': receiveTransferInput,
  'transfer.finish': finishTransferInput,
  'return.receive': receiveReturnInput,
  'return.item': inspectReturnItemInput,
  'return.finish': finishReturnInput,
  'pick.claim': claimWaveInput,
  'pick.take': pickTakeInput,
  'pick.short': pickShortInput,
  // Pack, bag and hand over.
  'pack.pack': packParcelInput,
  'pack.put_back': putBackInput,
  'bag.open': openBagInput,
  'bag.add': bagParcelInput,
  'bag.remove': bagParcelInput,
  'bag.close': closeBagInput,
  'handover.deliver': handoverInput,
} as const satisfies Record<PdaOpType, z.ZodType>;
