/**
 * A money amount and its currency side by side under one label. Both controls are named (the
 * label, then the label with 'Currency'), as a compact pair of unlabelled fields would not be.
 * The amount is typed in the major unit and refused out of range or with more than two
 * decimals (never clamped or rounded by the number box).
 */
import { Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { majorAmount } from '@shared/contract/common.js';
import { contractRule } from './rules.js';

/** Decimals of the amounts these forms take (the catalogue keeps cents). */
const DECIMALS = 2;

/** A form field's name: a key, or the path of keys to a nested one. */
type FieldName = string | number | (string | number)[];

export function AmountField({
  label,
  amountName,
  currencyName,
  currencies,
  maxMinor,
  amountWidth = '65%',
}: {
  label: string;
  amountName: FieldName;
  currencyName: FieldName;
  currencies: readonly string[];
  /** The contract's largest amount, in minor units (cents). */
  maxMinor: number;
  amountWidth?: string;
}) {
  const { t } = useTranslation('system');
  return (
    <Form.Item label={label}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={amountName}
          noStyle
          rules={[contractRule(t, majorAmount(maxMinor, DECIMALS), label)]}
        >
          <InputNumber style={{ width: amountWidth }} aria-label={label} />
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
