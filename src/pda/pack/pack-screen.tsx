/**
 * Packing by scan: the tracking or order number of a picked parcel, then each unit
 * (barcode → SKU, checked against the parcel's lines on the device): the parcel type is shown
 * (single item single count, single item several units, mixed with a checklist per line); a
 * wrong item or an extra unit is refused at once with its tone. With every unit scanned the
 * weight is typed or read from a scale that types like a keyboard (its reading arrives as a scan
 * while the weight step is shown), then 'Packed' after the spec's confirmation queues pack.pack
 * and prints the label through the print helper, or queues the label when it cannot
 * (label-print.ts). An order cancelled after it was picked says so and offers to put its units
 * back: a location scanned queues pack.put_back. Everything works offline with the work last
 * fetched (outbound-data.ts). A parcel being packed (its units scanned so far, its weight) survives
 * a reload (saved-work.ts) until it is packed or left for another parcel.
 *
 * A scan's feedback is decided and committed in the scan's own tick from the device's copy of
 * the work; only the feedback and the line scanned render again with it (pack-views.tsx). What a
 * scan brings in (the checklist of a parcel opened, the weighing panel) renders as a transition
 * started once the feedback's frame is painted; the parcels to pack stay mounted (hidden) while
 * a parcel is open; the parcel in progress is written to the device's database after that frame.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterPaint } from '../kit/after-paint.js';
import { confirmDialog } from '../kit/kit.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import { findLocation } from '../reference/locations.js';
import { printLabel, printQueued, queuedLabels, realLabelDeps, type LabelDeps } from './label-print.js';
import {
  checkItem,
  fetchOutboundWork,
  findParcel,
  isComplete,
  isItemCode,
  loadWork,
  parcelType,
  PARCEL_MAX_GRAMS,
  queueOutboundOp,
  readWeight,
  saveFetchedWork,
  scannedOf,
  typedGrams,
  type PdaParcel,
  type Scanned,
  type Work,
} from './outbound-data.js';
import {
  LabelsWaiting,
  OtherParcelButton,
  ParcelChecklist,
  PutBackList,
  ToPackList,
  WeighPanel,
} from './pack-views.js';

type Step =
  | { name: 'parcel' }
  | { name: 'items'; parcel: PdaParcel; scanned: Scanned }
  | { name: 'weigh'; parcel: PdaParcel; scanned: Scanned }
  | { name: 'put_back'; parcel: PdaParcel };
type ParcelStep = Extract<Step, { name: 'items' | 'weigh' }>;

const PARCEL_STEP: Step = { name: 'parcel' };
const NO_WORK: Work = { parcels: [], bags: [] };
const PROMPTS = {
  parcel: 'pack.scanParcel',
  items: 'pack.scanItems',
  weigh: 'pack.weigh',
  put_back: 'pack.scanPutBackLocation',
} as const satisfies Record<Step['name'], string>;

/** The step reached by a parcel's scanned units: weighing once every unit is in. */
const parcelStep = (parcel: PdaParcel, scanned: Scanned): ParcelStep => ({
  name: isComplete(parcel, scanned) ? 'weigh' : 'items',
  parcel,
  scanned,
});

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
  const [work, setWorkState] = useState<Work>(NO_WORK);
  const [weight, setWeightState] = useState('');
  // Scans come one after another faster than React renders: each reads what the last one left
  // (the step met is the latest set, `currentStep()`; the work and the weight are kept here).
  const latest = useRef<{ work: Work; weight: string }>({ work, weight });
  const setWork = useCallback((next: Work) => {
    latest.current.work = next;
    setWorkState(next);
  }, []);
  const setWeight = useCallback((next: string) => {
    latest.current.weight = next;
    setWeightState(next);
  }, []);
  /** Scans wait (in the scan line) until the device's work is read: none is refused for want of it. */
  const [isWorkRead, setWorkRead] = useState(false);
  const [waitingLabels, setWaitingLabels] = useState(0);

  const scan: ScanSteps<Step> = useScanSteps<Step>({
    initial: PARCEL_STEP,
    prompts: PROMPTS,
    onScan: {
      parcel: (_, code) => openParcel(code),
      items: (current, code) => scanItem(current, code),
      weigh: (current, code) => scanItem(current, code),
      put_back: (current, code) => putBack(current.parcel, code),
    },
    meets: 'latest',
    holds: !isWorkRead,
    failure: 'pack.failed',
    logName: 'pack',
    // The parcel in progress, as ids, kept once the scan's frame is painted (useSavedWork writes
    // the device's database after it, never before). It is no op (the units go with pack.pack),
    // so a reload in between loses at most that one unit's tick on the checklist, never queued
    // work. Packing keeps no undoable scans: a unit scanned queues nothing.
    saved: {
      screen: 'pack',
      warehouseId,
      save: (at) =>
        at.name === 'items' || at.name === 'weigh'
          ? { orderId: at.parcel.orderId, scanned: at.scanned, weight }
          : null,
      /** Back to the parcel the worker left, if the device still has it to pack. */
      restore: async (kept, restoreStep) => {
        const { orderId, scanned, weight: keptWeight } = kept.step ?? {};
        const local = await loadWork(db, warehouseId);
        const parcel = local.parcels.find((entry) => entry.orderId === orderId);
        if (!parcel || parcel.state !== 'to_pack') return;
        setWeight(
          typeof keptWeight === 'string'
            ? keptWeight
            : parcel.weightGrams === null
              ? ''
              : String(parcel.weightGrams),
        );
        // Said as when it was opened (no new words in the first load): the checklist shows the rest.
        tell(
          'ok',
          t('pack.parcelOpened', { orderNo: parcel.orderNo, type: t(`pack.type.${parcelType(parcel)}`) }),
        );
        restoreStep(parcelStep(parcel, scannedOf(parcel, scanned)));
      },
    },
  });
  const { step, setStep, meetStep, currentStep, tell, fail } = scan;
  const { isBlocked } = scan.feedback;

  const refreshLabels = useCallback(async () => setWaitingLabels((await queuedLabels(db)).length), [db]);

  // The device's work at once, then the server's when it answers (offline, the device's stays).
  useEffect(() => {
    let isCurrent = true;
    const show = async () => {
      const local = await loadWork(db, warehouseId);
      if (isCurrent) {
        setWork(local);
        setWorkRead(true);
      }
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

  const toPack = useMemo(
    () => work.parcels.filter((parcel) => parcel.state === 'to_pack' || parcel.state === 'cancelled'),
    [work],
  );

  /**
   * A step that brings much in (a parcel's checklist, the weighing panel): the next scan meets it
   * at once, the screen renders it after the scan's feedback is painted (a transition started
   * then, so the feedback's frame never waits for it), unless a later scan moved on first.
   */
  const showAfterFeedback = (next: ParcelStep, nextWeight?: string) => {
    meetStep(next);
    if (nextWeight !== undefined) latest.current.weight = nextWeight;
    afterPaint(() =>
      startTransition(() => {
        if (currentStep() === next) setStep(next);
        if (nextWeight !== undefined && latest.current.weight === nextWeight) setWeightState(nextWeight);
      }),
    );
  };

  const openParcel = (code: string) => {
    const parcel = findParcel(latest.current.work, code);
    if (!parcel)
      return tell(
        'error',
        t(isItemCode(latest.current.work, code) ? 'pack.itemNotParcel' : 'pack.parcelUnknown', { code }),
      );
    if (parcel.state === 'cancelled') {
      tell('error', t('pack.cancelled', { orderNo: parcel.orderNo }));
      return setStep({ name: 'put_back', parcel });
    }
    if (parcel.state !== 'to_pack')
      return tell('error', t('pack.alreadyPacked', { orderNo: parcel.orderNo }));
    tell(
      'ok',
      t('pack.parcelOpened', { orderNo: parcel.orderNo, type: t(`pack.type.${parcelType(parcel)}`) }),
    );
    // The feedback paints first; the parcel's checklist follows it (the next scan already meets it).
    return showAfterFeedback(
      { name: 'items', parcel, scanned: {} },
      parcel.weightGrams === null ? '' : String(parcel.weightGrams),
    );
  };

  const scanItem = (current: ParcelStep, code: string) => {
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
    const next = parcelStep(current.parcel, { ...current.scanned, [checked.skuId]: checked.scanned });
    tell(
      'ok',
      next.name === 'weigh'
        ? t('pack.allScanned')
        : t('pack.itemScanned', {
            sku: checked.sellerSku,
            scanned: checked.scanned,
            quantity: checked.quantity,
          }),
    );
    // Weighing brings its panel in: as with a parcel opened, after the feedback has painted.
    return next.name === 'weigh' ? showAfterFeedback(next) : setStep(next);
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
    return setStep(PARCEL_STEP);
  };

  const pack = async (current: Extract<Step, { name: 'weigh' }>) => {
    const grams = typedGrams(latest.current.weight, PARCEL_MAX_GRAMS);
    if (grams === 'invalid') return tell('error', t('pack.weightInvalid'));
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
    setStep(PARCEL_STEP);
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

  const printWaiting = () =>
    void printQueued(db, labels)
      .then(async (printed) => {
        await refreshLabels();
        tell(printed > 0 ? 'ok' : 'warn', t('pack.labelsPrinted', { count: printed }));
      })
      .catch(fail);

  const packCurrent = () => {
    const current = currentStep();
    if (current.name === 'weigh') void pack(current).catch(fail);
  };

  // The memoised parts get handlers that never change, calling this render's.
  const actions = useRef({ printWaiting, packCurrent });
  actions.current = { printWaiting, packCurrent };
  const onPrintWaiting = useCallback(() => actions.current.printWaiting(), []);
  const onPack = useCallback(() => actions.current.packCurrent(), []);
  const onOtherParcel = useCallback(() => setStep(PARCEL_STEP), [setStep]);

  return (
    <ScanFrame steps={scan} testId="pack-screen" titleKey="pack.title">
      {/* Hidden, not unmounted, while a parcel is open: opening one by a scan stays cheap. */}
      <div style={{ display: step.name === 'parcel' ? 'contents' : 'none' }}>
        <ToPackList parcels={toPack} />
        <LabelsWaiting count={waitingLabels} onPrint={onPrintWaiting} />
      </div>
      {(step.name === 'items' || step.name === 'weigh') && (
        <>
          <ParcelChecklist parcel={step.parcel} scanned={step.scanned} />
          {step.name === 'weigh' && (
            <WeighPanel weight={weight} isBlocked={isBlocked} onWeight={setWeight} onPack={onPack} />
          )}
          <OtherParcelButton onClick={onOtherParcel} />
        </>
      )}
      {step.name === 'put_back' && (
        <>
          <PutBackList parcel={step.parcel} />
          <OtherParcelButton onClick={onOtherParcel} />
        </>
      )}
    </ScanFrame>
  );
}
