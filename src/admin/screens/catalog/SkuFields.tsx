/**
 * The SKU rows of the product form: codes, variation, barcodes, measures, cost, safety stock.
 * The seller SKU, the local code and each barcode are unique per seller: each row asks the
 * duplicate check on blur (a stored SKU keeps its own codes) and is flagged when another row of
 * the form repeats it.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { FormListFieldData } from 'antd';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { barcode, skuInput } from '@shared/contract/catalog.js';
import { normaliseBarcode } from '@shared/domain/barcode.js';
import { CATALOG_LIMITS as LIMITS, CURRENCIES } from '@shared/domain/catalog.js';
import { AmountField } from '../common/AmountField.js';
import { useDuplicateRule } from '../common/duplicate-check.js';
import { contractProblem, contractRule, maxLength, required } from '../common/rules.js';

export interface SkuValues {
  id?: string;
  sellerSku: string;
  customCode?: string;
  localCode?: string;
  variation?: string;
  barcodes?: string[];
  weightG?: number | null;
  lengthMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
  /** In the currency's major unit on screen; sent in minor units. */
  cost?: number | null;
  costCurrency: (typeof CURRENCIES)[number];
  safetyStock?: number;
}

export const NEW_SKU: Partial<SkuValues> = { costCurrency: 'CNY', safetyStock: 0, barcodes: [] };

/** Refuses a code another row of the same form already holds (the server would refuse the lot). */
function repeatedRule(t: TFunction, row: number, key: 'sellerSku' | 'localCode'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const code = typeof value === 'string' ? value.trim() : '';
      if (!code) return;
      const rows = (getFieldValue('skus') as Partial<SkuValues>[] | undefined) ?? [];
      const other = rows.findIndex((sku, index) => index !== row && sku?.[key]?.trim() === code);
      if (other >= 0) throw new Error(t('messages:duplicate.repeated_in_form', { row: other + 1 }));
    },
  });
}

/**
 * Each barcode as the contract takes it (named when it cannot be one), and none that another
 * row of the same form already holds, compared as stored (GTINs to 14 digits, codes upper-cased).
 */
function barcodesRule(t: TFunction, row: number): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const typed = Array.isArray(value) ? value.filter((one): one is string => typeof one === 'string') : [];
      for (const one of typed) {
        const problem = contractProblem(t, barcode, one.trim(), one);
        if (problem) throw new Error(problem);
      }
      const rows = (getFieldValue('skus') as Partial<SkuValues>[] | undefined) ?? [];
      for (const one of typed) {
        const stored = normaliseBarcode(one);
        const other = rows.findIndex(
          (sku, index) =>
            index !== row && (sku?.barcodes ?? []).some((its) => normaliseBarcode(its) === stored),
        );
        if (other >= 0)
          throw new Error(
            t('messages:duplicate.repeated_value_in_form', { value: one.trim(), row: other + 1 }),
          );
      }
    },
  });
}

function SkuCard({ field, onRemove }: { field: FormListFieldData; onRemove?: () => void }) {
  const { t } = useTranslation('inventory');
  const name = (key: keyof SkuValues) => [field.name, key];
  const skuId = Form.useWatch<string | undefined>(['skus', field.name, 'id']);
  const duplicateSku = useDuplicateRule({ tableName: 'skus', fieldName: 'sellerSku', dataId: skuId });
  const duplicateLocal = useDuplicateRule({ tableName: 'skus', fieldName: 'localCode', dataId: skuId });
  const duplicateBarcode = useDuplicateRule({
    tableName: 'sku_barcodes',
    fieldName: 'barcode',
    dataId: skuId,
  });
  // No min, max or precision on the boxes: antd would turn "-5" into 0 on blur; the contract's rule refuses it.
  const number = (key: 'weightG' | 'lengthMm' | 'widthMm' | 'heightMm' | 'safetyStock', label: string) => (
    <Form.Item name={name(key)} label={label} rules={[contractRule(t, skuInput.shape[key], label)]}>
      <InputNumber style={{ width: '100%' }} aria-label={label} />
    </Form.Item>
  );
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={t('product.sku_n', { n: field.name + 1 })}
      extra={
        onRemove && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('product.sku_remove')}
          />
        )
      }
    >
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item
            name={name('sellerSku')}
            label={t('stock.sku')}
            rules={[
              required(t, t('stock.sku')),
              maxLength(t, LIMITS.code),
              repeatedRule(t, field.name, 'sellerSku'),
              duplicateSku,
            ]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name={name('localCode')}
            label={t('stock.local_code')}
            rules={[maxLength(t, LIMITS.code), repeatedRule(t, field.name, 'localCode'), duplicateLocal]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name={name('customCode')}
            label={t('product.custom_code')}
            rules={[maxLength(t, LIMITS.code)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name={name('variation')}
            label={t('stock.variation')}
            rules={[maxLength(t, LIMITS.variation)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            name={name('barcodes')}
            label={t('product.barcodes')}
            tooltip={t('product.barcodes_hint')}
            rules={[barcodesRule(t, field.name), duplicateBarcode]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} maxCount={LIMITS.barcodesPerSku} />
          </Form.Item>
        </Col>
        <Col span={6}>{number('weightG', t('product.weight_g'))}</Col>
        <Col span={6}>{number('lengthMm', t('product.length_mm'))}</Col>
        <Col span={6}>{number('widthMm', t('product.width_mm'))}</Col>
        <Col span={6}>{number('heightMm', t('product.height_mm'))}</Col>
        <Col span={8}>
          <AmountField
            label={t('product.cost')}
            amountName={name('cost')}
            currencyName={name('costCurrency')}
            currencies={CURRENCIES}
            maxMinor={LIMITS.money}
            amountWidth="60%"
          />
        </Col>
        <Col span={8}>{number('safetyStock', t('stock.safety_stock'))}</Col>
      </Row>
    </Card>
  );
}

/** The form's SKU list; SKUs already stored are removed from the list screen, not here. */
export function SkuFields({ isEditing }: { isEditing: boolean }) {
  const { t } = useTranslation('inventory');
  return (
    <Form.List
      name="skus"
      rules={[
        {
          validator: (_rule, skus: unknown[] | undefined) =>
            skus && skus.length > 0
              ? Promise.resolve()
              : Promise.reject(new Error(t('product.sku_required'))),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field) => (
            <SkuCard
              key={field.key}
              field={field}
              onRemove={fields.length > 1 && !isEditing ? () => remove(field.name) : undefined}
            />
          ))}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(NEW_SKU)}>
            {t('product.sku_add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
