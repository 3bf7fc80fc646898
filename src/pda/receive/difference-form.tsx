/**
 * 'Report a difference' while receiving a box, one screen: what kind (short, over, unknown
 * SKU, damaged), which SKU of the box (or the unknown barcode, filled from the last unknown
 * scan), how many, why, and up to five photos from the camera. It is queued like a scan and
 * synced when the network allows; the photos travel with it (difference-data.ts).
 */
import { Button, ImageUploader, Input, Selector, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCREPANCY_KINDS, INBOUND_LIMITS, type DiscrepancyKind } from '@shared/domain/inbound.js';
import { QuantityStepper } from '../app/kit.js';
import { usePdaServices } from '../app/sync-context.js';
import { preparePhoto, reportDifference } from './difference-data.js';
import { skuLabel, type BoxData, type BoxLine, type InboundOrderData } from './receive-data.js';

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

export function DifferenceForm(props: DifferenceFormProps) {
  const { order, box, lines, onDone, onCancel, onFailed } = props;
  const { t } = useTranslation();
  const { db } = usePdaServices();
  const [kind, setKind] = useState<DiscrepancyKind>(props.unknownCode ? 'unknown_sku' : 'short');
  const [skuId, setSkuId] = useState<string | null>(props.skuId);
  const [barcode, setBarcode] = useState(props.unknownCode ?? '');
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<ImageUploadItem[]>([]);
  const blobs = useRef(new Map<string, Blob>());
  const [problem, setProblem] = useState<Problem>(null);
  const [isSaving, setSaving] = useState(false);

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
      <div className="pda-prompt">{t('difference.title', { boxNo: box.boxNo })}</div>
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
        max={INBOUND_LIMITS.quantity}
        value={quantity}
        onChange={(value) => setQuantity(value || 1)}
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
      <Button block size="large" color="primary" loading={isSaving} onClick={() => void submit()}>
        {t('difference.submit')}
      </Button>
      <Button block size="large" onClick={onCancel}>
        {t('difference.cancel')}
      </Button>
    </div>
  );
}
