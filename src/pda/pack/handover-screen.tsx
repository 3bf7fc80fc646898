/**
 * Hand-over (交接) by scan: closed bags and loose packed parcels are scanned onto a
 * carrier hand-over, each checked on the device (an open bag must be closed first, a parcel in
 * a bag goes with its bag, a parcel not packed or cancelled is refused); 'Deliver immediately'
 * after the spec's confirmation queues one handover.deliver op with its local effect (the bags
 * and parcels leave the device's work), and says 'Delivery (outbound) succeeded'. On the server
 * every parcel is delivered once through the admin's deliverOne (packing.service.ts).
 */
import { Button, List } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupCode } from '@shared/domain/scan.js';
import { confirmDialog } from '../kit/kit.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import {
  fetchOutboundWork,
  findBag,
  findParcel,
  loadWork,
  queueOutboundOp,
  saveFetchedWork,
  type Work,
} from './outbound-data.js';

export interface HandoverScreenProps {
  warehouseId: string;
  fetchWork?: (warehouseId: string) => Promise<Work>;
}

export function HandoverScreen({ warehouseId, fetchWork = fetchOutboundWork }: HandoverScreenProps) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [work, setWorkState] = useState<Work>({ parcels: [], bags: [] });
  const [bagIds, setBagIdsState] = useState<string[]>([]);
  const [orderIds, setOrderIdsState] = useState<string[]>([]);
  // Scans come one after another faster than React renders: each reads what the last one left.
  const latest = useRef({ work, bagIds, orderIds });
  const setWork = useCallback((next: Work) => {
    latest.current.work = next;
    setWorkState(next);
  }, []);
  const setBagIds = (next: string[]) => {
    latest.current.bagIds = next;
    setBagIdsState(next);
  };
  const setOrderIds = (next: string[]) => {
    latest.current.orderIds = next;
    setOrderIdsState(next);
  };
  /** One step: every scan is a bag or a parcel for the hand-over. */
  const scan: ScanSteps<{ name: 'scan' }> = useScanSteps<{ name: 'scan' }>({
    initial: { name: 'scan' },
    prompts: { scan: 'handover.scan' },
    onScan: { scan: (_, code) => handleCode(code) },
    codeOf: (scanned) => lookupCode(scanned) || scanned.raw.trim(),
    failure: 'handover.failed',
    logName: 'hand-over',
  });
  const { tell, fail } = scan;
  const { isBlocked } = scan.feedback;

  useEffect(() => {
    let isCurrent = true;
    const show = async () => {
      const local = await loadWork(db, warehouseId);
      if (isCurrent) setWork(local);
      try {
        const fresh = await saveFetchedWork(db, warehouseId, await fetchWork(warehouseId));
        if (isCurrent) setWork(fresh);
      } catch {
        // Offline: hand over with the work last fetched.
      }
    };
    show().catch((error: unknown) => console.error('PDA hand-over work failed', error));
    return () => {
      isCurrent = false;
    };
  }, [db, warehouseId, fetchWork, setWork]);

  const handleCode = (code: string) => {
    const { work, bagIds, orderIds } = latest.current;
    const bag = findBag(work, code);
    if (bag) {
      if (bag.warehouseId !== warehouseId)
        return tell('error', t('handover.otherWarehouse', { no: bag.bagNo }));
      if (bag.status !== 'closed') return tell('error', t('handover.bagOpen', { bagNo: bag.bagNo }));
      if (bagIds.includes(bag.id)) return tell('error', t('handover.already', { no: bag.bagNo }));
      setBagIds([...bagIds, bag.id]);
      return tell('ok', t('handover.bagAdded', { bagNo: bag.bagNo, count: bag.orderIds.length }));
    }
    const parcel = findParcel(work, code);
    if (!parcel) return tell('error', t('handover.unknown', { code }));
    if (parcel.warehouseId !== warehouseId)
      return tell('error', t('handover.otherWarehouse', { no: parcel.orderNo }));
    if (parcel.state === 'cancelled')
      return tell('error', t('handover.cancelled', { orderNo: parcel.orderNo }));
    if (parcel.state === 'to_pack')
      return tell('error', t('handover.notPacked', { orderNo: parcel.orderNo }));
    if (parcel.bagId !== null) {
      const holder = work.bags.find((entry) => entry.id === parcel.bagId);
      return tell('error', t('handover.inBag', { orderNo: parcel.orderNo, bagNo: holder?.bagNo ?? '' }));
    }
    if (orderIds.includes(parcel.orderId))
      return tell('error', t('handover.already', { no: parcel.orderNo }));
    setOrderIds([...orderIds, parcel.orderId]);
    return tell('ok', t('handover.parcelAdded', { orderNo: parcel.orderNo }));
  };

  const chosenBags = work.bags.filter((bag) => bagIds.includes(bag.id));
  const chosenParcels = work.parcels.filter((parcel) => orderIds.includes(parcel.orderId));
  const parcelCount = chosenParcels.length + chosenBags.reduce((sum, bag) => sum + bag.orderIds.length, 0);

  const deliver = async () => {
    if (bagIds.length + orderIds.length === 0) return tell('error', t('handover.nothing'));
    const isSure = await confirmDialog({
      content: t('handover.confirm', { bags: chosenBags.length, parcels: parcelCount }),
      confirmText: t('handover.deliver'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return undefined;
    setWork(
      await queueOutboundOp(db, warehouseId, 'handover.deliver', {
        handoverId: crypto.randomUUID(),
        warehouseId,
        bagIds,
        orderIds,
      }),
    );
    setBagIds([]);
    setOrderIds([]);
    return tell('ok', t('handover.succeeded', { parcels: parcelCount }));
  };

  return (
    <ScanFrame steps={scan} testId="handover-screen" titleKey="handover.title">
      <List
        header={
          <span data-testid="handover-header">
            {t('handover.chosen', { bags: chosenBags.length, parcels: parcelCount })}
          </span>
        }
      >
        {chosenBags.map((bag) => (
          <List.Item key={bag.id} extra={t('bag.parcelCount', { count: bag.orderIds.length })}>
            {bag.bagNo}
          </List.Item>
        ))}
        {chosenParcels.map((parcel) => (
          <List.Item key={parcel.orderId} description={parcel.orderNo}>
            {parcel.trackingNo}
          </List.Item>
        ))}
      </List>
      <div className="pda-tasks">
        <Button
          block
          color="primary"
          className="pda-task"
          disabled={isBlocked}
          onClick={() => void deliver().catch(fail)}
        >
          {t('handover.deliver')}
        </Button>
        <Button
          block
          size="large"
          onClick={() => {
            setBagIds([]);
            setOrderIds([]);
          }}
        >
          {t('handover.clear')}
        </Button>
      </div>
    </ScanFrame>
  );
}
