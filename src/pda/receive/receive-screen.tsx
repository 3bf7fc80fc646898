/**
 * Receiving by scan, one step per screen: scan the inbound order or a box label, pick the box
 * when the order has several, then scan SKUs (each scan counts one, or the quantity set first,
 * at most what the box's lines still expect plus the warehouse's over-receipt tolerance; a large
 * quantity, or more than the scanned line expects plus the tolerance, only once the worker
 * confirms it, and the op carries that confirmation; while the quantity field refuses what was
 * typed, a scan counts nothing and says why). Expected against
 * received comes from the device's own data, feedback (colour, vibration, tone) from the same
 * lookup, before any network. The last scans can be undone (a compensating op), a difference
 * reported with photos, and the box finished. The open box and the undoable scans survive a
 * reload (saved-work.ts).
 *
 * A SKU scan of the open box is decided in its own tick from the lines the screen holds (their
 * SKUs' codes came with them): the feedback and the line's new count are committed together, and
 * only they render again (receive-views.tsx). The op and its effect are stored right after; the
 * screen's saved work is written once that frame is painted. Its steps, prompts and what a scan
 * does at each are said through useScanSteps (kit/use-scan-steps.tsx); a scan meets the step
 * rendered.
 */
import { startTransition, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_OVER_RECEIPT, receivableFreely, SCAN_QUANTITY } from '@shared/domain/inbound.js';
import { gs1Batch } from '@shared/domain/scan.js';
import { confirmDialog } from '../kit/kit.js';
import { ScanFrame, useScanSteps, type ScanSteps } from '../kit/use-scan-steps.js';
import { usePdaServices } from '../shell/sync-context.js';
import type { JsonObject } from '../data/db.js';
import { loadBox, loadOrder, type BoxData, type InboundOrderData } from '../reference/inbound-orders.js';
import { useUndoStack } from '../undo/undo-button.js';
import type { UndoableScan } from '../undo/undo-data.js';
import { DifferenceForm } from './difference-form.js';
import {
  boxLines,
  finishBox,
  findReceiveTarget,
  findSkuInBox,
  lineOfCode,
  linesOfBox,
  receiveUnits,
  withReceived,
  type BoxLine,
} from './receive-data.js';
import { quantityQuestion, scanLimit } from './receive-quantity.js';
import { BoxActions, BoxLinesList, OpenBoxes, ScanQuantity } from './receive-views.js';

type Step =
  | { name: 'target' }
  | { name: 'box'; order: InboundOrderData }
  | { name: 'sku'; order: InboundOrderData; box: BoxData; lines: BoxLine[]; lastSkuId: string | null }
  | { name: 'difference'; order: InboundOrderData; box: BoxData; lines: BoxLine[]; lastSkuId: string | null };

type BoxStep = Extract<Step, { name: 'sku' | 'difference' }>;
type SkuStep = Extract<Step, { name: 'sku' }>;

export function ReceiveScreen({ warehouseId }: { warehouseId: string }) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [chosenQuantity, setQuantity] = useState(1);
  // While the quantity field holds a number it refuses, a scan counts nothing.
  const [isQuantityValid, setQuantityValid] = useState(true);
  const [unknownCode, setUnknownCode] = useState<string | null>(null);
  const undo = useUndoStack();

  // A scan meets the step rendered; the difference form takes none (its barcode only through
  // the field).
  const scan: ScanSteps<Step> = useScanSteps<Step>({
    initial: { name: 'target' },
    prompts: { target: 'receive.scanTarget', box: 'receive.scanBox', sku: 'receive.scanSku' },
    onScan: {
      target: (_, code) => handleTargetScan(code),
      box: (current, code) => handleBoxScan(current.order, code),
      // A GS1 label is looked up by the item it names; its lot and expiry go with the units.
      sku: (current, code, scanned) => handleSkuScan(current, code, gs1Batch(scanned)),
    },
    failure: 'receive.failed',
    logName: 'receive',
    saved: {
      screen: 'receive',
      warehouseId,
      undo: undo.scans,
      save: (at): JsonObject | null =>
        at.name === 'target'
          ? null
          : at.name === 'box'
            ? { name: 'box', orderId: at.order.id }
            : { name: 'sku', orderId: at.order.id, boxId: at.box.id, lastSkuId: at.lastSkuId },
      /** Back to the step the worker left, as the device's data holds it now. */
      restore: async (saved, restoreStep) => {
        undo.restore(saved.undo);
        const { orderId, boxId, lastSkuId } = saved.step ?? {};
        const order = typeof orderId === 'string' ? await loadOrder(db, orderId) : null;
        if (!order) return;
        if (saved.step?.name === 'box') return restoreStep({ name: 'box', order });
        const box = typeof boxId === 'string' ? await loadBox(db, boxId) : null;
        if (!box || box.isFinished) return;
        const last = typeof lastSkuId === 'string' ? lastSkuId : null;
        restoreStep({ name: 'sku', order, box, lines: await boxLines(db, box), lastSkuId: last });
      },
    },
  });
  const { step, tell, fail, currentStep } = scan;
  const { clear } = scan.feedback;
  const setScanStep = scan.setStep;
  // A write that ends after the worker moved on (another box, the difference form) must not
  // bring the step it started from back: it changes the box only while that box is still open
  // (the step last set, `currentStep()`).
  // `asTransition`: the step renders after anything urgent (the next scan's feedback) goes first.
  const setStep = useCallback(
    (next: Step, asTransition = false) => {
      if (asTransition) startTransition(() => setScanStep(next));
      else setScanStep(next);
    },
    [setScanStep],
  );

  /**
   * The open box as the device now holds it, if the worker is still on it: after a scan is
   * stored, its figures replace the ones the screen held, as a transition (the next scan's
   * feedback renders first).
   */
  const showBox = useCallback(
    (box: BoxData, lines: BoxLine[]) => {
      const current = currentStep();
      if ((current.name === 'sku' || current.name === 'difference') && current.box.id === box.id)
        setStep({ ...current, box, lines }, true);
    },
    [currentStep, setStep],
  );

  const openBox = useCallback(
    async (order: InboundOrderData, box: BoxData) => {
      if (box.isFinished) {
        tell('error', t('receive.boxFinished', { boxNo: box.boxNo }));
        return;
      }
      const lines = await boxLines(db, box);
      tell('ok', t('receive.boxOpened', { boxNo: box.boxNo }));
      setStep({ name: 'sku', order, box, lines, lastSkuId: null });
    },
    [db, t, tell, setStep],
  );

  const handleTargetScan = async (code: string) => {
    const target = await findReceiveTarget(db, warehouseId, code);
    if (target.kind === 'not_found') return tell('error', t('receive.targetUnknown', { code }));
    if (target.kind === 'other_warehouse') return tell('error', t('receive.otherWarehouse', { code }));
    if (target.kind === 'box') return openBox(target.order, target.box);
    const open = target.order.boxes.filter((box) => !box.isFinished);
    const [only] = open;
    if (open.length === 1 && only) return openBox(target.order, only);
    if (open.length === 0)
      return tell('error', t('receive.orderDone', { inboundNo: target.order.inboundNo }));
    tell('ok', t('receive.orderOpened', { inboundNo: target.order.inboundNo }));
    setStep({ name: 'box', order: target.order });
  };

  const handleBoxScan = async (order: InboundOrderData, code: string) => {
    const target = await findReceiveTarget(db, warehouseId, code);
    if (target.kind === 'box' && target.order.id === order.id) return openBox(order, target.box);
    tell('error', t('receive.boxNotInOrder', { code, inboundNo: order.inboundNo }));
  };

  /**
   * The line of a code the open box's lines do not carry, read from the device's SKUs (a code
   * given to a SKU since the box was opened), or null once the worker is told why not.
   */
  const lineFromDevice = async (current: SkuStep, code: string): Promise<BoxLine | null> => {
    const found = await findSkuInBox(db, current.box, code);
    if (found.kind === 'unknown') {
      setUnknownCode(code);
      tell('error', t('receive.skuUnknown', { code }));
      return null;
    }
    if (found.kind === 'not_in_box') {
      tell('error', t('receive.skuNotInBox', { code, boxNo: current.box.boxNo }));
      return null;
    }
    return current.lines.find((item) => item.skuId === found.skuId) ?? null;
  };

  const handleSkuScan = async (current: SkuStep, code: string, batch: { lot?: string; expiry?: string }) => {
    // Found among the box's lines, the scan is decided before anything is awaited.
    const line = lineOfCode(current.lines, code) ?? (await lineFromDevice(current, code));
    if (!line) return;
    const sku = line.sku?.sellerSku ?? line.skuId.slice(0, 8);
    // A quantity refused by its field, or set before the box's lines filled up beyond what they
    // allow now, counts nothing: the worker is told why, and nothing is counted in its place.
    const limit = scanLimit(current);
    if (!isQuantityValid || chosenQuantity > limit)
      return tell('warn', t('receive.quantityInvalid', { min: 1, max: limit }));
    const quantity = chosenQuantity;
    const isOverExpected = line.received + quantity > line.expected;
    const tolerance = current.order.overReceipt ?? NO_OVER_RECEIPT;
    const isOver =
      quantity >
      receivableFreely({ shipQuantity: line.expected, receivedQuantity: line.received }, tolerance);
    const isLarge = quantity >= SCAN_QUANTITY.confirmFrom;
    // Receiving beyond what was shipped and the tolerance, or many units at once, is never a side
    // effect of a scan: the worker confirms it (one question: the over-receipt one names the
    // quantity too). Within the tolerance an over-receipt is counted as it comes, and shown.
    if (isOver || isLarge) {
      const isSure = await confirmDialog(quantityQuestion(t, { isOver, sku, line, quantity }));
      if (!isSure) {
        setQuantity(1);
        return tell('warn', isOver ? t('receive.overDeclined') : t('receive.largeDeclined', { quantity }));
      }
    }
    // Feedback and the line's new count first, from what the device knows; the op and its
    // effect are stored right after.
    tell(
      isOverExpected ? 'warn' : 'ok',
      t(isOverExpected ? 'receive.over' : 'receive.counted', { quantity }),
    );
    const counted: SkuStep = {
      ...current,
      lines: withReceived(current.lines, line.skuId, quantity),
      lastSkuId: line.skuId,
    };
    setStep(counted);
    setQuantity(1);
    try {
      const { box, op } = await receiveUnits(db, {
        orderId: current.order.id,
        boxId: current.box.id,
        skuId: line.skuId,
        quantity,
        ...batch,
        ...(isOver ? { isOverReceiptConfirmed: true } : {}),
      });
      undo.remember({ op, label: t('receive.undoLabel', { quantity, sku }) });
      showBox(box, linesOfBox(counted.lines, box) ?? (await boxLines(db, box)));
    } catch (error) {
      // Not stored: the count shown goes back to what the device holds.
      await reload(counted);
      throw error;
    }
  };

  /** Shows the box as the device holds it now (after an undo, a report or a sync). */
  const reload = async (current: BoxStep) => {
    const box = (await loadBox(db, current.box.id)) ?? current.box;
    setStep({ ...current, name: 'sku', box, lines: await boxLines(db, box) });
  };

  const handleUndone = async (current: BoxStep, scan: UndoableScan) => {
    undo.forget(scan);
    tell('warn', t('undo.done', { scan: scan.label }));
    await reload(current);
  };

  const finish = async (current: BoxStep) => {
    const missing = current.lines.reduce((sum, line) => sum + Math.max(0, line.expected - line.received), 0);
    const isSure = await confirmDialog({
      content:
        missing > 0
          ? t('receive.finishMissing', { boxNo: current.box.boxNo, missing })
          : t('receive.finishConfirm', { boxNo: current.box.boxNo }),
      confirmText: t('receive.finish'),
      cancelText: t('undo.cancel'),
    });
    if (!isSure) return;
    await finishBox(db, { orderId: current.order.id, boxId: current.box.id });
    // A finished box takes no undo: its scans leave the stack.
    undo.forgetWhere((scan) => scan.op.payload.boxId === current.box.id);
    tell('ok', t('receive.finished', { boxNo: current.box.boxNo }));
    setStep({ name: 'target' });
  };

  const openDifference = () => {
    const current = currentStep();
    if (current.name !== 'sku') return;
    clear();
    setStep({ ...current, name: 'difference' });
  };
  const finishCurrent = () => {
    const current = currentStep();
    if (current.name === 'sku') void finish(current).catch(fail);
  };
  const undone = async (scan: UndoableScan) => {
    const current = currentStep();
    if (current.name === 'sku' || current.name === 'difference') await handleUndone(current, scan);
  };

  // The memoised parts get handlers that never change, calling this render's.
  const actions = useRef({ openBox, openDifference, finishCurrent, undone, fail });
  actions.current = { openBox, openDifference, finishCurrent, undone, fail };
  const onOpenBox = useCallback((box: BoxData) => {
    const current = currentStep();
    if (current.name === 'box') void actions.current.openBox(current.order, box).catch(actions.current.fail);
  }, [currentStep]);
  const onDifference = useCallback(() => actions.current.openDifference(), []);
  const onFinish = useCallback(() => actions.current.finishCurrent(), []);
  const onNextBox = useCallback(() => setStep({ name: 'target' }), [setStep]);
  const onUndone = useCallback((scan: UndoableScan) => actions.current.undone(scan), []);
  const onFailed = useCallback((error: unknown) => actions.current.fail(error), []);
  const onQuantity = useCallback((value: number) => setQuantity(value), []);

  return (
    <ScanFrame
      steps={scan}
      testId="receive-screen"
      titleKey="receive.title"
      showScan={step.name !== 'difference'}
    >
      {step.name === 'difference' && (
        <DifferenceForm
          order={step.order}
          box={step.box}
          lines={step.lines}
          skuId={step.lastSkuId}
          unknownCode={unknownCode}
          onDone={(kind) => {
            setUnknownCode(null);
            tell('warn', t('difference.saved', { kind: t(`difference.kinds.${kind}`) }));
            void reload(step).catch(fail);
          }}
          onCancel={() => setStep({ ...step, name: 'sku' })}
          onFailed={fail}
        />
      )}
      {step.name === 'box' && (
        <OpenBoxes inboundNo={step.order.inboundNo} boxes={step.order.boxes} onOpen={onOpenBox} />
      )}
      {step.name === 'sku' && (
        <>
          <ScanQuantity
            max={scanLimit(step)}
            value={chosenQuantity}
            onChange={onQuantity}
            onValidity={setQuantityValid}
          />
          <BoxLinesList
            boxNo={step.box.boxNo}
            inboundNo={step.order.inboundNo}
            lines={step.lines}
            lastSkuId={step.lastSkuId}
          />
          <BoxActions
            lastScan={undo.last}
            currentScan={undo.current}
            onUndone={onUndone}
            onFailed={onFailed}
            onDifference={onDifference}
            onFinish={onFinish}
            onNextBox={onNextBox}
          />
        </>
      )}
    </ScanFrame>
  );
}
