/**
 * Which service applies each PDA op type, the same one the admin uses: one op at a time
 * (applyOp, one case per type; an undo takes back an earlier op of the device), and the types a
 * module applies many at a time (RUN_APPLIERS). The push (push.service.ts) calls these inside
 * the batch's transaction, each op in a savepoint of its own.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { PDA_OP_PAYLOADS, UNDOABLE_OP_TYPES, type UndoOpInput } from '@shared/contract/pda-ops.js';
import type { PdaOp } from '@shared/contract/pda.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { parseInput } from '../../http/parse-input.js';
import { countLocation, countLocationRun } from '../counts/index.js';
import { finishTransfer, receiveTransfer } from '../transfers/index.js';
import { finishReturn, inspectReturnItem, receiveReturn } from '../returns/index.js';
import { claimWave, pickShort, pickTake, pickTakeRun } from '../logistics/index.js';
import {
  finishBox,
  receiveInbound,
  receiveInboundRun,
  reportDiscrepancy,
  shelveInbound,
  undoReceipt,
  undoShelving,
} from '../inbound/index.js';
import {
  addToBag,
  closeBag,
  deliverHandover,
  openBag,
  packParcel,
  putBackParcel,
  removeFromBag,
} from '../logistics/index.js';
import { pdaProcessedOps } from './pda.tables.js';

type Payload<T extends keyof typeof PDA_OP_PAYLOADS> = z.output<(typeof PDA_OP_PAYLOADS)[T]>;

/**
 * Takes back an earlier op of this device: its receipt or shelving is reversed through the
 * ledger and the original is marked, so it is undone once. An original the server refused
 * changed nothing, so there is nothing to take back.
 */
async function undoOp(
  tx: TenantTx,
  actor: Actor,
  deviceId: string,
  op: PdaOp,
  input: UndoOpInput,
): Promise<Record<string, unknown>> {
  const [original] = await tx
    .select()
    .from(pdaProcessedOps)
    .where(and(eq(pdaProcessedOps.opId, input.opId), eq(pdaProcessedOps.deviceId, deviceId)))
    .for('update');
  if (!original) throw new AppError('pda.undo_unknown');
  if (original.undoneByOpId) throw new AppError('pda.undo_already');
  if (!(UNDOABLE_OP_TYPES as readonly string[]).includes(original.type))
    throw new AppError('pda.undo_unsupported');
  if (original.result.status === 'rejected') return { undoneOpId: original.opId, quantity: 0 };
  const payload = original.payload;
  const effect =
    original.type === 'inbound.receive'
      ? await undoReceipt(tx, actor, parseInput(PDA_OP_PAYLOADS['inbound.receive'], payload))
      : await undoShelving(tx, actor, parseInput(PDA_OP_PAYLOADS['inbound.shelve'], payload));
  await tx
    .update(pdaProcessedOps)
    .set({ undoneByOpId: op.opId })
    .where(eq(pdaProcessedOps.opId, original.opId));
  return { ...effect, undoneOpId: original.opId };
}

/** Runs one op's command with the same service the admin uses. */
export async function applyOp(
  tx: TenantTx,
  actor: Actor,
  deviceId: string,
  op: PdaOp,
): Promise<Record<string, unknown>> {
  switch (op.type) {
    case 'inbound.receive': {
      const input: Payload<'inbound.receive'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return receiveInbound(tx, actor, input);
    }
    case 'inbound.discrepancy': {
      const input: Payload<'inbound.discrepancy'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return reportDiscrepancy(tx, actor, input);
    }
    case 'inbound.shelve': {
      const input: Payload<'inbound.shelve'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return shelveInbound(tx, actor, input);
    }
    case 'inbound.finish_box': {
      const input: Payload<'inbound.finish_box'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return finishBox(tx, actor, input);
    }
    case 'count.location': {
      const input: Payload<'count.location'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return { ...(await countLocation(tx, actor, input)) };
    }
    case 'transfer.receive': {
      const input: Payload<'transfer.receive'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return { ...(await receiveTransfer(tx, actor, input)) };
    }
    case 'transfer.finish': {
      const input: Payload<'transfer.finish'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return { ...(await finishTransfer(tx, actor, input)) };
    }
    case 'return.receive': {
      const input: Payload<'return.receive'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return { ...(await receiveReturn(tx, actor, input)) };
    }
    case 'return.item': {
      const input: Payload<'return.item'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return inspectReturnItem(tx, actor, input);
    }
    case 'return.finish': {
      const input: Payload<'return.finish'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return { ...(await finishReturn(tx, actor, input)) };
    }
    case 'pick.claim': {
      const input: Payload<'pick.claim'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return { ...(await claimWave(tx, actor, input)) };
    }
    case 'pick.take': {
      const input: Payload<'pick.take'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return { ...(await pickTake(tx, actor, input)) };
    }
    case 'pick.short': {
      const input: Payload<'pick.short'> = parseInput(PDA_OP_PAYLOADS[op.type], op.payload);
      return { ...(await pickShort(tx, actor, input)) };
    }
    case 'inbound.undo':
      return undoOp(tx, actor, deviceId, op, parseInput(PDA_OP_PAYLOADS[op.type], op.payload));
    // Pack, bag and hand over: each service parses its payload with the contract's schema.
    case 'pack.pack':
      return { ...(await packParcel(tx, actor, op.payload)) };
    case 'pack.put_back':
      return { ...(await putBackParcel(tx, actor, op.payload)) };
    case 'bag.open':
      return { ...(await openBag(tx, actor, op.payload)) };
    case 'bag.add':
      return { ...(await addToBag(tx, actor, op.payload)) };
    case 'bag.remove':
      return { ...(await removeFromBag(tx, actor, op.payload)) };
    case 'bag.close':
      return { ...(await closeBag(tx, actor, op.payload)) };
    case 'handover.deliver':
      return { ...(await deliverHandover(tx, actor, op.payload)) };
  }
}

/**
 * The op types a module can apply many at a time (a run: consecutive ops of one type, new and
 * next in seq). Each applies the leading ops it proves clean and answers their effects; the op
 * it stopped before goes one at a time, through the same service as ever, which refuses it with
 * its usual code (inbound-receive-run.ts, pick-run.ts, counts-run.ts).
 */
type RunApplier = (tx: TenantTx, actor: Actor, payloads: unknown[]) => Promise<object[]>;
export const RUN_APPLIERS: Partial<Record<PdaOp['type'], RunApplier>> = {
  'inbound.receive': receiveInboundRun,
  'pick.take': pickTakeRun,
  'count.location': countLocationRun,
};
