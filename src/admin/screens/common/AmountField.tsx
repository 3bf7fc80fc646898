/**
 * A money amount and its currency side by side under one label. Both controls are named (the
 * label, then the label with 'Currency'), as a compact pair of unlabelled fields would not be.
 */
import { Form, InputNumber, Select, Space } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';

export function AmountField({
  label,
  amountName,
  currencyName,
  currencies,
  max,
  amountWidth = '65%',
}: {
  label: string;
  amountName: NamePath;
  currencyName: NamePath;
  currencies: readonly string[];
  /** The largest amount, in the currency's major unit. */
  max: number;
  amountWidth?: string;
}) {
  const { t } = useTranslation('system');
  return (
    <Form.Item label={label}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={amountName} noStyle>
          <InputNumber min={0} max={max} precision={2} style={{ width: amountWidth }} aria-label={label} />
        </Form.Item>
        <Form.Item name={currencyName} noStyle>
          <Select
            style={{ width: `calc(100% - ${amountWidth})` }}
            options={currencies.map((value) => ({ value, label: value }))}
            aria-label={`${label} · ${t('common.currency')}`}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
