/**
 * Receiving by scan, one step per screen: scan the inbound order or a box label, pick the box
 * when the order has several, then scan SKUs (each scan counts one, or the quantity set
 * first). Expected against received comes from the device's own data, feedback (colour,
 * vibration, tone) from the same lookup, before any network. Undo is not offered: the
 * protocol has no compensating op for a receipt, so a wrong count is reported from the admin.
 */
import { Button, List, Stepper } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassifiedScan } from '../../shared/domain/scan.js';
import { signal, type FeedbackKind } from '../app/feedback.js';
import { PdaHeader } from '../app/header.js';
import { ScanInput } from '../app/scan-input.js';
import { usePdaServices } from '../app/sync-context.js';
import {
  boxLines,
  findReceiveTarget,
  findSkuInBox,
  receiveUnits,
  type BoxData,
  type BoxLine,
  type InboundOrderData,
} from './receive-data.js';

type Step =
  | { name: 'target' }
  | { name: 'box'; order: InboundOrderData }
  | { name: 'sku'; order: InboundOrderData; box: BoxData; lines: BoxLine[]; lastSkuId: string | null };

interface Flash {
  kind: FeedbackKind;
  text: string;
}

function skuLabel(line: BoxLine): string {
  return line.sku ? `${line.sku.sellerSku} ${line.sku.name}`.trim() : line.skuId.slice(0, 8);
}

export function ReceiveScreen({ warehouseId }: { warehouseId: string }) {
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [step, setStep] = useState<Step>({ name: 'target' });
  const [flash, setFlash] = useState<Flash | null>(null);
  const [quantity, setQuantity] = useState(1);

  const tell = useCallback((kind: FeedbackKind, text: string) => {
    signal(kind);
    setFlash({ kind, text });
  }, []);

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
    [db, t, tell],
  );

  const onTargetScan = async (code: string) => {
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

  const onBoxScan = async (order: InboundOrderData, code: string) => {
    const target = await findReceiveTarget(db, warehouseId, code);
    if (target.kind === 'box' && target.order.id === order.id) return openBox(order, target.box);
    tell('error', t('receive.boxNotInOrder', { code, inboundNo: order.inboundNo }));
  };

  const onSkuScan = async (current: Extract<Step, { name: 'sku' }>, code: string) => {
    const found = await findSkuInBox(db, current.box, code);
    if (found.kind === 'unknown') return tell('error', t('receive.skuUnknown', { code }));
    if (found.kind === 'not_in_box')
      return tell('error', t('receive.skuNotInBox', { code, boxNo: current.box.boxNo }));
    const line = current.lines.find((item) => item.skuId === found.skuId);
    const isOver = line !== undefined && line.received + quantity > line.expected;
    // Feedback first, from what the device knows; the op and its effect are stored right after.
    tell(isOver ? 'warn' : 'ok', t(isOver ? 'receive.over' : 'receive.counted', { quantity }));
    const box = await receiveUnits(db, {
      orderId: current.order.id,
      boxId: current.box.id,
      skuId: found.skuId,
      quantity,
    });
    setQuantity(1);
    setStep({ ...current, box, lines: await boxLines(db, box), lastSkuId: found.skuId });
  };

  const onScan = (scan: ClassifiedScan) => {
    const code = scan.code;
    if (!code) return;
    const run =
      step.name === 'target'
        ? onTargetScan(code)
        : step.name === 'box'
          ? onBoxScan(step.order, code)
          : onSkuScan(step, code);
    run.catch((error: unknown) => {
      console.error('PDA receive scan failed', error);
      tell('error', t('receive.failed'));
    });
  };

  const isBlocked = flash?.kind === 'error';
  const prompt =
    step.name === 'target'
      ? t('receive.scanTarget')
      : step.name === 'box'
        ? t('receive.scanBox')
        : t('receive.scanSku');

  return (
    <div className={`pda-screen pda-flash-${flash?.kind ?? 'none'}`} data-testid="receive-screen">
      <PdaHeader title={t('receive.title')} />
      <div className="pda-prompt" data-testid="prompt">
        {prompt}
      </div>
      {flash && (
        <div className={`pda-feedback pda-feedback-${flash.kind}`} role="alert" data-testid="feedback">
          <span>{flash.text}</span>
          {isBlocked && (
            <Button block size="large" color="danger" onClick={() => setFlash(null)}>
              {t('common.ok')}
            </Button>
          )}
        </div>
      )}
      <ScanInput onScan={onScan} enabled={!isBlocked} />
      {step.name === 'box' && (
        <List header={t('receive.boxesOf', { inboundNo: step.order.inboundNo })}>
          {step.order.boxes
            .filter((box) => !box.isFinished)
            .map((box) => (
              <List.Item key={box.id} clickable onClick={() => void openBox(step.order, box)}>
                {box.boxNo}
              </List.Item>
            ))}
        </List>
      )}
      {step.name === 'sku' && (
        <>
          <div className="pda-quantity">
            <span>{t('receive.quantity')}</span>
            <Stepper min={1} max={9999} value={quantity} onChange={(value) => setQuantity(value || 1)} />
          </div>
          <List header={t('receive.boxHeader', { boxNo: step.box.boxNo, inboundNo: step.order.inboundNo })}>
            {step.lines.map((line) => (
              <List.Item
                key={line.skuId}
                className={line.skuId === step.lastSkuId ? 'pda-line-last' : undefined}
                extra={
                  <span
                    className={line.received >= line.expected ? 'pda-count-done' : 'pda-count'}
                    data-testid={`count-${line.sku?.sellerSku ?? line.skuId}`}
                  >
                    {line.received} / {line.expected}
                  </span>
                }
              >
                {skuLabel(line)}
              </List.Item>
            ))}
          </List>
          <Button block size="large" onClick={() => setStep({ name: 'target' })}>
            {t('receive.nextBox')}
          </Button>
        </>
      )}
    </div>
  );
}
