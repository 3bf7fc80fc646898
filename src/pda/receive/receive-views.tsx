/**
 * The receiving screen's lists and actions, each memoised: a SKU scan changes the feedback and
 * one line's count, so only those render again while the rest of the screen (the other lines,
 * the quantity, the actions and their antd-mobile controls) is left as it is. That keeps a
 * scan's frame within the budget on a slow handheld (bench/pda.ts).
 */
import { Button, List } from 'antd-mobile';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityStepper } from '../kit/quantity-stepper.js';
import type { BoxData } from '../reference/inbound-orders.js';
import { skuLabel } from '../reference/skus.js';
import { UndoButton } from '../undo/undo-button.js';
import type { UndoableScan } from '../undo/undo-data.js';
import type { BoxLine } from './receive-data.js';

/** A line's count: still open, received in full, or over what the box shipped (a warning). */
type LineState = 'open' | 'done' | 'over';
const COUNT_CLASS: Record<LineState, string> = {
  open: 'pda-count',
  done: 'pda-count-done',
  over: 'pda-count-over',
};

function lineState(line: BoxLine): LineState {
  if (line.received > line.expected) return 'over';
  return line.received === line.expected ? 'done' : 'open';
}

const BoxLineItem = memo(function BoxLineItem({ line, isLast }: { line: BoxLine; isLast: boolean }) {
  const state = lineState(line);
  return (
    <List.Item
      className={isLast ? 'pda-line-last' : undefined}
      extra={
        <span
          className={COUNT_CLASS[state]}
          data-state={state}
          data-testid={`count-${line.sku?.sellerSku ?? line.skuId}`}
        >
          {line.received} / {line.expected}
        </span>
      }
    >
      {skuLabel(line)}
    </List.Item>
  );
});

/** The open box's lines: each SKU's units received of those expected, the last scanned marked. */
export const BoxLinesList = memo(function BoxLinesList({
  boxNo,
  inboundNo,
  lines,
  lastSkuId,
}: {
  boxNo: string;
  inboundNo: string;
  lines: BoxLine[];
  lastSkuId: string | null;
}) {
  const { t } = useTranslation();
  return (
    <List header={t('receive.boxHeader', { boxNo, inboundNo })}>
      {lines.map((line) => (
        <BoxLineItem key={line.skuId} line={line} isLast={line.skuId === lastSkuId} />
      ))}
    </List>
  );
});

/** How many units the next scan counts; while the number typed is refused, scans count nothing. */
export const ScanQuantity = memo(function ScanQuantity({
  value,
  max,
  onChange,
  onValidity,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  onValidity: (isValid: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <QuantityStepper
      label={t('receive.quantity')}
      min={1}
      max={max}
      value={value}
      onChange={onChange}
      onValidity={onValidity}
    />
  );
});

/** The open boxes of an order with several, to pick from. */
export const OpenBoxes = memo(function OpenBoxes({
  inboundNo,
  boxes,
  onOpen,
}: {
  inboundNo: string;
  boxes: BoxData[];
  onOpen: (box: BoxData) => void;
}) {
  const { t } = useTranslation();
  return (
    <List header={t('receive.boxesOf', { inboundNo })}>
      {boxes
        .filter((box) => !box.isFinished)
        .map((box) => (
          <List.Item key={box.id} clickable onClick={() => onOpen(box)}>
            {box.boxNo}
          </List.Item>
        ))}
    </List>
  );
});

/** Undo the last scan, report a difference, finish the box, or go on to another box. */
export const BoxActions = memo(function BoxActions({
  lastScan,
  currentScan,
  onUndone,
  onFailed,
  onDifference,
  onFinish,
  onNextBox,
}: {
  lastScan: UndoableScan | null;
  currentScan: () => UndoableScan | null;
  onUndone: (scan: UndoableScan) => Promise<void>;
  onFailed: (error: unknown) => void;
  onDifference: () => void;
  onFinish: () => void;
  onNextBox: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pda-actions">
      <UndoButton last={lastScan} current={currentScan} onUndone={onUndone} onFailed={onFailed} />
      <Button block size="large" onClick={onDifference}>
        {t('receive.reportDifference')}
      </Button>
      <Button block size="large" color="success" onClick={onFinish}>
        {t('receive.finish')}
      </Button>
      <Button block size="large" onClick={onNextBox}>
        {t('receive.nextBox')}
      </Button>
    </div>
  );
});
