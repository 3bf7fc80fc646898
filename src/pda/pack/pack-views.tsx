/**
 * The pack screen's lists and panels, each memoised: a scan changes the feedback and at most one
 * checklist line, so only those render again while the rest of the screen (the parcels to pack,
 * the panels and their antd-mobile controls) is left as it is. That keeps a scan's frame within
 * the budget on a slow handheld (bench/pack-paint.ts).
 */
import { Button, Input, List, Tag } from 'antd-mobile';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PARCEL_MAX_GRAMS, parcelType, typedGrams, type PdaParcel, type Scanned } from './outbound-data.js';

/** The parcels waiting to be packed (and the cancelled ones whose units go back), at most 50. */
export const ToPackList = memo(function ToPackList({ parcels }: { parcels: PdaParcel[] }) {
  const { t } = useTranslation();
  return (
    <List header={t('pack.toPack', { count: parcels.length })}>
      {parcels.slice(0, 50).map((parcel) => (
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
  );
});

/** How many labels wait for the printer, and the button that prints them. */
export const LabelsWaiting = memo(function LabelsWaiting({
  count,
  onPrint,
}: {
  count: number;
  onPrint: () => void;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="pda-tasks">
      <p className="pda-hint" data-testid="labels-waiting">
        {t('pack.labelsWaiting', { count })}
      </p>
      <Button block onClick={onPrint}>
        {t('pack.printWaiting')}
      </Button>
    </div>
  );
});

const ChecklistLine = memo(function ChecklistLine({
  line,
  scanned,
}: {
  line: PdaParcel['lines'][number];
  scanned: number;
}) {
  return (
    <List.Item
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
});

/** The open parcel: its order number and type, then each line's units scanned of its quantity. */
export const ParcelChecklist = memo(function ParcelChecklist({
  parcel,
  scanned,
}: {
  parcel: PdaParcel;
  scanned: Scanned;
}) {
  const { t } = useTranslation();
  // Translated once a parcel: every scan renders the checklist again.
  const header = useMemo(
    () => (
      <span data-testid="parcel-header">
        {parcel.orderNo} · {t(`pack.type.${parcelType(parcel)}`)}
      </span>
    ),
    [parcel, t],
  );
  return (
    <List header={header}>
      {parcel.lines.map((line) => (
        <ChecklistLine key={line.skuId} line={line} scanned={scanned[line.skuId] ?? 0} />
      ))}
    </List>
  );
});

/** The weight (typed, or read from a scale that types it) and 'Packed'. */
export const WeighPanel = memo(function WeighPanel({
  weight,
  isBlocked,
  onWeight,
  onPack,
}: {
  weight: string;
  isBlocked: boolean;
  onWeight: (weight: string) => void;
  onPack: () => void;
}) {
  const { t } = useTranslation();
  // What was typed is kept as typed ("-5" stays "-5") and refused with the message until fixed.
  const isInvalid = typedGrams(weight, PARCEL_MAX_GRAMS) === 'invalid';
  return (
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
        onChange={(value) => onWeight(value.slice(0, 8))}
        onEnterPress={onPack}
      />
      {isInvalid && (
        <div className="pda-error-text" id="pack-weight-error" role="alert" data-testid="weight-error">
          {t('pack.weightInvalid')}
        </div>
      )}
      <Button block color="primary" className="pda-task" disabled={isBlocked} onClick={onPack}>
        {t('pack.packed')}
      </Button>
    </div>
  );
});

/** Leaves the open parcel (nothing is queued for it) for another one. */
export const OtherParcelButton = memo(function OtherParcelButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="pda-tasks">
      <Button block size="large" onClick={onClick}>
        {t('pack.otherParcel')}
      </Button>
    </div>
  );
});

/** The units of an order cancelled after picking, waiting for the location they go back to. */
export const PutBackList = memo(function PutBackList({ parcel }: { parcel: PdaParcel }) {
  const { t } = useTranslation();
  return (
    <List header={t('pack.putBackHeader', { orderNo: parcel.orderNo })}>
      {parcel.lines.map((line) => (
        <List.Item key={line.skuId} extra={line.quantity}>
          {line.sellerSku}
        </List.Item>
      ))}
    </List>
  );
});
