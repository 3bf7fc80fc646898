/**
 * Taking in returns and refused parcels (spec 02 §3, §4, §8), offline against the expected
 * returns last fetched (returns-data.ts). Scan the parcel's tracking number: a parcel already
 * taken in goes on to its inspection; the tracking number of a shipped order is a parcel the
 * buyer refused; anything else asks for the original tracking or order number from the slip
 * inside (No order information found when that matches nothing either), or records the parcel
 * as unmatched for the admin to match; an unknown code that does not look like a tracking number
 * (looksLikeTrackingNo) is taken as a parcel only after a confirmation. Postage and weight are entered, and 'Receive parcel'
 * queues 'return.receive' (return receipt succeeded). Then each unit is scanned (a SKU the order
 * did not ship, or more units than it shipped, is refused on the spot; 'Wrong item' records
 * something that is not the order's), judged good or damaged, and re-shelved by scanning a
 * location (good units only) or destroyed after a confirmation: one 'return.item' op each.
 * 'Finish' queues 'return.finish' as processed (inspection succeeded); 'Return failed' as failed.
 */
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpectedReturnOrder, ExpectedReturns } from '@shared/contract/returns.js';
import { looksLikeTrackingNo } from '@shared/domain/logistics.js';
import { RETURN_LIMITS, type ItemCondition } from '@shared/domain/returns.js';
import { confirmDialog } from '../kit/kit.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import { findLocation } from '../reference/locations.js';
import type { SkuData } from '../reference/skus.js';
import {
  fetchExpectedReturns,
  findOrder,
  findParcel,
  findSkus,
  finishParcel,
  inspectItem,
  itemsOf,
  loadExpectedReturns,
  receiveParcel,
  reloadOrder,
  saveExpectedReturns,
  type LocalReturn,
} from './returns-data.js';
import { InspectItem, ParcelDetails, ReturnItems } from './returns-views.js';

type Step =
  | { name: 'parcel' }
  | { name: 'original'; trackingNo: string }
  | { name: 'details'; trackingNo: string; originalTrackingNo: string; order: ExpectedReturnOrder | null }
  | {
      name: 'items';
      returnId: string;
      trackingNo: string;
      order: ExpectedReturnOrder;
      items: LocalReturn['items'];
    }
  | {
      name: 'inspect';
      returnId: string;
      trackingNo: string;
      order: ExpectedReturnOrder;
      items: LocalReturn['items'];
      sku: SkuData;
      condition: ItemCondition | null;
    };

/** A number typed with at most two decimals, in hundredths; null when it is not one. */
function hundredths(value: string): number | null {
  const text = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

export function ReturnsScreen({
  warehouseId,
  fetchExpected = fetchExpectedReturns,
}: {
  warehouseId: string;
  /** Where the expected returns come from when online (a test gives its own). */
  fetchExpected?: (warehouseId: string) => Promise<ExpectedReturns>;
}) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [postage, setPostage] = useState('');
  const [weight, setWeight] = useState('');
  const [expectedCount, setExpectedCount] = useState<number | null>(null);

  const scan: ScanSteps<Step> = useScanSteps<Step>({
    initial: { name: 'parcel' },
    prompts: {
      parcel: 'returns.scanParcel',
      original: 'returns.scanOriginal',
      details: 'returns.enterDetails',
      items: 'returns.scanItem',
      inspect: (at) => t(at.condition === 'good' ? 'returns.scanLocation' : 'returns.judge'),
    },
    onScan: {
      parcel: (_, code) => handleParcelScan(code),
      original: (current, code) => handleOriginalScan(current, code),
      items: (current, code) => handleSkuScan(current, code),
      inspect: (current, code) => handleLocationScan(current, code),
      details: (_, code) => handleWeightScan(code),
    },
    failure: 'returns.stepFailed',
    logName: 'returns',
  });
  const { step, setStep, tell, fail } = scan;
  const { isBlocked } = scan.feedback;

  // The device's expected returns at once, then the server's when it answers (offline, the device's stay).
  useEffect(() => {
    if (step.name !== 'parcel') return undefined;
    let isCurrent = true;
    const show = async () => {
      const local = await loadExpectedReturns(db, warehouseId);
      if (isCurrent) setExpectedCount(local.orders.length);
      try {
        await saveExpectedReturns(db, await fetchExpected(warehouseId));
        const fresh = await loadExpectedReturns(db, warehouseId);
        if (isCurrent) setExpectedCount(fresh.orders.length);
      } catch {
        // Offline: check parcels against what was last fetched.
      }
    };
    show().catch((error: unknown) => console.error('PDA expected returns failed', error));
    return () => {
      isCurrent = false;
    };
  }, [db, warehouseId, step.name, fetchExpected]);

  const openItems = async (returnId: string, trackingNo: string, order: ExpectedReturnOrder) => {
    const fresh = (await reloadOrder(db, warehouseId, order.orderId)) ?? order;
    setStep({ name: 'items', returnId, trackingNo, order: fresh, items: await itemsOf(db, returnId) });
  };

  const details = (trackingNo: string, originalTrackingNo: string, order: ExpectedReturnOrder | null) => {
    setPostage('');
    setWeight('');
    setStep({ name: 'details', trackingNo, originalTrackingNo, order });
  };

  const handleParcelScan = async (code: string) => {
    const found = await findParcel(db, warehouseId, code);
    if (found.kind === 'open') {
      if (!found.isMatched || !found.order)
        return tell('error', t('returns.waitForMatch', { trackingNo: found.returnTrackingNo }));
      tell(
        'ok',
        t('returns.continued', { trackingNo: found.returnTrackingNo, orderNo: found.order.orderNo }),
      );
      return openItems(found.returnId, found.returnTrackingNo, found.order);
    }
    if (found.kind === 'order') {
      tell('ok', t('returns.refusedParcel', { orderNo: found.order.orderNo }));
      return details(code, found.order.trackingNo, found.order);
    }
    // An unknown code becomes a new return parcel only when it is of a parcel's kind, or the
    // worker says it is one (a product's code or a stray label scanned here is not).
    if (!looksLikeTrackingNo(code)) {
      const isSure = await confirmDialog({
        content: t('returns.confirmUnusualTracking', { code }),
        confirmText: t('returns.takeInAnyway'),
        cancelText: t('undo.cancel'),
      });
      if (!isSure) return tell('warn', t('returns.notTakenIn', { code }));
    }
    tell('warn', t('returns.askOriginal', { trackingNo: code }));
    return setStep({ name: 'original', trackingNo: code });
  };

  const handleOriginalScan = async (current: Extract<Step, { name: 'original' }>, code: string) => {
    const order = findOrder(await loadExpectedReturns(db, warehouseId), code);
    if (!order) return tell('error', t('returns.noOrder', { code }));
    tell('ok', t('returns.orderFound', { orderNo: order.orderNo }));
    return details(current.trackingNo, order.trackingNo, order);
  };

  const receive = async (current: Extract<Step, { name: 'details' }>) => {
    const postageCents = hundredths(postage === '' ? '0' : postage);
    const weightGrams = Number(weight);
    if (postageCents === null || postageCents > RETURN_LIMITS.postageCents)
      return tell('error', t('returns.postageInvalid'));
    if (
      weight.trim() === '' ||
      !Number.isInteger(weightGrams) ||
      weightGrams < 0 ||
      weightGrams > RETURN_LIMITS.weightGrams
    )
      return tell('error', t('returns.weightInvalid', { max: RETURN_LIMITS.weightGrams }));
    const op = await receiveParcel(db, {
      warehouseId,
      returnTrackingNo: current.trackingNo,
      originalTrackingNo: current.originalTrackingNo,
      order: current.order,
      postageCents,
      weightGrams,
    });
    const returnId = String(op.payload.returnId);
    if (!current.order) {
      tell('warn', t('returns.receivedUnmatched', { trackingNo: current.trackingNo }));
      return setStep({ name: 'parcel' });
    }
    tell('ok', t('returns.received'));
    return openItems(returnId, current.trackingNo, current.order);
  };

  const handleSkuScan = async (current: Extract<Step, { name: 'items' }>, code: string) => {
    const found = await findSkus(db, code);
    const [first] = found;
    if (!first) return tell('error', t('returns.skuUnknown', { code }));
    const sku = found.find((entry) => current.order.lines.some((line) => line.skuId === entry.id)) ?? first;
    const line = current.order.lines.find((entry) => entry.skuId === sku.id);
    if (!line)
      return tell(
        'error',
        t('returns.skuNotInOrder', { sku: sku.sellerSku, orderNo: current.order.orderNo }),
      );
    if (line.returned >= line.quantity)
      return tell('error', t('returns.allReturned', { sku: sku.sellerSku, quantity: line.quantity }));
    tell('ok', t('returns.inspectPrompt', { sku: sku.sellerSku }));
    return setStep({ ...current, name: 'inspect', sku, condition: null });
  };

  const record = async (
    current: Extract<Step, { name: 'items' | 'inspect' }>,
    item: { sku: SkuData | null; condition: ItemCondition; location: { id: string; code: string } | null },
  ) => {
    await inspectItem(db, {
      warehouseId,
      returnId: current.returnId,
      orderId: current.order.orderId,
      skuId: item.sku?.id ?? null,
      quantity: 1,
      condition: item.condition,
      outcome: item.location ? 'reshelved' : 'destroyed',
      location: item.location,
    });
    const sku = item.sku?.sellerSku ?? t('returns.condition.wrong_item');
    tell(
      'ok',
      item.location
        ? t('returns.reshelved', { sku, location: item.location.code })
        : t('returns.destroyed', { sku }),
    );
    return openItems(current.returnId, current.trackingNo, current.order);
  };

  const handleLocationScan = async (current: Extract<Step, { name: 'inspect' }>, code: string) => {
    if (current.condition !== 'good') return tell('error', t('returns.judgeFirst'));
    const found = await findLocation(db, warehouseId, code);
    if (found.kind === 'not_found') return tell('error', t('returns.locationUnknown', { code }));
    if (found.kind === 'other_warehouse') return tell('error', t('returns.locationOtherWarehouse', { code }));
    return record(current, { sku: current.sku, condition: 'good', location: found.location });
  };

  const destroy = async (
    current: Extract<Step, { name: 'items' | 'inspect' }>,
    sku: SkuData | null,
    condition: ItemCondition,
  ) => {
    const isSure = await confirmDialog({
      content: t('returns.confirmDestroy', { sku: sku?.sellerSku ?? t('returns.condition.wrong_item') }),
      confirmText: t('returns.destroy'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return undefined;
    return record(current, { sku, condition, location: null });
  };

  const finish = async (current: Extract<Step, { name: 'items' }>, outcome: 'processed' | 'failed') => {
    if (outcome === 'processed' && current.items.length === 0)
      return tell('error', t('returns.nothingInspected'));
    const isSure = await confirmDialog({
      content:
        outcome === 'processed'
          ? t('returns.confirmFinish', { trackingNo: current.trackingNo })
          : t('returns.confirmFailed', { trackingNo: current.trackingNo }),
      confirmText: outcome === 'processed' ? t('returns.finish') : t('returns.failed'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return undefined;
    await finishParcel(db, { warehouseId, returnId: current.returnId, outcome });
    if (outcome === 'processed') tell('ok', t('returns.inspected'));
    else tell('warn', t('returns.returnFailed'));
    return setStep({ name: 'parcel' });
  };

  // A scale that types like a keyboard (or a scanner) into the parcel's form gives its weight.
  const handleWeightScan = (code: string) => {
    if (!/^\d{1,6}$/.test(code))
      return tell('error', t('returns.weightInvalid', { max: RETURN_LIMITS.weightGrams }));
    setWeight(code);
    return tell('ok', t('returns.weighed', { weight: code }));
  };

  return (
    <ScanFrame steps={scan} testId="returns-screen" titleKey="returns.title">
      {step.name === 'parcel' && expectedCount !== null && (
        <p className="pda-hint">{t('returns.expected', { count: expectedCount })}</p>
      )}
      {step.name === 'original' && (
        <div className="pda-tasks">
          <Button block size="large" onClick={() => details(step.trackingNo, '', null)}>
            {t('returns.recordUnmatched')}
          </Button>
          <Button block fill="outline" onClick={() => setStep({ name: 'parcel' })}>
            {t('returns.otherParcel')}
          </Button>
        </div>
      )}
      {step.name === 'details' && (
        <ParcelDetails
          trackingNo={step.trackingNo}
          order={step.order}
          postage={postage}
          weight={weight}
          onPostage={setPostage}
          onWeight={setWeight}
          onReceive={() => void receive(step).catch(fail)}
          onOtherParcel={() => setStep({ name: 'parcel' })}
        />
      )}
      {step.name === 'items' && (
        <ReturnItems
          order={step.order}
          inspected={step.items.length}
          isBlocked={isBlocked}
          onWrongItem={() => void destroy(step, null, 'wrong_item').catch(fail)}
          onFinish={() => void finish(step, 'processed').catch(fail)}
          onFailed={() => void finish(step, 'failed').catch(fail)}
        />
      )}
      {step.name === 'inspect' && (
        <InspectItem
          sku={step.sku}
          condition={step.condition}
          onGood={() => setStep({ ...step, condition: 'good' })}
          onDamaged={() => setStep({ ...step, condition: 'damaged' })}
          onDestroy={() => void destroy(step, step.sku, step.condition ?? 'damaged').catch(fail)}
          onCancel={() => void openItems(step.returnId, step.trackingNo, step.order).catch(fail)}
        />
      )}
    </ScanFrame>
  );
}
