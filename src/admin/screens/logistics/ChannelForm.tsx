/**
 * Adding and editing a logistics channel: a marketplace's own logistics (authorised by the
 * seller's shops, no keys) or a carrier of ours with its app key and secret. Keys are typed, sent
 * once and never shown again: on edit the key fields start blank, and blank keeps the stored
 * ones. A channel serves the warehouses and shops chosen, or all when none is.
 */
import { Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addChannel, editChannel, useLogisticsChange } from '@api/modules/logistics.js';
import { useShopOptions } from '@api/modules/shops.js';
import { useWarehouseOptions } from '@api/modules/warehouse.js';
import type { ChannelView } from '@shared/contract/logistics.js';
import {
  LOGISTICS_LIMITS,
  type CarrierCode,
  type ChannelKind,
  type LogisticsPlatform,
} from '@shared/domain/logistics.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { useDuplicateRule } from '../common/duplicate-check.js';
import { useFormSubmit } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { maxLength, required, requiredChoice } from '../common/rules.js';
import { useLogisticsLabels } from './shared.js';

/** antd puts a required Form.Item's aria-required on the group's div; the group's own role allows it. */
const RADIO_GROUP = { role: 'radiogroup' };

export interface ChannelValues {
  kind: ChannelKind;
  name: string;
  companyName?: string;
  companyCode?: string;
  platform?: LogisticsPlatform;
  carrier?: CarrierCode;
  appKey?: string;
  appSecret?: string;
  warehouseIds?: string[];
  shopIds?: string[];
}

/** An empty choice means every warehouse (or shop). */
const scope = (ids: string[] | undefined) => (ids && ids.length > 0 ? ids : null);
const trimmed = (value: string | undefined) => (value ?? '').trim();

export function ChannelFormModal({
  open,
  channel,
  onClose,
}: {
  open: boolean;
  /** The channel edited; null adds one. */
  channel: ChannelView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('logistics');
  const labels = useLogisticsLabels();
  const [form] = Form.useForm<ChannelValues>();
  const kind = Form.useWatch('kind', form) ?? channel?.kind ?? 'marketplace';
  const warehouses = useWarehouseOptions();
  // Shops are the seller side's: a warehouse manager keeps a channel's shops as they are.
  const canChooseShops = hasAuth(PERMISSIONS.shopList);
  const shops = useShopOptions(canChooseShops);
  const add = useLogisticsChange(addChannel);
  const edit = useLogisticsChange(editChannel);
  const isEdit = channel !== null;
  // Channel names are unique in the tenant, exactly as typed; an edited channel keeps its own.
  const duplicateName = useDuplicateRule({
    tableName: 'logistics_channels',
    fieldName: 'name',
    dataId: channel?.id,
  });

  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values: ChannelValues) => {
      const common = {
        name: values.name.trim(),
        companyName: trimmed(values.companyName),
        companyCode: trimmed(values.companyCode),
        warehouseIds: scope(values.warehouseIds),
      };
      const shopIds = scope(values.shopIds);
      if (channel) {
        const appKey = trimmed(values.appKey);
        const appSecret = trimmed(values.appSecret);
        return edit.mutateAsync({
          id: channel.id,
          ...common,
          ...(canChooseShops ? { shopIds } : {}),
          ...(appKey ? { appKey } : {}),
          ...(appSecret ? { appSecret } : {}),
        });
      }
      return values.kind === 'carrier'
        ? add.mutateAsync({
            kind: 'carrier',
            carrier: values.carrier ?? 'sandbox',
            appKey: trimmed(values.appKey),
            appSecret: trimmed(values.appSecret),
            ...common,
            shopIds: canChooseShops ? shopIds : null,
          })
        : add.mutateAsync({
            kind: 'marketplace',
            platform: values.platform ?? 'shopee',
            ...common,
            shopIds: canChooseShops ? shopIds : null,
          });
    },
    onClose,
  );

  const initialValues: Partial<ChannelValues> = channel
    ? {
        kind: channel.kind,
        name: channel.name,
        companyName: channel.companyName,
        companyCode: channel.companyCode,
        ...(channel.platform ? { platform: channel.platform } : {}),
        ...(channel.carrier ? { carrier: channel.carrier } : {}),
        warehouseIds: channel.warehouseIds ?? [],
        shopIds: channel.shopIds ?? [],
      }
    : { kind: 'marketplace', warehouseIds: [], shopIds: [] };

  const keyRules = (field: string) =>
    isEdit ? [maxLength(t, LOGISTICS_LIMITS.key)] : [required(t, field), maxLength(t, LOGISTICS_LIMITS.key)];
  const keyHint = isEdit
    ? channel.keyHint
      ? t('form.key_keep_hint', { hint: channel.keyHint.replace(/^…/, '') })
      : t('form.key_keep')
    : undefined;

  return (
    <FormModal<ChannelValues>
      title={isEdit ? t('form.edit_title', { name: channel.name }) : t('form.add_title')}
      open={open}
      form={form}
      name="channel"
      width={600}
      initialValues={initialValues}
      failure={failure}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={() => {
        clearFailure();
        onClose();
      }}
    >
      <Form.Item name="kind" label={t('field.kind')} extra={t(`form.kind_hint.${kind}`)}>
        <Radio.Group
          {...RADIO_GROUP}
          aria-label={t('field.kind')}
          disabled={isEdit}
          options={labels.kindOptions}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[required(t, t('field.name')), maxLength(t, LOGISTICS_LIMITS.channelName), duplicateName]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input />
      </Form.Item>
      {/* A channel's platform or carrier is fixed once added: shown as text, not a greyed select. */}
      {kind === 'marketplace' ? (
        channel?.platform ? (
          <Form.Item label={t('field.platform')}>
            <Typography.Text>{labels.platform(channel.platform)}</Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item
            name="platform"
            label={t('field.platform')}
            rules={[requiredChoice(t, t('field.platform'))]}
          >
            <Select placeholder={t('form.pick_platform')} options={labels.logisticsPlatformOptions} />
          </Form.Item>
        )
      ) : (
        <>
          {channel?.carrier ? (
            <Form.Item label={t('field.carrier')}>
              <Typography.Text>{labels.carrier(channel.carrier)}</Typography.Text>
            </Form.Item>
          ) : (
            <Form.Item
              name="carrier"
              label={t('field.carrier')}
              rules={[requiredChoice(t, t('field.carrier'))]}
            >
              <Select placeholder={t('form.pick_carrier')} options={labels.carrierOptions} />
            </Form.Item>
          )}
          <Form.Item
            name="appKey"
            label={t('field.app_key')}
            extra={keyHint}
            rules={keyRules(t('field.app_key'))}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={isEdit ? t('form.key_placeholder') : undefined}
            />
          </Form.Item>
          <Form.Item
            name="appSecret"
            label={t('field.app_secret')}
            extra={isEdit ? t('form.key_keep') : undefined}
            rules={keyRules(t('field.app_secret'))}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={isEdit ? t('form.key_placeholder') : undefined}
            />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="companyName"
        label={t('field.company_name')}
        rules={[maxLength(t, LOGISTICS_LIMITS.companyName)]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="companyCode"
        label={t('field.company_code')}
        rules={[maxLength(t, LOGISTICS_LIMITS.companyCode)]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="warehouseIds" label={t('field.warehouses')} extra={t('form.scope_hint')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          placeholder={t('scope.all_warehouses')}
          loading={warehouses.isLoading}
          options={(warehouses.data ?? []).map((warehouse) => ({
            value: warehouse.id,
            label: `${warehouse.code} · ${warehouse.name}`,
          }))}
        />
      </Form.Item>
      {canChooseShops && (
        <Form.Item name="shopIds" label={t('field.shops')} extra={t('form.scope_hint')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            placeholder={t('scope.all_shops')}
            loading={shops.isLoading}
            options={(shops.data?.records ?? []).map((shop) => ({
              value: shop.id,
              label: `${shop.alias} · ${labels.platform(shop.platform)}`,
            }))}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
