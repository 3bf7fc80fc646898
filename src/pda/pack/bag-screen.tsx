/**
 * Bagging (集包) by scan: a bag is opened by scanning its pre-printed number, typing
 * one, or making one on the device (an empty number is refused in the spec's words, 'A bag
 * number must be entered'); a bag of the device's work scanned again is taken up where it was.
 * Bag numbers are case-folded (foldBagNo), and a code that does not look like one
 * (looksLikeBagNo: a product's code, a stray label) opens a bag only after a confirmation.
 * Parcels are scanned in by tracking or order number and checked on the device with the server's
 * rule (bagRefusal): another warehouse, another channel, not packed, already in a bag, cancelled
 * or a closed bag are refused at once. A parcel may be taken out while the bag is open. The bag
 * is weighed (typed, or a scale typing like a keyboard) and closed after a confirmation. Each
 * action is one op queued with its local effect (bag.open, bag.add, bag.remove, bag.close).
 */
import { Button, Input, List } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BAG_NO_PATTERN, foldBagNo, looksLikeBagNo, makeBagNo } from '@shared/domain/bags.js';
import { lookupCode } from '@shared/domain/scan.js';
import { confirmDialog } from '../kit/kit.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import {
  BAG_MAX_GRAMS,
  bagCheck,
  fetchOutboundWork,
  findBag,
  findParcel,
  loadWork,
  queueOutboundOp,
  readWeight,
  saveFetchedWork,
  typedGrams,
  type Work,
} from './outbound-data.js';

export interface BagScreenProps {
  warehouseId: string;
  fetchWork?: (warehouseId: string) => Promise<Work>;
}

export function BagScreen({ warehouseId, fetchWork = fetchOutboundWork }: BagScreenProps) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [work, setWorkState] = useState<Work>({ parcels: [], bags: [] });
  const [bagId, setBagIdState] = useState<string | null>(null);
  // Scans come one after another faster than React renders: each reads what the last one left.
  const latest = useRef<{ work: Work; bagId: string | null }>({ work, bagId });
  const setWork = useCallback((next: Work) => {
    latest.current.work = next;
    setWorkState(next);
  }, []);
  const setBagId = (next: string | null) => {
    latest.current.bagId = next;
    setBagIdState(next);
  };
  const [bagNo, setBagNo] = useState('');
  const [weight, setWeight] = useState('');
  // A bag weight is kept as typed ("-5" stays "-5") and refused with the message until fixed.
  const isWeightInvalid = typedGrams(weight, BAG_MAX_GRAMS) === 'invalid';

  useEffect(() => {
    let isCurrent = true;
    const show = async () => {
      const local = await loadWork(db, warehouseId);
      if (isCurrent) setWork(local);
      try {
        const fresh = await saveFetchedWork(db, warehouseId, await fetchWork(warehouseId));
        if (isCurrent) setWork(fresh);
      } catch {
        // Offline: bag with the work last fetched.
      }
    };
    show().catch((error: unknown) => console.error('PDA bag work failed', error));
    return () => {
      isCurrent = false;
    };
  }, [db, warehouseId, fetchWork, setWork]);

  const bagOf = (current: { work: Work; bagId: string | null }) =>
    current.bagId === null ? null : (current.work.bags.find((entry) => entry.id === current.bagId) ?? null);
  const bag = bagOf({ work, bagId });

  const isBagToOpen = (current: ReturnType<typeof bagOf>) => current === null || current.status === 'closed';
  /** One step: a scan opens a bag while none is open, and goes into the open one after. */
  const scan: ScanSteps<{ name: 'scan' }> = useScanSteps<{ name: 'scan' }>({
    initial: { name: 'scan' },
    prompts: {
      scan: () =>
        bag === null || bag.status === 'closed'
          ? t('bag.scanBag')
          : t('bag.scanParcels', { bagNo: bag.bagNo }),
    },
    onScan: {
      scan: (_, code) => (isBagToOpen(bagOf(latest.current)) ? openBag(code) : addParcel(code)),
    },
    codeOf: (scanned) => lookupCode(scanned) || scanned.raw.trim(),
    failure: 'bag.failed',
    logName: 'bag',
  });
  const { tell, fail } = scan;
  const { isBlocked } = scan.feedback;

  const openBag = async (entered: string) => {
    const { work } = latest.current;
    const number = foldBagNo(entered);
    if (number === '') return tell('error', t('bag.numberRequired'));
    const existing = findBag(work, number);
    if (existing) {
      if (existing.warehouseId !== warehouseId)
        return tell('error', t('bag.otherWarehouseBag', { bagNo: number }));
      setBagId(existing.id);
      return tell(
        existing.status === 'open' ? 'ok' : 'warn',
        t(existing.status === 'open' ? 'bag.resumed' : 'bag.isClosed', { bagNo: existing.bagNo }),
      );
    }
    const parcel = findParcel(work, number);
    if (parcel) return tell('error', t('bag.scanBagFirst', { orderNo: parcel.orderNo }));
    if (!BAG_NO_PATTERN.test(number)) return tell('error', t('bag.numberFormat'));
    // A code that is not of a bag's kind (a product's GS1 code, a stray label) opens a bag only
    // when the worker says it is one.
    if (!looksLikeBagNo(number)) {
      const isSure = await confirmDialog({
        content: t('bag.confirmUnusualNumber', { bagNo: number }),
        confirmText: t('bag.openAnyway'),
        cancelText: t('undo.cancel'),
      });
      if (!isSure) return tell('warn', t('bag.notOpened', { bagNo: number }));
    }
    const id = crypto.randomUUID();
    setWork(await queueOutboundOp(db, warehouseId, 'bag.open', { bagId: id, bagNo: number, warehouseId }));
    setBagId(id);
    setBagNo('');
    return tell('ok', t('bag.opened', { bagNo: number }));
  };

  const addParcel = async (code: string) => {
    const { work } = latest.current;
    const bag = bagOf(latest.current);
    if (!bag) return undefined;
    const parcel = findParcel(work, code);
    if (!parcel) {
      const grams = readWeight(code);
      if (grams !== null && bag.status === 'open') {
        setWeight(String(grams));
        return tell('ok', t('bag.weighed', { grams }));
      }
      const other = findBag(work, code);
      if (other) {
        setBagId(other.id);
        return tell('ok', t('bag.resumed', { bagNo: other.bagNo }));
      }
      return tell('error', t('bag.parcelUnknown', { code }));
    }
    if (parcel.bagId === bag.id) return tell('error', t('bag.alreadyHere', { orderNo: parcel.orderNo }));
    const refusal = bagCheck(bag, parcel);
    if (refusal)
      return tell('error', t(`bag.refused.${refusal}`, { orderNo: parcel.orderNo, bagNo: bag.bagNo }));
    setWork(await queueOutboundOp(db, warehouseId, 'bag.add', { bagId: bag.id, orderId: parcel.orderId }));
    return tell('ok', t('bag.added', { orderNo: parcel.orderNo, count: bag.orderIds.length + 1 }));
  };

  const removeParcel = async (orderId: string) => {
    if (!bag) return;
    const parcel = work.parcels.find((entry) => entry.orderId === orderId);
    const isSure = await confirmDialog({
      content: t('bag.confirmRemove', { orderNo: parcel?.orderNo ?? '', bagNo: bag.bagNo }),
      confirmText: t('bag.remove'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return;
    setWork(await queueOutboundOp(db, warehouseId, 'bag.remove', { bagId: bag.id, orderId }));
    tell('warn', t('bag.removed', { orderNo: parcel?.orderNo ?? '' }));
  };

  const close = async () => {
    if (!bag) return undefined;
    if (bag.orderIds.length === 0) return tell('error', t('bag.empty', { bagNo: bag.bagNo }));
    const grams = typedGrams(weight, BAG_MAX_GRAMS);
    if (grams === null || grams === 'invalid') return tell('error', t('bag.weightRequired'));
    const isSure = await confirmDialog({
      content: t('bag.confirmClose', { bagNo: bag.bagNo, count: bag.orderIds.length, grams }),
      confirmText: t('bag.close'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return undefined;
    setWork(await queueOutboundOp(db, warehouseId, 'bag.close', { bagId: bag.id, weightGrams: grams }));
    setWeight('');
    return tell('ok', t('bag.closed', { bagNo: bag.bagNo, count: bag.orderIds.length }));
  };

  const openBags = work.bags.filter((entry) => entry.warehouseId === warehouseId);

  return (
    <ScanFrame steps={scan} testId="bag-screen" titleKey="bag.title">
      {(bag === null || bag.status === 'closed') && (
        <div className="pda-tasks">
          <label className="pda-field-label" htmlFor="bag-no">
            {t('bag.numberLabel')}
          </label>
          <Input id="bag-no" data-testid="bag-no" value={bagNo} onChange={setBagNo} clearable />
          <Button
            block
            color="primary"
            className="pda-task"
            disabled={isBlocked}
            onClick={() => void openBag(bagNo).catch(fail)}
          >
            {t('bag.open')}
          </Button>
          <Button block onClick={() => setBagNo(makeBagNo(new Date()))}>
            {t('bag.makeNumber')}
          </Button>
          <List header={t('bag.bagsHeader')}>
            {openBags.map((entry) => (
              <List.Item
                key={entry.id}
                clickable
                onClick={() => setBagId(entry.id)}
                extra={t(`bag.status.${entry.status}`)}
                description={t('bag.parcelCount', { count: entry.orderIds.length })}
              >
                {entry.bagNo}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {bag !== null && bag.status === 'open' && (
        <>
          <List
            header={
              <span data-testid="bag-header">
                {t('bag.inBag', { bagNo: bag.bagNo, count: bag.orderIds.length })}
              </span>
            }
          >
            {bag.orderIds.map((orderId) => {
              const parcel = work.parcels.find((entry) => entry.orderId === orderId);
              return (
                <List.Item
                  key={orderId}
                  description={parcel?.trackingNo}
                  extra={
                    <Button size="small" onClick={() => void removeParcel(orderId).catch(fail)}>
                      {t('bag.remove')}
                    </Button>
                  }
                >
                  {parcel?.orderNo ?? orderId.slice(0, 8)}
                </List.Item>
              );
            })}
          </List>
          <div className="pda-tasks">
            <label className="pda-field-label" htmlFor="bag-weight">
              {t('bag.weightLabel')}
            </label>
            <Input
              id="bag-weight"
              data-testid="bag-weight"
              inputMode="numeric"
              value={weight}
              onChange={(value) => setWeight(value.slice(0, 9))}
            />
            {isWeightInvalid && (
              <div className="pda-error-text" id="bag-weight-error" role="alert">
                {t('bag.weightRequired')}
              </div>
            )}
            <Button
              block
              color="primary"
              className="pda-task"
              disabled={isBlocked}
              onClick={() => void close().catch(fail)}
            >
              {t('bag.close')}
            </Button>
            <Button block size="large" onClick={() => setBagId(null)}>
              {t('bag.otherBag')}
            </Button>
          </div>
        </>
      )}
    </ScanFrame>
  );
}
