/**
 * Adding a product with its SKUs, or editing one (the product's fields, its SKUs one by one and
 * new SKUs). Validated before sending; a refusal ('Local SKUs must be unique', a barcode of
 * another SKU…) stays above the form in the server's words.
 */
import { Button, Col, Drawer, Form, Input, Row, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@api/client.js';
import { addProduct, addSku, editProduct, editSku } from '@api/modules/catalog.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import type { ProductView, SkuInput, SkuView } from '@shared/contract/catalog.js';
import {
  CATALOG_LIMITS as LIMITS,
  CURRENCIES,
  HS_CODE_PATTERN,
  type Currency,
} from '@shared/domain/catalog.js';
import { AmountField } from '../common/AmountField.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { maxLength, required } from '../common/rules.js';
import { PhotoUpload } from './PhotoUpload.js';
import { NEW_SKU, SkuFields, type SkuValues } from './SkuFields.js';

interface ProductValues {
  name: string;
  photos: string[];
  hsCode?: string;
  declaredName?: string;
  declaredValue?: number;
  declaredCurrency: Currency;
  skus: SkuValues[];
}

const toMinor = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);
const toMajor = (value: number | null) => (value === null ? null : value / 100);
const blank = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function skuInput(sku: SkuValues): SkuInput {
  return {
    sellerSku: sku.sellerSku.trim(),
    customCode: blank(sku.customCode),
    localCode: blank(sku.localCode),
    variation: sku.variation?.trim() ?? '',
    barcodes: (sku.barcodes ?? []).map((code) => code.trim()).filter(Boolean),
    weightG: sku.weightG ?? null,
    lengthMm: sku.lengthMm ?? null,
    widthMm: sku.widthMm ?? null,
    heightMm: sku.heightMm ?? null,
    cost: toMinor(sku.cost),
    costCurrency: sku.costCurrency,
    safetyStock: sku.safetyStock ?? 0,
  };
}

function skuValues(sku: SkuView): SkuValues {
  return {
    ...sku,
    customCode: sku.customCode ?? undefined,
    localCode: sku.localCode ?? undefined,
    cost: toMajor(sku.cost),
  };
}

export function ProductFormDrawer({
  editing,
  onClose,
}: {
  editing: ProductView | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<ProductValues>();
  const add = useInventoryChange(addProduct);
  const edit = useInventoryChange(editProduct);
  const addOne = useInventoryChange(addSku);
  const editOne = useInventoryChange(editSku);
  const product = editing !== null && editing !== 'new' ? editing : null;

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    form.setFieldsValue(
      product
        ? {
            ...product,
            declaredValue: toMajor(product.declaredValue) ?? 0,
            skus: product.skus.map(skuValues),
          }
        : { photos: [], declaredCurrency: 'CNY', declaredValue: 0, skus: [{ ...NEW_SKU } as SkuValues] },
    );
  }, [editing, form, product]);

  const save = async (values: ProductValues): Promise<Envelope<unknown>> => {
    const fields = {
      name: values.name.trim(),
      photos: values.photos,
      hsCode: values.hsCode?.trim() ?? '',
      declaredName: values.declaredName?.trim() ?? '',
      declaredValue: toMinor(values.declaredValue) ?? 0,
      declaredCurrency: values.declaredCurrency,
    };
    if (!product) return add.mutateAsync({ ...fields, skus: values.skus.map(skuInput) });
    const saved = await edit.mutateAsync({ id: product.id, ...fields });
    for (const sku of values.skus) {
      if (sku.id) await editOne.mutateAsync({ id: sku.id, ...skuInput(sku) });
      else await addOne.mutateAsync({ productId: product.id, ...skuInput(sku) });
    }
    return saved;
  };
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(form, save, onClose);

  return (
    <Drawer
      open={editing !== null}
      width={860}
      title={t(product ? 'product.edit' : 'product.add')}
      onClose={() => {
        clearFailure();
        onClose();
      }}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={isSaving} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <FormFailure text={failure} />
      <Form form={form} name="product" layout="vertical">
        <Form.Item
          name="name"
          label={t('product.name')}
          rules={[required(t, t('product.name')), maxLength(t, LIMITS.productName)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="photos"
          label={t('product.photos')}
          extra={t('product.photos_hint', { max: LIMITS.photos, size: 5 })}
          rules={[{ required: true, type: 'array', min: 1, message: t('product.photo_required') }]}
        >
          <PhotoUpload />
        </Form.Item>
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item
              name="hsCode"
              label={t('product.hs_code')}
              rules={[
                {
                  pattern: HS_CODE_PATTERN,
                  transform: (value?: string) => value?.trim(),
                  message: t('validation.hs_code'),
                },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="declaredName"
              label={t('product.declared_name')}
              rules={[maxLength(t, LIMITS.declaredName)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={10}>
            <AmountField
              label={t('product.declared_value')}
              amountName="declaredValue"
              currencyName="declaredCurrency"
              currencies={CURRENCIES}
              maxMinor={LIMITS.money}
            />
          </Col>
        </Row>
        <SkuFields isEditing={product !== null} />
      </Form>
    </Drawer>
  );
}
