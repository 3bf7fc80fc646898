/**
 * Batch scan (spec 02 §5): numbers scanned or pasted one a line — order numbers, system order
 * ids or tracking numbers — searched at once. A scanner ending each code with Enter fills one
 * line per parcel; repeats are counted once.
 */
import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_LIMITS } from '@shared/domain/order.js';
import { numbersOf } from './order-filters.js';

export function BatchScanModal({
  open,
  onClose,
  onSearch,
}: {
  open: boolean;
  onClose: () => void;
  onSearch: (numbers: string[]) => void;
}) {
  const { t } = useTranslation('orders');
  const [text, setText] = useState('');
  const numbers = numbersOf(text);
  const isTooMany = numbers.length > ORDER_LIMITS.batchSearch;
  const close = () => {
    setText('');
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('scan.title')}
      okText={t('scan.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: numbers.length === 0 || isTooMany }}
      onOk={() => {
        onSearch(numbers);
        setText('');
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('scan.hint', { max: ORDER_LIMITS.batchSearch })}
      </Typography.Paragraph>
      <Input.TextArea
        autoFocus
        rows={10}
        value={text}
        aria-label={t('scan.numbers')}
        placeholder={t('scan.placeholder')}
        onChange={(event) => setText(event.target.value)}
        style={{ fontFamily: 'monospace' }}
      />
      <Typography.Text type={isTooMany ? 'danger' : 'secondary'}>
        {isTooMany
          ? t('scan.too_many', { max: ORDER_LIMITS.batchSearch })
          : t('scan.count', { count: numbers.length })}
      </Typography.Text>
    </Modal>
  );
}
