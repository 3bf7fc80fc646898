/**
 * 'Report a difference' while receiving a box, one screen: what kind (short, over, unknown
 * SKU, damaged), which SKU of the box (or the unknown barcode, filled from the last unknown
 * scan), how many, why, and up to five photos from the camera. It is queued like a scan and
 * synced when the network allows; the photos travel with it (difference-data.ts).
 *
 * The scanner keeps listening while the form is open: a scan (even one typed into the focused
 * quantity field) chooses the SKU it names, or offers its code as an unknown SKU, and never lands
 * in a field. The quantity is at most what the kind allows for the line (differenceMax): a number
 * outside that is refused by its field, and the report is not saved until it is corrected.
 */
import { Button, ImageUploader, Input, Selector, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISCREPANCY_KINDS,
  differenceMax,
  INBOUND_LIMITS,
  type DiscrepancyKind,
} from '@shared/domain/inbound.js';
import { lookupCode, type ClassifiedScan } from '@shared/domain/scan.js';
import { QuantityStepper } from '../kit/quantity-stepper.js';
import { usePdaServices } from '../shell/sync-context.js';
import { useWedgeScans } from '../kit/use-wedge-scans.js';
import type { BoxData, InboundOrderData } from '../reference/inbound-orders.js';
import { skuLabel } from '../reference/skus.js';
import { preparePhoto, reportDifference } from './difference-data.js';
import { findSkuInBox, type BoxLine } from './receive-data.js';

export interface DifferenceFormProps {
  order: InboundOrderData;
  box: BoxData;
  lines: BoxLine[];
  /** The SKU scanned last, chosen at first. */
  skuId: string | null;
  /** The last code that matched nothing, offered for an unknown SKU. */
  unknownCode: string | null;
  onDone: (kind: DiscrepancyKind) => void;
  onCancel: () => void;
  onFailed: (error: unknown) => void;
}

type Problem = 'sku' | 'barcode' | 'reason' | 'photo' | null;

/** What the last scan while the form was open did: chose a SKU, offered an unknown code, or neither. */
type Scanned = { outcome: 'sku' | 'unknown' | 'not_in_box'; code: string } | null;

export function DifferenceForm(props: DifferenceFormProps) {
  const { order, box, lines, onDone, onCancel, onFailed } = props;
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [kind, setKind] = useState<DiscrepancyKind>(props.unknownCode ? 'unknown_sku' : 'short');
  const [skuId, setSkuId] = useState<string | null>(props.skuId);
  const [barcode, setBarcode] = useState(props.unknownCode ?? '');
  const [quantity, setQuantity] = useState(1);
  const [isQuantityValid, setQuantityValid] = useState(true);
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<ImageUploadItem[]>([]);
  const blobs = useRef(new Map<string, Blob>());
  const [problem, setProblem] = useState<Problem>(null);
  const [isSaving, setSaving] = useState(false);
  const [scanned, setScanned] = useState<Scanned>(null);
  const sink = useRef<HTMLInputElement>(null);
  const line = lines.find((candidate) => candidate.skuId === skuId) ?? null;
  const maxQuantity = differenceMax(
    kind,
    kind === 'unknown_sku' || !line
      ? null
      : { shipQuantity: line.expected, receivedQuantity: line.received, damagedQuantity: line.damaged },
  );

  const handleScan = (scan: ClassifiedScan) => {
    const code = lookupCode(scan);
    if (!code) return;
    void findSkuInBox(db, box, code)
      .then((found) => {
        if (found.kind === 'line') {
          setSkuId(found.skuId);
          if (kind === 'unknown_sku') setKind('short');
        } else if (found.kind === 'unknown') {
          setKind('unknown_sku');
          setBarcode(code.slice(0, INBOUND_LIMITS.barcode));
        }
        setScanned({ outcome: found.kind === 'line' ? 'sku' : found.kind, code });
      })
      .catch(onFailed);
  };
  useWedgeScans(sink, handleScan);

  const upload = async (file: File): Promise<ImageUploadItem> => {
    const prepared = await preparePhoto(file);
    if (!prepared) {
      setProblem('photo');
      throw new Error('not a photo');
    }
    const url = URL.createObjectURL(prepared);
    blobs.current.set(url, prepared);
    return { url };
  };

  const submit = async () => {
    // Its field says why; a number it refuses is never reported, nor one put into range for it.
    if (!isQuantityValid || quantity > maxQuantity) return;
    const isUnknown = kind === 'unknown_sku';
    const missing: Problem =
      isUnknown && !barcode.trim()
        ? 'barcode'
        : !isUnknown && !skuId
          ? 'sku'
          : !reason.trim()
            ? 'reason'
            : null;
    setProblem(missing);
    if (missing) return;
    setSaving(true);
    try {
      await reportDifference(db, {
        orderId: order.id,
        sellerId: order.sellerId,
        boxId: box.id,
        kind,
        ...(isUnknown ? { barcode: barcode.trim() } : { skuId: skuId ?? '' }),
        quantity,
        reason: reason.trim(),
        photos: photos.flatMap((photo) => blobs.current.get(photo.url) ?? []),
      });
      for (const url of blobs.current.keys()) URL.revokeObjectURL(url);
      onDone(kind);
    } catch (error) {
      onFailed(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="pda-difference" data-testid="difference-form">
      <input
        ref={sink}
        type="text"
        inputMode="none"
        aria-hidden="true"
        tabIndex={-1}
        autoComplete="off"
        className="pda-scan-sink"
      />
      <div className="pda-prompt">{t('difference.title', { boxNo: box.boxNo })}</div>
      {scanned && (
        <div
          className={`pda-feedback ${scanned.outcome === 'not_in_box' ? 'pda-feedback-error' : 'pda-feedback-ok'}`}
          role="status"
          data-testid="difference-scanned"
        >
          {t(`difference.scanned.${scanned.outcome}`, { code: scanned.code, boxNo: box.boxNo })}
        </div>
      )}
      <div className="pda-field-label">{t('difference.kind')}</div>
      <Selector
        columns={2}
        value={[kind]}
        onChange={(value) => value[0] && setKind(value[0])}
        options={DISCREPANCY_KINDS.map((value) => ({ value, label: t(`difference.kinds.${value}`) }))}
      />
      {kind === 'unknown_sku' ? (
        <>
          <div className="pda-field-label">{t('difference.barcode')}</div>
          <Input
            className="pda-manual-code"
            value={barcode}
            onChange={setBarcode}
            maxLength={INBOUND_LIMITS.barcode}
            aria-label={t('difference.barcode')}
          />
        </>
      ) : (
        <>
          <div className="pda-field-label">{t('difference.sku')}</div>
          <Selector
            columns={1}
            value={skuId ? [skuId] : []}
            onChange={(value) => setSkuId(value[0] ?? null)}
            options={lines.map((line) => ({
              value: line.skuId,
              label: skuLabel(line),
              description: `${line.received} / ${line.expected}`,
            }))}
          />
        </>
      )}
      <QuantityStepper
        label={t('difference.quantity')}
        min={1}
        max={maxQuantity}
        value={quantity}
        onChange={setQuantity}
        onValidity={setQuantityValid}
      />
      <div className="pda-field-label">{t('difference.reason')}</div>
      <TextArea
        value={reason}
        onChange={setReason}
        maxLength={INBOUND_LIMITS.reason}
        showCount
        rows={2}
        placeholder={t('difference.reasonPlaceholder')}
        aria-label={t('difference.reason')}
      />
      <div className="pda-field-label">{t('difference.photos', { max: INBOUND_LIMITS.photos })}</div>
      <ImageUploader
        value={photos}
        onChange={setPhotos}
        upload={upload}
        maxCount={INBOUND_LIMITS.photos}
        accept="image/*"
        capture="environment"
        onDelete={(item) => {
          URL.revokeObjectURL(item.url);
          blobs.current.delete(item.url);
          return true;
        }}
      />
      {problem && (
        <div className="pda-error-text" role="alert">
          {t(`difference.problem.${problem}`)}
        </div>
      )}
      <Button
        block
        size="large"
        color="primary"
        loading={isSaving}
        disabled={!isQuantityValid}
        onClick={() => void submit()}
      >
        {t('difference.submit')}
      </Button>
      <Button block size="large" onClick={onCancel}>
        {t('difference.cancel')}
      </Button>
    </div>
  );
}
