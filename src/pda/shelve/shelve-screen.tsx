/**
 * Shelving by scan, one step per screen: the inbound order (scanned, or picked from the open
 * orders on the device), then a SKU (or a received box, to shelve from that box), then the
 * location, then the quantity (what is left, unless the worker says less). What is left to
 * shelve comes from the device's own data, and a location of another warehouse, an unknown code
 * or a quantity above what is left is refused on the device before anything is queued (so is one
 * its field refuses: Shelve waits until the number is one it takes). Above
 * the location's capacity (as the device knows it) the worker is warned: a supervisor may shelve
 * anyway (the op carries the override, which the server checks again), anyone else is refused. Feedback (colour, vibration, tone) comes from the
 * same lookup, before any network. The last shelvings can be undone (a compensating op that
 * brings the units back to the receiving area). Where the worker is and the undoable shelvings
 * survive a reload (saved-work.ts).
 */
import { Button, List } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPACITY_OVERRIDE_ROLES, isOverCapacity } from '@shared/domain/warehouse.js';
import { sessionStore } from '@api/storage.js';
import { confirmDialog } from '../kit/kit.js';
import { QuantityStepper } from '../kit/quantity-stepper.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import { loadBox, loadOrder, type BoxData, type InboundOrderData } from '../reference/inbound-orders.js';
import { findLocation, loadLocation, type LocationData } from '../reference/locations.js';
import { skuLabel } from '../reference/skus.js';
import { UndoButton, useUndoStack } from '../undo/undo-button.js';
import type { UndoableScan } from '../undo/undo-data.js';
import {
  findShelveOrder,
  findSkuInOrder,
  leftInOrder,
  locationFill,
  openShelveOrders,
  OverShelvingError,
  shelveLines,
  shelveUnits,
  type ShelveLine,
} from './shelve-data.js';

interface Scope {
  order: InboundOrderData;
  box: BoxData | null;
  lines: ShelveLine[];
}

/** The most the quantity field takes; above what is left, Shelve refuses and says how many are. */
const SHELVE_MAX = 99_999;

type Step =
  | { name: 'order' }
  | ({ name: 'sku' } & Scope)
  | ({ name: 'location'; line: ShelveLine } & Scope)
  | ({ name: 'quantity'; line: ShelveLine; location: LocationData } & Scope);

export function ShelveScreen({ warehouseId }: { warehouseId: string }) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [quantity, setQuantity] = useState(1);
  // While the quantity field refuses what was typed, nothing is shelved.
  const [isQuantityValid, setQuantityValid] = useState(true);
  const [orders, setOrders] = useState<InboundOrderData[]>([]);
  const undo = useUndoStack();


  const scan: ScanSteps<Step> = useScanSteps<Step>({
    initial: { name: 'order' },
    prompts: {
      order: 'shelve.scanOrder',
      sku: 'shelve.scanSku',
      location: 'shelve.scanLocation',
      quantity: 'shelve.enterQuantity',
    },
    onScan: {
      order: (_, code) => handleOrderScan(code),
      sku: (current, code) => handleSkuScan(current, code),
      location: (current, code) => handleLocationScan(current, code),
      // At the quantity, a scan is another location for the same SKU.
      quantity: (current, code) => handleLocationScan({ ...current, name: 'location' }, code),
    },
    failure: 'shelve.failed',
    logName: 'shelve',
    saved: {
      screen: 'shelve',
      warehouseId,
      undo: undo.scans,
      save: (at) =>
        at.name === 'order'
          ? null
          : {
              name: at.name,
              orderId: at.order.id,
              boxId: at.box?.id ?? null,
              ...(at.name !== 'sku' ? { skuId: at.line.skuId } : {}),
              ...(at.name === 'quantity' ? { locationId: at.location.id, quantity } : {}),
            },
      /** Back to the step the worker left, as the device's data holds it now. */
      restore: async (saved, restoreStep) => {
        undo.restore(saved.undo);
        const { name, orderId, boxId, skuId, locationId, quantity: savedQuantity } = saved.step ?? {};
        const order = typeof orderId === 'string' ? await loadOrder(db, orderId) : null;
        if (!order || order.warehouseId !== warehouseId) return;
        const box = typeof boxId === 'string' ? await loadBox(db, boxId) : null;
        const lines = await shelveLines(db, order, box?.id ?? null);
        if (lines.every((item) => item.left === 0)) return;
        const scope = { order, box, lines };
        const line = lines.find((item) => item.skuId === skuId && item.left > 0);
        if (name === 'sku' || !line) return restoreStep({ name: 'sku', ...scope });
        const location = typeof locationId === 'string' ? await loadLocation(db, locationId) : null;
        if (name === 'location' || !location) return restoreStep({ name: 'location', ...scope, line });
        setQuantity(typeof savedQuantity === 'number' ? Math.min(savedQuantity, line.left) : line.left);
        restoreStep({ name: 'quantity', ...scope, line, location });
      },
    },
  });
  const { step, setStep, tell, fail } = scan;
  const { isBlocked } = scan.feedback;

  useEffect(() => {
    if (step.name !== 'order') return undefined;
    let isCurrent = true;
    openShelveOrders(db, warehouseId)
      .then((found) => {
        if (isCurrent) setOrders(found);
      })
      .catch((error: unknown) => console.error('PDA shelve orders failed', error));
    return () => {
      isCurrent = false;
    };
  }, [db, warehouseId, step.name]);

  const openScope = useCallback(
    async (order: InboundOrderData, box: BoxData | null) => {
      const boxId = box?.id ?? null;
      if (leftInOrder(order, boxId) === 0) {
        tell(
          'error',
          box
            ? t('shelve.boxNothingLeft', { boxNo: box.boxNo })
            : t('shelve.orderNothingLeft', { inboundNo: order.inboundNo }),
        );
        return;
      }
      const lines = await shelveLines(db, order, boxId);
      tell(
        'ok',
        box
          ? t('shelve.boxOpened', { boxNo: box.boxNo })
          : t('shelve.orderOpened', { inboundNo: order.inboundNo }),
      );
      setStep({ name: 'sku', order, box, lines });
    },
    [db, t, tell, setStep],
  );

  const handleOrderScan = async (code: string) => {
    const target = await findShelveOrder(db, warehouseId, code);
    if (target.kind === 'not_found') return tell('error', t('shelve.orderUnknown', { code }));
    if (target.kind === 'other_warehouse') return tell('error', t('shelve.otherWarehouse', { code }));
    return openScope(target.order, target.kind === 'box' ? target.box : null);
  };

  const handleSkuScan = async (current: Extract<Step, { name: 'sku' }>, code: string) => {
    const found = await findSkuInOrder(db, current.lines, code);
    if (found.kind === 'unknown') {
      // A box label of the same order narrows shelving to that box.
      const target = await findShelveOrder(db, warehouseId, code);
      if (target.kind === 'box' && target.order.id === current.order.id)
        return openScope(target.order, target.box);
      return tell('error', t('shelve.skuUnknown', { code }));
    }
    if (found.kind === 'not_in_order') return tell('error', t('shelve.skuNotInOrder', { code }));
    if (found.line.left === 0)
      return tell('error', t('shelve.skuNothingLeft', { sku: skuLabel(found.line) }));
    tell('ok', skuLabel(found.line));
    setStep({ ...current, name: 'location', line: found.line });
  };

  const handleLocationScan = async (current: Extract<Step, { name: 'location' }>, code: string) => {
    const found = await findLocation(db, warehouseId, code);
    if (found.kind === 'not_found') return tell('error', t('shelve.locationUnknown', { code }));
    if (found.kind === 'other_warehouse') return tell('error', t('shelve.locationOtherWarehouse', { code }));
    if (found.location.id === current.order.receivingLocationId)
      return tell('error', t('shelve.locationReceiving', { code: found.location.code }));
    tell('ok', found.location.code);
    setQuantity(current.line.left);
    setStep({ ...current, name: 'quantity', location: found.location });
  };

  const confirm = async (current: Extract<Step, { name: 'quantity' }>) => {
    if (!isQuantityValid) return tell('error', t('quantityField.outOfRange', { min: 1, max: SHELVE_MAX }));
    if (!Number.isInteger(quantity) || quantity < 1) return tell('error', t('shelve.quantityInvalid'));
    if (quantity > current.line.left) return tell('error', t('shelve.overLeft', { left: current.line.left }));
    const boxId = current.box?.id ?? null;
    const capacity = current.location.capacity ?? null;
    const occupied = await locationFill(db, current.location);
    const isOver = isOverCapacity(occupied, quantity, capacity);
    if (isOver) {
      const params = {
        location: current.location.code,
        occupied,
        capacity,
        quantity,
        total: occupied + quantity,
      };
      const role = sessionStore.userInfo()?.userRole;
      if (!(CAPACITY_OVERRIDE_ROLES as readonly (string | undefined)[]).includes(role))
        return tell('error', t('shelve.overCapacityRefused', params));
      tell('warn', t('shelve.overCapacity', params));
      const isSure = await confirmDialog({
        content: t('shelve.overCapacity', params),
        confirmText: t('shelve.overCapacityConfirm'),
        cancelText: t('undo.cancel'),
      });
      if (!isSure) return undefined;
    }
    let shelved: { order: InboundOrderData; op: UndoableScan['op'] };
    try {
      shelved = await shelveUnits(db, {
        orderId: current.order.id,
        boxId,
        skuId: current.line.skuId,
        locationId: current.location.id,
        quantity,
        ...(isOver ? { overCapacity: true as const } : {}),
      });
    } catch (error) {
      if (error instanceof OverShelvingError)
        return tell('error', t('shelve.overLeft', { left: error.left }));
      throw error;
    }
    const { order, op } = shelved;
    tell(
      'ok',
      t('shelve.shelved', { quantity, sku: skuLabel(current.line), location: current.location.code }),
    );
    const sku = current.line.sku?.sellerSku ?? current.line.skuId.slice(0, 8);
    undo.remember({ op, label: t('shelve.undoLabel', { quantity, sku, location: current.location.code }) });
    setQuantity(1);
    const box = current.box ? (order.boxes.find((item) => item.id === current.box?.id) ?? null) : null;
    if (leftInOrder(order, boxId) === 0) {
      setStep({ name: 'order' });
      return;
    }
    setStep({ name: 'sku', order, box, lines: await shelveLines(db, order, boxId) });
  };

  /** After an undo the units are back to shelve: show that order (and box) as the device holds it. */
  const handleUndone = async (scan: UndoableScan) => {
    undo.forget(scan);
    const orderId = scan.op.payload.inboundOrderId;
    const boxId = scan.op.payload.boxId;
    const order = typeof orderId === 'string' ? await loadOrder(db, orderId) : null;
    const box = typeof boxId === 'string' ? await loadBox(db, boxId) : null;
    tell('warn', t('undo.done', { scan: scan.label }));
    if (!order) return setStep({ name: 'order' });
    setStep({ name: 'sku', order, box, lines: await shelveLines(db, order, box?.id ?? null) });
  };

  return (
    <ScanFrame steps={scan} testId="shelve-screen" titleKey="shelve.title">
      {step.name === 'order' && (
        <List header={t('shelve.openOrders')}>
          {orders.length === 0 && <List.Item>{t('shelve.noOrders')}</List.Item>}
          {orders.map((order) => (
            <List.Item
              key={order.id}
              className="pda-big-item"
              clickable
              onClick={() => void openScope(order, null).catch(fail)}
              extra={t('shelve.leftCount', { left: leftInOrder(order, null) })}
            >
              {order.inboundNo}
            </List.Item>
          ))}
        </List>
      )}
      {step.name === 'sku' && (
        <>
          <List
            header={
              step.box
                ? t('shelve.boxHeader', { boxNo: step.box.boxNo, inboundNo: step.order.inboundNo })
                : t('shelve.orderHeader', { inboundNo: step.order.inboundNo })
            }
          >
            {step.lines.map((line) => (
              <List.Item
                key={line.skuId}
                extra={
                  <span
                    className={line.left === 0 ? 'pda-count-done' : 'pda-count'}
                    data-testid={`left-${line.sku?.sellerSku ?? line.skuId}`}
                  >
                    {line.left}
                  </span>
                }
              >
                {skuLabel(line)}
              </List.Item>
            ))}
          </List>
          <Button block size="large" onClick={() => setStep({ name: 'order' })}>
            {t('shelve.otherOrder')}
          </Button>
        </>
      )}
      {(step.name === 'order' || step.name === 'sku') && undo.last && (
        <UndoButton last={undo.last} current={undo.current} onUndone={handleUndone} onFailed={fail} />
      )}
      {(step.name === 'location' || step.name === 'quantity') && (
        <List header={t('shelve.orderHeader', { inboundNo: step.order.inboundNo })}>
          <List.Item className="pda-big-item" description={step.box?.boxNo}>
            {skuLabel(step.line)}
          </List.Item>
          <List.Item
            className="pda-big-item"
            extra={
              <span className="pda-count" data-testid="left">
                {step.line.left}
              </span>
            }
          >
            {t('shelve.left')}
          </List.Item>
          {step.name === 'quantity' && (
            <List.Item className="pda-big-item" extra={<strong>{step.location.code}</strong>}>
              {t('shelve.location')}
            </List.Item>
          )}
        </List>
      )}
      {step.name === 'location' && (
        <Button block size="large" onClick={() => setStep({ ...step, name: 'sku' })}>
          {t('shelve.otherSku')}
        </Button>
      )}
      {step.name === 'quantity' && (
        <div className="pda-tasks">
          <QuantityStepper
            label={t('shelve.quantity')}
            min={1}
            max={SHELVE_MAX}
            digits={0}
            value={quantity}
            onChange={setQuantity}
            onValidity={setQuantityValid}
          />
          <Button
            block
            color="primary"
            className="pda-task"
            disabled={isBlocked || !isQuantityValid}
            onClick={() => void confirm(step).catch(fail)}
          >
            {t('shelve.confirm')}
          </Button>
          <Button block size="large" onClick={() => setStep({ ...step, name: 'location' })}>
            {t('shelve.otherLocation')}
          </Button>
        </div>
      )}
    </ScanFrame>
  );
}
