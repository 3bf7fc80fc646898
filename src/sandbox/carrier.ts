/**
 * The sandbox carrier: a parcel carrier's API as carriers commonly shape theirs, for channels of
 * our own (kind 'carrier', carrier 'sandbox'). Every call is signed: headers X-App-Key,
 * X-Timestamp (milliseconds, within five minutes of the carrier's clock) and X-Signature, the
 * lowercase hex HMAC-SHA256 under the app secret of `appKey\ntimestamp\nmethod\npath\nbody`.
 *
 * - GET  /carrier/v1/account — who the keys belong to (what a channel's authorisation checks);
 * - POST /carrier/v1/shipments — books a parcel: { reference, sender, recipient, weightGrams }
 *   → { trackingNo, sortCode } and, for an account whose labels the carrier issues, `label`: an
 *   A6 PDF in base64. The same reference again answers the same shipment, so a retry
 *   after a lost reply never books a second parcel. A recipient without a street or phone is
 *   refused with 422 { code: 'address_incomplete' }.
 *
 * Errors are { code, message } with 401 (unauthorised: unknown key or bad signature), 422, 429
 * (with Retry-After) and 5xx. A test queues faults through POST /__control/carrier/faults.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import PDFDocument from 'pdfkit';

/**
 * The carrier's accounts. Account 1 gets tracking numbers only (the shipper prints its own
 * label); account 2 also gets the carrier's own label, as many carriers issue one.
 */
export const SANDBOX_CARRIER_ACCOUNTS: Record<
  string,
  { appSecret: string; name: string; issuesLabels: boolean }
> = {
  'sbx-carrier-key-0001': {
    appSecret: 'sbx-carrier-secret-0001',
    name: 'Sandbox Express account 1',
    issuesLabels: false,
  },
  'sbx-carrier-key-0002': {
    appSecret: 'sbx-carrier-secret-0002',
    name: 'Sandbox Express account 2',
    issuesLabels: true,
  },
};

const CLOCK_SKEW_MS = 5 * 60_000;
const SORT_CODES = ['BKK-01', 'BKK-07', 'CNX-02', 'HCM-11', 'TPE-03', 'KUL-05', 'MNL-09'];

export interface CarrierShipment {
  appKey: string;
  reference: string;
  trackingNo: string;
  sortCode: string;
  recipient: Record<string, unknown>;
  weightGrams: number;
}

export type CarrierFaultKind = 'http_429' | 'http_500' | 'http_503';

/** Tracking numbers are SBX, ten digits and TH: the digits run modulo this. */
const TRACKING_DIGITS = 10_000_000_000;

/**
 * The carrier's own state: its shipments by account and reference, and the faults a test queued.
 * Its tracking numbers are never issued twice, across a restart of the sandbox or a reset of its
 * state: a number is the wall clock's milliseconds (the last ten digits), or one more than the
 * last number issued when that is later — a carrier that started from 1 again after a restart
 * gave a second parcel SBX0700000001TH. A restart repeats none unless the run before it booked
 * more than a thousand parcels a second on average, which no call-per-parcel API does.
 */
export class CarrierWorld {
  readonly shipments = new Map<string, CarrierShipment>();
  faults: { pathContains: string; kind: CarrierFaultKind; count: number }[] = [];
  private lastNumber = -1;
  private booked = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Forgets the shipments and faults; the numbering goes on (a number is never issued again). */
  reset(): void {
    this.shipments.clear();
    this.faults = [];
  }

  private nextNumber(): number {
    const byClock = Math.floor(this.clock()) % TRACKING_DIGITS;
    this.lastNumber = Math.max(byClock, (this.lastNumber + 1) % TRACKING_DIGITS);
    return this.lastNumber;
  }

  takeFault(path: string): CarrierFaultKind | null {
    const fault = this.faults.find((entry) => path.includes(entry.pathContains) && entry.count > 0);
    if (!fault) return null;
    fault.count -= 1;
    this.faults = this.faults.filter((entry) => entry.count > 0);
    return fault.kind;
  }

  book(appKey: string, input: Omit<CarrierShipment, 'appKey' | 'trackingNo' | 'sortCode'>): CarrierShipment {
    const key = `${appKey}|${input.reference}`;
    const known = this.shipments.get(key);
    if (known) return known;
    this.booked += 1;
    const made: CarrierShipment = {
      ...input,
      appKey,
      trackingNo: `SBX${String(this.nextNumber()).padStart(10, '0')}TH`,
      sortCode: SORT_CODES[this.booked % SORT_CODES.length] ?? 'BKK-01',
    };
    this.shipments.set(key, made);
    return made;
  }
}

/** The signature a carrier call carries. */
export function carrierSignature(
  appSecret: string,
  input: { appKey: string; timestamp: string; method: string; path: string; body: string },
): string {
  return createHmac('sha256', appSecret)
    .update(`${input.appKey}\n${input.timestamp}\n${input.method}\n${input.path}\n${input.body}`)
    .digest('hex');
}

function refuse(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ code, message });
}

/** The caller's account when the request is signed right and on time; else the refusal is sent. */
function verified(request: FastifyRequest, reply: FastifyReply, now: number): string | null {
  const appKey = String(request.headers['x-app-key'] ?? '');
  const timestamp = String(request.headers['x-timestamp'] ?? '');
  const signature = String(request.headers['x-signature'] ?? '');
  const account = SANDBOX_CARRIER_ACCOUNTS[appKey];
  if (!account) {
    refuse(reply, 401, 'unauthorised', 'unknown app key');
    return null;
  }
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > CLOCK_SKEW_MS) {
    refuse(reply, 401, 'unauthorised', 'timestamp outside five minutes');
    return null;
  }
  const path = request.url.split('?')[0] ?? '';
  const expected = carrierSignature(account.appSecret, {
    appKey,
    timestamp,
    method: request.method,
    path,
    body: request.rawBody.toString('utf8'),
  });
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, 'utf8'))) {
    refuse(reply, 401, 'unauthorised', 'signature mismatch');
    return null;
  }
  return appKey;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const labels = new WeakMap<CarrierShipment, Promise<Buffer>>();

/** The carrier's own A6 label for a shipment: made once, the same bytes each time it is asked for. */
export function carrierLabelPdf(shipment: CarrierShipment): Promise<Buffer> {
  const known = labels.get(shipment);
  if (known) return known;
  const made = new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: [297.64, 419.53], margin: 18, info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(16).text('SANDBOX EXPRESS');
    doc.moveDown(0.5).fontSize(14).text(shipment.trackingNo);
    doc.font('Helvetica').fontSize(11).text(`Sort: ${shipment.sortCode}`);
    doc.text(`Ref: ${shipment.reference}`);
    doc.end();
  });
  labels.set(shipment, made);
  return made;
}

export function registerCarrier(app: FastifyInstance, carrier: CarrierWorld, now: () => number): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/carrier/')) return undefined;
    const fault = carrier.takeFault(request.url);
    if (!fault) return undefined;
    if (fault === 'http_429')
      return reply.code(429).header('retry-after', '1').send({ code: 'rate_limited', message: 'slow down' });
    return reply
      .code(fault === 'http_500' ? 500 : 503)
      .send({ code: 'unavailable', message: 'sandbox fault' });
  });

  app.get('/carrier/v1/account', async (request, reply) => {
    const appKey = verified(request, reply, now());
    if (!appKey) return reply;
    return { appKey, name: SANDBOX_CARRIER_ACCOUNTS[appKey]?.name ?? '' };
  });

  app.post('/carrier/v1/shipments', async (request, reply) => {
    const appKey = verified(request, reply, now());
    if (!appKey) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const recipient = (body.recipient ?? {}) as Record<string, unknown>;
    const reference = text(body.reference);
    const weightGrams = typeof body.weightGrams === 'number' ? body.weightGrams : 0;
    if (reference === '' || reference.length > 64)
      return refuse(reply, 422, 'invalid_reference', 'reference must be 1 to 64 characters');
    if (
      text(recipient.address).trim() === '' ||
      text(recipient.phone).trim() === '' ||
      text(recipient.name).trim() === ''
    )
      return refuse(reply, 422, 'address_incomplete', 'recipient name, phone and address are required');
    const shipment = carrier.book(appKey, { reference, recipient, weightGrams });
    const label = SANDBOX_CARRIER_ACCOUNTS[appKey]?.issuesLabels ? await carrierLabelPdf(shipment) : null;
    return {
      trackingNo: shipment.trackingNo,
      sortCode: shipment.sortCode,
      ...(label ? { label: label.toString('base64') } : {}),
    };
  });

  app.post('/__control/carrier/faults', async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const kind = text(body.kind) as CarrierFaultKind;
    if (!['http_429', 'http_500', 'http_503'].includes(kind))
      throw Object.assign(new Error('kind must be http_429, http_500 or http_503'), { statusCode: 400 });
    carrier.faults.push({ pathContains: text(body.pathContains), kind, count: Number(body.count ?? 1) });
    return { ok: true };
  });

  app.get('/__control/carrier/shipments', async () => ({ shipments: [...carrier.shipments.values()] }));
}
