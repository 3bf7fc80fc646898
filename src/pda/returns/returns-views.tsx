/**
 * The returns screen's views of each step: the order's lines with what came back, the parcel's
 * postage and weight before it is received, the units inspected so far with the parcel's
 * endings, and one unit being judged. The screen keeps the steps and what each button does.
 */
import { Button, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ExpectedReturnOrder } from '@shared/contract/returns.js';
import type { ItemCondition } from '@shared/domain/returns.js';
import type { SkuData } from '../reference/skus.js';

/** The order's lines, each with how many of its units came back so far. */
export function ReturnOrderLines({ order }: { order: ExpectedReturnOrder }) {
  const { t } = useTranslation();
  return (
    <List header={t('returns.orderHeader', { orderNo: order.orderNo })}>
      {order.lines.map((line) => (
        <List.Item
          key={line.skuId}
          description={line.name}
          extra={
            <span className="pda-count" data-testid={`returned-${line.sellerSku}`}>
              {t('returns.returnedOf', { returned: line.returned, quantity: line.quantity })}
            </span>
          }
        >
          {line.sellerSku}
        </List.Item>
      ))}
    </List>
  );
}

/** A parcel's postage and weight (a scale may type the weight), then 'Receive parcel'. */
export function ParcelDetails({
  trackingNo,
  order,
  postage,
  weight,
  onPostage,
  onWeight,
  onReceive,
  onOtherParcel,
}: {
  trackingNo: string;
  order: ExpectedReturnOrder | null;
  postage: string;
  weight: string;
  onPostage: (value: string) => void;
  onWeight: (value: string) => void;
  onReceive: () => void;
  onOtherParcel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {order ? <ReturnOrderLines order={order} /> : <p className="pda-hint">{t('returns.unmatchedHint')}</p>}
      <List header={t('returns.parcelHeader', { trackingNo })}>
        <List.Item title={t('returns.postage')}>
          <Input
            aria-label={t('returns.postage')}
            inputMode="decimal"
            value={postage}
            onChange={onPostage}
            placeholder="0.00"
          />
        </List.Item>
        <List.Item title={t('returns.weight')}>
          <Input aria-label={t('returns.weight')} inputMode="numeric" value={weight} onChange={onWeight} />
        </List.Item>
      </List>
      <div className="pda-tasks">
        <Button block color="primary" className="pda-task" onClick={onReceive}>
          {t('returns.receive')}
        </Button>
        <Button block fill="outline" onClick={onOtherParcel}>
          {t('returns.otherParcel')}
        </Button>
      </div>
    </>
  );
}

/** A received parcel's units inspected so far, 'Wrong item', and the parcel's two endings. */
export function ReturnItems({
  order,
  inspected,
  isBlocked,
  onWrongItem,
  onFinish,
  onFailed,
}: {
  order: ExpectedReturnOrder;
  inspected: number;
  isBlocked: boolean;
  onWrongItem: () => void;
  onFinish: () => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ReturnOrderLines order={order} />
      <p className="pda-hint" data-testid="items-done">
        {t('returns.itemsDone', { count: inspected })}
      </p>
      <div className="pda-tasks">
        <Button block size="large" onClick={onWrongItem}>
          {t('returns.wrongItem')}
        </Button>
        <Button block color="primary" className="pda-task" disabled={isBlocked} onClick={onFinish}>
          {t('returns.finish')}
        </Button>
        <Button block color="danger" fill="outline" onClick={onFailed}>
          {t('returns.failed')}
        </Button>
      </div>
    </>
  );
}

/** One unit judged good or damaged; once judged it may be destroyed (a good one is re-shelved by a scan). */
export function InspectItem({
  sku,
  condition,
  onGood,
  onDamaged,
  onDestroy,
  onCancel,
}: {
  sku: SkuData;
  condition: ItemCondition | null;
  onGood: () => void;
  onDamaged: () => void;
  onDestroy: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pda-tasks">
      <p className="pda-hint">{`${sku.sellerSku} ${sku.name}`.trim()}</p>
      <Button
        block
        color={condition === 'good' ? 'success' : 'default'}
        className="pda-task"
        onClick={onGood}
      >
        {t('returns.condition.good')}
      </Button>
      <Button
        block
        color={condition === 'damaged' ? 'warning' : 'default'}
        className="pda-task"
        onClick={onDamaged}
      >
        {t('returns.condition.damaged')}
      </Button>
      {condition !== null && (
        <Button block color="danger" onClick={onDestroy}>
          {t('returns.destroy')}
        </Button>
      )}
      <Button block fill="outline" onClick={onCancel}>
        {t('undo.cancel')}
      </Button>
    </div>
  );
}
