/**
 * Adding a shop (platform, alias, the warehouse its orders ship from, and the seller when an
 * agent adds it) and editing one (alias and warehouse). A shop is added unauthorised; the list
 * then offers to authorise it on its platform.
 */
import { Form, Input, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addShop, editShop, useShopChange } from '@api/modules/shops.js';
import { SHOP_LIMITS, type ShopView } from '@shared/contract/shops.js';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { FormDrawer } from '../common/FormDrawer.js';
import { FormModal } from '../common/FormModal.js';
import { maxLength, required, requiredChoice } from '../common/rules.js';
import { isSellerSide, SellerSelect, WarehouseSelect } from '../inventory/shared.js';
import { AUTHORISATION, useShopLabels } from './shared.js';

/**
 * antd puts a required Form.Item's aria-required on the group's div, which has no role to allow
 * it; the group's own role does (its props type leaves role out, its div passes it on).
 */
const RADIO_GROUP = { role: 'radiogroup' };

interface AddValues {
  platform?: MarketplacePlatform;
  alias?: string;
  warehouseId?: string;
  sellerId?: string;
}

export function AddShopDrawer({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (shop: ShopView) => void;
}) {
  const { t } = useTranslation('shops');
  const labels = useShopLabels();
  const me = useSessionUser();
  const forSeller = !isSellerSide(me?.userRole);
  const [form] = Form.useForm<AddValues>();
  const add = useShopChange(addShop);
  const platform = Form.useWatch('platform', form);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values: AddValues) =>
      add.mutateAsync({
        platform: values.platform ?? 'shopee',
        alias: (values.alias ?? '').trim(),
        warehouseId: values.warehouseId ?? '',
        sellerId: values.sellerId ?? '',
      }),
    (envelope) => {
      onAdded(envelope.result);
      onClose();
    },
  );
  const close = () => {
    clearFailure();
    onClose();
  };

  return (
    <FormDrawer
      open={open}
      width={520}
      title={t('form.add_title')}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={close}
    >
      <FormFailure text={failure} />
      <Form form={form} name="shop" layout="vertical">
        <Form.Item
          name="platform"
          label={t('field.platform')}
          rules={[requiredChoice(t, t('field.platform'))]}
          extra={
            platform
              ? t(`form.next_${AUTHORISATION[platform]}`, { platform: labels.platform(platform) })
              : undefined
          }
        >
          <Radio.Group
            {...RADIO_GROUP}
            aria-label={t('field.platform')}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', rowGap: 8 }}
            options={labels.platformOptions}
          />
        </Form.Item>
        <Form.Item
          name="alias"
          label={t('field.alias')}
          tooltip={t('form.alias_hint')}
          rules={[required(t, t('field.alias')), maxLength(t, SHOP_LIMITS.alias)]}
        >
          <Input placeholder={t('form.alias_placeholder')} />
        </Form.Item>
        {forSeller && (
          <Form.Item name="sellerId" label={t('field.seller')} rules={[requiredChoice(t, t('field.seller'))]}>
            <SellerSelect allowClear={false} placeholder={t('form.pick_seller')} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item
          name="warehouseId"
          label={t('field.warehouse')}
          tooltip={t('form.warehouse_hint')}
          rules={[requiredChoice(t, t('field.warehouse'))]}
        >
          <WarehouseSelect
            allowClear={false}
            placeholder={t('form.pick_warehouse')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('form.after_add')}</Typography.Paragraph>
      </Form>
    </FormDrawer>
  );
}

interface EditValues {
  alias: string;
  warehouseId: string;
}

export function EditShopModal({ shop, onClose }: { shop: ShopView | null; onClose: () => void }) {
  const { t } = useTranslation('shops');
  const [form] = Form.useForm<EditValues>();
  const edit = useShopChange(editShop);
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) =>
      edit.mutateAsync({ id: shop?.id ?? '', alias: values.alias.trim(), warehouseId: values.warehouseId }),
    onClose,
  );
  return (
    <FormModal<EditValues>
      title={t('form.edit_title', { alias: shop?.alias ?? '' })}
      open={shop !== null}
      form={form}
      name="shop_edit"
      initialValues={shop ? { alias: shop.alias, warehouseId: shop.warehouseId } : {}}
      failure={failure}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={() => {
        clearFailure();
        onClose();
      }}
    >
      <Form.Item
        name="alias"
        label={t('field.alias')}
        rules={[required(t, t('field.alias')), maxLength(t, SHOP_LIMITS.alias)]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="warehouseId"
        label={t('field.warehouse')}
        tooltip={t('form.warehouse_hint')}
        rules={[requiredChoice(t, t('field.warehouse'))]}
      >
        <WarehouseSelect
          allowClear={false}
          placeholder={t('form.pick_warehouse')}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </FormModal>
  );
}
