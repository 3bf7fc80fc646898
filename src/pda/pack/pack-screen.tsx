/**
 * Packing by scan (issue 15): the tracking or order number of a picked parcel, then each unit
 * (barcode → SKU, checked against the parcel's lines on the device): the parcel type is shown
 * (single item single count, single item several units, mixed with a checklist per line); a
 * wrong item or an extra unit is refused at once with its tone. With every unit scanned the
 * weight is typed or read from a scale that types like a keyboard (its reading arrives as a scan
 * while the weight step is shown), then 'Packed' after the spec's confirmation queues pack.pack
 * and prints the label through the print helper, or queues the label when it cannot
 * (label-print.ts). An order cancelled after it was picked says so and offers to put its units
 * back: a location scanned queues pack.put_back. Everything works offline with the work last
 * fetched (outbound-data.ts).
 */
import { Button, Input, List, Tag } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupCode, type ClassifiedScan } from '@shared/domain/scan.js';
import { PdaHeader } from '../app/header.js';
import { confirmDialog } from '../app/kit.js';
import { FeedbackBanner, flashClass, useScanFeedback } from '../app/scan-feedback.js';
import { ScanInput } from '../app/scan-input.js';
import { usePdaServices } from '../app/sync-context.js';
import { findLocation } from '../shelve/shelve-data.js';
import { printLabel, printQueued, queuedLabels, realLabelDeps, type LabelDeps } from './label-print.js';
import {
  checkItem,
  fetchOutboundWork,
  findParcel,
  isComplete,
  loadWork,
  parcelType,
  queueOutboundOp,
  readWeight,
  saveFetchedWork,
  type PdaParcel,
  type Scanned,
  type Work,
} from './outbound-data.js';

type Step =
  | { name: 'parcel' }
  | { name: 'items'; parcel: PdaParcel; scanned: Scanned }
  | { name: 'weigh'; parcel: PdaParcel; scanned: Scanned }
  | { name: 'put_back'; parcel: PdaParcel };

export interface PackScreenProps {
  warehouseId: string;
  /** Where the work comes from when online (a test gives its own). */
  fetchWork?: (warehouseId: string) => Promise<Work>;
  /** How labels print (a test gives its own). */
  labels?: LabelDeps;
}

export function PackScreen({
  warehouseId,
  fetchWork = fetchOutboundWork,
  labels = realLabelDeps,
}: PackScreenProps) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [step, setStepState] = useState<Step>({ name: 'parcel' });
  const [work, setWorkState] = useState<Work>({ parcels: [], bags: [] });
  // Scans come one after another faster than React renders: each reads what the last one left.
  const latest = useRef<{ step: Step; work: Work }>({ step, work });
  const setStep = (next: Step) => {
    latest.current.step = next;
    setStepState(next);
  };
  const setWork = useCallback((next: Work) => {
    latest.current.work = next;
    setWorkState(next);
  }, []);
  const [weight, setWeight] = useState('');
  const [waitingLabels, setWaitingLabels] = useState(0);
  const { flash, tell, clear, isBlocked } = useScanFeedback();

  const refreshLabels = useCallback(async () => setWaitingLabels((await queuedLabels(db)).length), [db]);

  // The device's work at once, then the server's when it answers (offline, the device's stays).
  useEffect(() => {
    let isCurrent = true;
    const show = async () => {
      const local = await loadWork(db, warehouseId);
      if (isCurrent) setWork(local);
      await refreshLabels();
      try {
        const fresh = await saveFetchedWork(db, warehouseId, await fetchWork(warehouseId));
        if (isCurrent) setWork(fresh);
      } catch {
        // Offline: pack with the work last fetched.
      }
    };
    show().catch((error: unknown) => console.error('PDA pack work failed', error));
    return () => {
      isCurrent = false;
    };
  }, [db, warehouseId, fetchWork, refreshLabels, setWork]);

  // Labels queued offline print once the device is back online.
  useEffect(() => {
    const drain = () => {
      void printQueued(db, labels).then(refreshLabels);
    };
    window.addEventListener('online', drain);
    return () => window.removeEventListener('online', drain);
  }, [db, labels, refreshLabels]);

  const toPack = work.parcels.filter((parcel) => parcel.state === 'to_pack' || parcel.state === 'cancelled');

  const openParcel = (code: string) => {
    const parcel = findParcel(latest.current.work, code);
    if (!parcel) return tell('error', t('pack.parcelUnknown', { code }));
    if (parcel.state === 'cancelled') {
      tell('error', t('pack.cancelled', { orderNo: parcel.orderNo }));
      return setStep({ name: 'put_back', parcel });
    }
    if (parcel.state !== 'to_pack')
      return tell('error', t('pack.alreadyPacked', { orderNo: parcel.orderNo }));
    setWeight(parcel.weightGrams === null ? '' : String(parcel.weightGrams));
    tell(
      'ok',
      t('pack.parcelOpened', { orderNo: parcel.orderNo, type: t(`pack.type.${parcelType(parcel)}`) }),
    );
    return setStep({ name: 'items', parcel, scanned: {} });
  };

  const scanItem = (current: Extract<Step, { name: 'items' | 'weigh' }>, code: string) => {
    const checked = checkItem(current.parcel, current.scanned, code);
    if (checked.kind === 'wrong_item') {
      if (current.name === 'weigh') {
        const grams = readWeight(code);
        if (grams !== null) {
          setWeight(String(grams));
          return tell('ok', t('pack.weighed', { grams }));
        }
      }
      return tell('error', t('pack.wrongItem', { code, orderNo: current.parcel.orderNo }));
    }
    if (checked.kind === 'extra_unit')
      return tell('error', t('pack.extraUnit', { sku: checked.sellerSku, quantity: checked.quantity }));
    const scanned = { ...current.scanned, [checked.skuId]: checked.scanned };
    const done = isComplete(current.parcel, scanned);
    tell(
      'ok',
      done
        ? t('pack.allScanned')
        : t('pack.itemScanned', {
            sku: checked.sellerSku,
            scanned: checked.scanned,
            quantity: checked.quantity,
          }),
    );
    return setStep(
      done
        ? { name: 'weigh', parcel: current.parcel, scanned }
        : { name: 'items', parcel: current.parcel, scanned },
    );
  };

  const putBack = async (parcel: PdaParcel, code: string) => {
    const found = await findLocation(db, warehouseId, code);
    if (found.kind === 'not_found') return tell('error', t('pack.locationUnknown', { code }));
    if (found.kind === 'other_warehouse') return tell('error', t('pack.locationOtherWarehouse', { code }));
    const units = parcel.picks.reduce((sum, pick) => sum + pick.quantity, 0);
    const isSure = await confirmDialog({
      content: t('pack.confirmPutBack', { units, location: found.location.code, orderNo: parcel.orderNo }),
      confirmText: t('pack.putBack'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return undefined;
    setWork(
      await queueOutboundOp(db, warehouseId, 'pack.put_back', {
        orderId: parcel.orderId,
        locationId: found.location.id,
      }),
    );
    tell('ok', t('pack.putBackDone', { units, location: found.location.code }));
    return setStep({ name: 'parcel' });
  };

  const pack = async (current: Extract<Step, { name: 'weigh' }>) => {
    const grams = weight.trim() === '' ? null : Number(weight);
    if (grams !== null && (!Number.isInteger(grams) || grams < 1 || grams > 100_000))
      return tell('error', t('pack.weightInvalid'));
    const isSure = await confirmDialog({
      content: t('pack.confirmPacked', { orderNo: current.parcel.orderNo }),
      confirmText: t('pack.packed'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return undefined;
    setWork(
      await queueOutboundOp(db, warehouseId, 'pack.pack', {
        orderId: current.parcel.orderId,
        items: Object.entries(current.scanned).map(([skuId, quantity]) => ({ skuId, quantity })),
        ...(grams === null ? {} : { weightGrams: grams }),
      }),
    );
    setStep({ name: 'parcel' });
    setWeight('');
    tell('ok', t('pack.packedDone', { orderNo: current.parcel.orderNo }));
    const outcome = await printLabel(db, current.parcel.orderId, labels);
    await refreshLabels();
    return tell(
      outcome === 'printed' ? 'ok' : 'warn',
      t(outcome === 'printed' ? 'pack.labelPrinted' : 'pack.labelQueued', {
        orderNo: current.parcel.orderNo,
      }),
    );
  };

  const fail = (error: unknown) => {
    console.error('PDA pack step failed', error);
    tell('error', t('pack.failed'));
  };

  const handleScan = (scan: ClassifiedScan) => {
    const code = lookupCode(scan);
    if (!code) return undefined;
    const current = latest.current.step;
    const run =
      current.name === 'parcel'
        ? Promise.resolve(openParcel(code))
        : current.name === 'put_back'
          ? putBack(current.parcel, code)
          : Promise.resolve(scanItem(current, code));
    return run.catch(fail);
  };

  const prompt =
    step.name === 'parcel'
      ? t('pack.scanParcel')
      : step.name === 'items'
        ? t('pack.scanItems')
        : step.name === 'weigh'
          ? t('pack.weigh')
          : t('pack.scanPutBackLocation');

  return (
    <div className={flashClass(flash)} data-testid="pack-screen">
      <PdaHeader title={t('pack.title')} />
      <div className="pda-prompt" data-testid="prompt">
        {prompt}
      </div>
      <FeedbackBanner flash={flash} onOk={clear} />
      <ScanInput onScan={handleScan} enabled={!isBlocked} />
      {step.name === 'parcel' && (
        <>
          <List header={t('pack.toPack', { count: toPack.length })}>
            {toPack.slice(0, 50).map((parcel) => (
              <List.Item
                key={parcel.orderId}
                description={parcel.trackingNo}
                extra={
                  parcel.state === 'cancelled' ? (
                    <Tag color="danger">{t('pack.cancelledTag')}</Tag>
                  ) : (
                    t(`pack.type.${parcelType(parcel)}`)
                  )
                }
              >
                {parcel.orderNo}
              </List.Item>
            ))}
          </List>
          {waitingLabels > 0 && (
            <div className="pda-tasks">
              <p className="pda-hint" data-testid="labels-waiting">
                {t('pack.labelsWaiting', { count: waitingLabels })}
              </p>
              <Button
                block
                onClick={() =>
                  void printQueued(db, labels)
                    .then(async (printed) => {
                      await refreshLabels();
                      tell(printed > 0 ? 'ok' : 'warn', t('pack.labelsPrinted', { count: printed }));
                    })
                    .catch(fail)
                }
              >
                {t('pack.printWaiting')}
              </Button>
            </div>
          )}
        </>
      )}
      {(step.name === 'items' || step.name === 'weigh') && (
        <>
          <List
            header={
              <span data-testid="parcel-header">
                {step.parcel.orderNo} · {t(`pack.type.${parcelType(step.parcel)}`)}
              </span>
            }
          >
            {step.parcel.lines.map((line) => {
              const scanned = step.scanned[line.skuId] ?? 0;
              return (
                <List.Item
                  key={line.skuId}
                  description={line.name}
                  extra={
                    <span
                      className={scanned === line.quantity ? 'pda-count-done' : 'pda-count'}
                      data-testid={`line-${line.sellerSku}`}
                    >
                      {scanned}/{line.quantity}
                    </span>
                  }
                >
                  {line.sellerSku}
                </List.Item>
              );
            })}
          </List>
          {step.name === 'weigh' && (
            <div className="pda-tasks">
              <label className="pda-field-label" htmlFor="pack-weight">
                {t('pack.weightLabel')}
              </label>
              <Input
                id="pack-weight"
                data-testid="weight"
                type="text"
                inputMode="numeric"
                value={weight}
                onChange={(value) => setWeight(value.replace(/\D/g, '').slice(0, 6))}
                onEnterPress={() => void pack(step).catch(fail)}
              />
              <Button
                block
                color="primary"
                className="pda-task"
                disabled={isBlocked}
                onClick={() => void pack(step).catch(fail)}
              >
                {t('pack.packed')}
              </Button>
            </div>
          )}
          <div className="pda-tasks">
            <Button block size="large" onClick={() => setStep({ name: 'parcel' })}>
              {t('pack.otherParcel')}
            </Button>
          </div>
        </>
      )}
      {step.name === 'put_back' && (
        <>
          <List header={t('pack.putBackHeader', { orderNo: step.parcel.orderNo })}>
            {step.parcel.lines.map((line) => (
              <List.Item key={line.skuId} extra={line.quantity}>
                {line.sellerSku}
              </List.Item>
            ))}
          </List>
          <div className="pda-tasks">
            <Button block size="large" onClick={() => setStep({ name: 'parcel' })}>
              {t('pack.otherParcel')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
