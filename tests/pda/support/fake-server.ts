/**
 * An in-memory PDA sync server for msw/node, following the algorithm of docs/research/pda-offline.md §3.10
 * and the contract in src/shared/contract/pda.ts: per device, ops in seq order; a known opId
 * answers its stored result as 'duplicate'; a seq past last+1 stops the batch ('not_processed');
 * the effect, the processed-op record and the cursor change together. Tests script failures:
 * a 503 before anything is applied, or a reply lost after the commit.
 */
import { delay, http, HttpResponse } from 'msw';
import { z } from 'zod';
import {
  pdaOp,
  pushRequest,
  registerDeviceRequest,
  type OpResult,
  type PullChange,
  type PullReply,
  type PushReply,
  type StoredOpResult,
} from '@shared/contract/pda.js';

export const BASE_URL = 'http://pda.test/api';

/** The push as the fake reads it: whole ops (the real server checks each op on its own). */
const wholePush = pushRequest.extend({ ops: z.array(pdaOp) });

export type Scripted = 'ok' | 'lose-reply' | 503;

function ok<T>(result: T) {
  return HttpResponse.json({ success: true, message: '', code: 200, result, timestamp: Date.now() });
}

export class FakePdaServer {
  readonly lastSeq = new Map<string, number>();
  /** Each registered device's key; a push with another key is refused like the server does. */
  readonly deviceKeys = new Map<string, string>();
  readonly processed = new Map<string, StoredOpResult>();
  /** How many times each op's effect ran: exactly-once means every value is 1. */
  readonly effects = new Map<string, number>();
  readonly pushes: number[][] = [];
  script: Scripted[] = [];
  pushDelayMs = 0;
  inFlight = 0;
  maxInFlight = 0;
  pullPageSize = 100;
  /** Uploaded photos by key, with how many times each came. */
  readonly photos = new Map<string, number>();
  photoScript: ('ok' | 503)[] = [];
  private changeLog: { id: number; change: PullChange }[] = [];
  private nextChangeId = 1;

  /** A change to reference data, recorded in the change log the pull reads. */
  change(change: PullChange): void {
    this.changeLog.push({ id: this.nextChangeId, change });
    this.nextChangeId += 1;
  }

  private reply(opId: string, seq: number, stored: StoredOpResult): OpResult {
    if (stored.status === 'applied') return { opId, seq, status: 'applied', effect: stored.effect };
    return { opId, seq, status: 'rejected', code: stored.code, params: stored.params };
  }

  private process(body: unknown): PushReply {
    const request = wholePush.parse(body);
    const results: OpResult[] = [];
    let last = this.lastSeq.get(request.deviceId) ?? 0;
    let stopped: number | null = null;
    for (const op of request.ops) {
      const known = this.processed.get(op.opId);
      if (known) {
        results.push({ opId: op.opId, seq: op.seq, status: 'duplicate', original: known });
        continue;
      }
      if (stopped !== null || op.seq > last + 1) {
        stopped ??= last + 1;
        results.push({
          opId: op.opId,
          seq: op.seq,
          status: 'not_processed',
          code: 'pda.sequence_gap',
          params: { expectedSeq: stopped },
        });
        continue;
      }
      const at = new Date().toISOString();
      // A report whose photos did not arrive first is refused, so ordering is tested.
      const photos = Array.isArray(op.payload.photos) ? op.payload.photos : [];
      const missing = photos.some((key) => typeof key !== 'string' || !this.photos.has(key));
      const reject = missing ? 'test.photo_missing' : op.payload.reject;
      const stored: StoredOpResult =
        typeof reject === 'string'
          ? { status: 'rejected', code: reject, params: { seq: op.seq }, at }
          : { status: 'applied', effect: { seq: op.seq }, at };
      if (stored.status === 'applied') this.effects.set(op.opId, (this.effects.get(op.opId) ?? 0) + 1);
      this.processed.set(op.opId, stored);
      last = op.seq;
      this.lastSeq.set(request.deviceId, last);
      results.push(this.reply(op.opId, op.seq, stored));
    }
    return {
      serverTime: new Date().toISOString(),
      lastProcessedSeq: last,
      results,
      pullHint: results.some((result) => result.status === 'applied'),
    };
  }

  private pull(cursor: string | null): PullReply {
    const after = cursor ? Number(cursor) : 0;
    const newer = this.changeLog.filter((entry) => entry.id > after);
    const page = newer.slice(0, this.pullPageSize);
    const lastEntry = page[page.length - 1];
    return {
      cursor: String(lastEntry ? lastEntry.id : after),
      reset: cursor === null,
      hasMore: newer.length > page.length,
      lastProcessedSeq: null,
      changes: page.map((entry) => entry.change),
    };
  }

  handlers() {
    return [
      http.post(`${BASE_URL}/pda/sync/push`, async ({ request }) => {
        this.inFlight += 1;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        try {
          if (this.pushDelayMs > 0) await delay(this.pushDelayMs);
          const body: unknown = await request.json();
          const step = this.script.shift() ?? 'ok';
          if (step === 503) {
            return HttpResponse.json({ success: false, code: 'common.unavailable' }, { status: 503 });
          }
          const pushed = wholePush.parse(body);
          if (this.deviceKeys.get(pushed.deviceId) !== pushed.deviceKey)
            return HttpResponse.json({ success: false, code: 'pda.device_unknown' }, { status: 403 });
          const reply = this.process(body);
          this.pushes.push(pushed.ops.map((op) => op.seq));
          if (step === 'lose-reply') return HttpResponse.error();
          return ok(reply);
        } finally {
          this.inFlight -= 1;
        }
      }),
      http.post(`${BASE_URL}/pda/device/register`, async ({ request }) => {
        const { deviceId, nextSeq } = registerDeviceRequest.parse(await request.json());
        if (this.deviceKeys.has(deviceId))
          return HttpResponse.json({ success: false, code: 'pda.device_taken' }, { status: 409 });
        const deviceKey = `key-${deviceId}`.padEnd(32, 'k').replace(/[^A-Za-z0-9_-]/g, '_');
        this.deviceKeys.set(deviceId, deviceKey);
        if (!this.lastSeq.has(deviceId)) this.lastSeq.set(deviceId, nextSeq - 1);
        return ok({ deviceKey });
      }),
      http.post(`${BASE_URL}/pda/photo`, async ({ request }) => {
        const key = new URL(request.url).searchParams.get('key') ?? '';
        const form = await request.formData();
        if (!(form.get('file') instanceof Blob))
          return HttpResponse.json({ success: false, code: 'files.none' }, { status: 400 });
        if ((this.photoScript.shift() ?? 'ok') === 503)
          return HttpResponse.json({ success: false, code: 'common.unavailable' }, { status: 503 });
        this.photos.set(key, (this.photos.get(key) ?? 0) + 1);
        return ok({ key });
      }),
      http.get(`${BASE_URL}/pda/sync/pull`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return ok(this.pull(cursor));
      }),
    ];
  }
}
