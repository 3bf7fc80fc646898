/**
 * The PDA sync protocol (docs/research/pda-offline.md §3.10, docs/architecture.md §6). Push: a device sends its queued ops
 * in seq order; each op gets its own result. Pull: reference data changed since a cursor, with
 * tombstones for what left the device's scope. Per-op outcomes never use HTTP errors: the reply
 * is 200 whenever the batch was examined.
 */
import { z } from 'zod';
import { photoKey } from './inbound.js';
import { OVER_RECEIPT_UNITS } from '../domain/inbound.js';
import { string, uuid } from './common.js';

/**
 * opsPerPush: ops in one push. pullPage: changes in one pull reply; a longer pull goes on over
 * further pages (`hasMore`), each continuing from the cursor the previous one answered.
 */
export const PDA_LIMITS = { opsPerPush: 200, deviceId: 64, pullPage: 500 } as const;

/** The header a device presents its key in when it names itself on a GET (a query string is logged). */
export const DEVICE_KEY_HEADER = 'x-device-key';

export const PDA_OP_TYPES = [
  'inbound.receive',
  'inbound.discrepancy',
  'inbound.shelve',
  'inbound.finish_box',
  'inbound.undo',
  'count.location',
  'transfer.receive',
  'transfer.finish',
  'return.receive',
  'return.item',
  'return.finish',
  // Picking: take a wave, take units to staging, report units missing.
  'pick.claim',
  'pick.take',
  'pick.short',
  // Pack, bag and hand over.
  'pack.pack',
  'pack.put_back',
  'bag.open',
  'bag.add',
  'bag.remove',
  'bag.close',
  'handover.deliver',
] as const;
export type PdaOpType = (typeof PDA_OP_TYPES)[number];

export const deviceId = string()
  .min(1)
  .max(PDA_LIMITS.deviceId)
  .regex(/^[A-Za-z0-9_.:-]+$/, { message: 'device_id_format' });

/**
 * One queued op. The payload is checked per op when it is applied, so a malformed payload is
 * that op's rejection ('common.validation') and never blocks the ops after it.
 */
export const pdaOp = z.strictObject({
  opId: uuid,
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  type: z.enum(PDA_OP_TYPES),
  payload: z.record(string(), z.unknown()),
  /** The device's clock when the op was made: audit only. */
  createdAt: z.iso.datetime({ offset: true }),
  /** The session the op was made in; an op of a revoked session fails the whole call (401). */
  sessionId: uuid.optional(),
});
export type PdaOp = z.infer<typeof pdaOp>;

/**
 * What identifies an op in a batch: its id and its seq. Only these are checked for the whole
 * call; everything else of an op (type, payload, clock, session) is checked per op, so an op
 * the server cannot take is that op's rejection and the rest of the batch still applies.
 */
export const pushedOp = z.looseObject({
  opId: uuid,
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** The secret the server issued to a device at registration; the device keeps it and sends it. */
export const deviceKey = string()
  .min(32)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'device_key_format' });

export const pushRequest = z.strictObject({
  deviceId,
  /** Required by the server: a push without the device's key is refused as 'pda.device_unknown'. */
  deviceKey: deviceKey.optional(),
  ops: z.array(pushedOp).max(PDA_LIMITS.opsPerPush),
});
/** A push as the device builds it: its ops are whole ops. */
export type PushRequest = Omit<z.input<typeof pushRequest>, 'ops'> & { ops: PdaOp[] };

/**
 * POST /pda/device/register: the device names the id it made and the first seq it will push
 * (the seq after the last one the server answered it, 1 on a new device). The server keeps a
 * hash of the key it answers; every push of that device must present the key. An id already
 * registered is refused ('pda.device_taken'): the device then makes a new id.
 */
export const registerDeviceRequest = z.strictObject({
  deviceId,
  nextSeq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1),
});
export type RegisterDeviceRequest = z.input<typeof registerDeviceRequest>;

/** The key alone: the device made its id and keeps it. */
export const registerDeviceReply = z.object({ deviceKey: string() });
export type RegisterDeviceReply = z.infer<typeof registerDeviceReply>;

const params = z.record(string(), z.union([string(), z.number()]));

/** What the server keeps per op and answers again to a replay. */
export const storedOpResult = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('applied'),
    /** The service's answer (an inbound change: order, status, quantity). */
    effect: z.record(string(), z.unknown()),
    at: string(),
  }),
  z.object({ status: z.literal('rejected'), code: string(), params, at: string() }),
]);
export type StoredOpResult = z.infer<typeof storedOpResult>;

export const opResult = z.discriminatedUnion('status', [
  z.object({
    opId: string(),
    seq: z.number().int(),
    status: z.literal('applied'),
    effect: z.record(string(), z.unknown()),
  }),
  /** Processed before: the stored outcome, unchanged. */
  z.object({
    opId: string(),
    seq: z.number().int(),
    status: z.literal('duplicate'),
    original: storedOpResult,
  }),
  /** Terminal: the op will never apply; the device shows it under 'needs attention'. */
  z.object({
    opId: string(),
    seq: z.number().int(),
    status: z.literal('rejected'),
    code: string(),
    params,
  }),
  /** Not looked at (an earlier seq is missing): send it again after the gap is filled. */
  z.object({
    opId: string(),
    seq: z.number().int(),
    status: z.literal('not_processed'),
    code: z.literal('pda.sequence_gap'),
    params: z.object({ expectedSeq: z.number().int() }),
  }),
]);
export type OpResult = z.infer<typeof opResult>;

export const pushReply = z.object({
  serverTime: string(),
  /** The device's last processed seq after this call. */
  lastProcessedSeq: z.number().int(),
  results: z.array(opResult),
  /** True when something was applied: pull now. */
  pullHint: z.boolean(),
});
export type PushReply = z.infer<typeof pushReply>;

export const PULL_SCOPES = ['locations', 'skus', 'inbound_orders'] as const;
export type PullScope = (typeof PULL_SCOPES)[number];
const isPullScope = (value: string): value is PullScope => (PULL_SCOPES as readonly string[]).includes(value);

/**
 * The pull cursor, opaque to the device (it stores and sends back what the last page answered):
 *
 * - `X`: done; every change of a transaction with an id below X was pulled. X is the xmin of
 *   the snapshot of the pull's first page (see modules/pda/pull.service.ts).
 * - `X.f.E.K`: in the middle of a full pull (reset) whose first page took snapshot xmin X;
 *   the rows of entity E (0 locations, 1 SKUs, 2 inbound orders) up to id K were sent.
 * - `X.d.F.E.K`: in the middle of a delta pull of the changes since F (a cursor `F`), begun at
 *   snapshot xmin X (F <= X); the changed ids of entity E up to id K were sent.
 *
 * X and F are xid8 values (at most 2^64 - 1), K a row id (a lower-case UUID).
 */
export const PULL_CURSOR =
  /^(\d{1,20})(?:\.(?:f|d\.(\d{1,20}))\.([0-2])\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?$/;
const XID8_MAX = 18446744073709551615n;

export const pullQuery = z.strictObject({
  /** Absent or empty: a full pull (reset). Otherwise a cursor a pull answered (PULL_CURSOR). */
  cursor: string()
    .max(100)
    .superRefine((value, context) => {
      const match = PULL_CURSOR.exec(value);
      const xmin = match?.[1] === undefined ? null : BigInt(match[1]);
      const from = match?.[2] === undefined ? null : BigInt(match[2]);
      const valid =
        xmin !== null && xmin <= XID8_MAX && (from === null || (from <= XID8_MAX && from <= xmin));
      if (!valid && value !== '') context.addIssue({ code: 'custom', message: 'cursor_format' });
    })
    .optional(),
  /** Comma-separated; all when absent. */
  scope: string()
    .max(100)
    .transform((value, context) => {
      const parts = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const known = parts.filter(isPullScope);
      if (known.length !== parts.length) context.addIssue({ code: 'custom', message: 'scope_unknown' });
      return known;
    })
    .optional(),
  /**
   * The device asking, for its last applied seq (`lastProcessedSeq`): told only with the device's
   * key in the X-Device-Key header, else refused as 'pda.device_unknown'.
   */
  deviceId: deviceId.optional(),
  _t: string().max(20).optional(),
});
export type PullQuery = z.infer<typeof pullQuery>;

export const pdaLocation = z.object({
  id: string(),
  warehouseId: string(),
  code: string(),
  locationType: string(),
  /** Units it may hold (null: no limit), and the units on it when it was pulled. */
  capacity: z.number().int().nullable().optional(),
  quantity: z.number().int().optional(),
});
export const pdaSku = z.object({
  id: string(),
  sellerId: string(),
  sellerSku: string(),
  sysCode: string(),
  name: string(),
  variation: string(),
  barcodes: z.array(string()),
});
export const pdaInboundOrder = z.object({
  id: string(),
  inboundNo: string(),
  warehouseId: string(),
  sellerId: string(),
  status: string(),
  receivingLocationId: string(),
  /** The warehouse's over-receipt tolerance (rows pulled before it existed have none: zero). */
  overReceipt: z.object({ unit: z.enum(OVER_RECEIPT_UNITS), value: z.number().int().min(0) }).optional(),
  boxes: z.array(
    z.object({
      id: string(),
      boxNo: string(),
      isFinished: z.boolean(),
      lines: z.array(
        z.object({
          skuId: string(),
          shipQuantity: z.number().int(),
          receivedQuantity: z.number().int(),
          shelvedQuantity: z.number().int(),
          damagedQuantity: z.number().int(),
        }),
      ),
    }),
  ),
});

export const pullChange = z.union([
  z.object({ entity: z.literal('location'), op: z.literal('upsert'), key: string(), data: pdaLocation }),
  z.object({ entity: z.literal('sku'), op: z.literal('upsert'), key: string(), data: pdaSku }),
  z.object({
    entity: z.literal('inbound_order'),
    op: z.literal('upsert'),
    key: string(),
    data: pdaInboundOrder,
  }),
  z.object({
    entity: z.enum(['location', 'sku', 'inbound_order']),
    op: z.literal('delete'),
    key: string(),
  }),
]);
export type PullChange = z.infer<typeof pullChange>;

export const pullReply = z.object({
  cursor: string(),
  /** True for a full pull: the device replaces the scoped tables with `changes`. */
  reset: z.boolean(),
  hasMore: z.boolean(),
  lastProcessedSeq: z.number().int().nullable(),
  changes: z.array(pullChange),
});
export type PullReply = z.infer<typeof pullReply>;

/** POST /pda/photo: one discrepancy photo, under the key the device gave it. */
export const pdaPhotoQuery = z.strictObject({
  inboundOrderId: uuid,
  key: photoKey,
});
export type PdaPhotoQuery = z.infer<typeof pdaPhotoQuery>;
