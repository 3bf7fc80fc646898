/**
 * Authorising a shop from the list: most platforms send the browser to their own page, which
 * comes back to /shopifyAuth; Shopify first needs the shop's myshopify domain (a small dialog);
 * Coupang has no redirect, so the vendor's id and keys are typed here and sent once — the key
 * fields are password fields and no reply ever carries them back.
 */
import { App, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveShopKeys, startAuthorisation, useShopChange } from '@api/modules/shops.js';
import type { ShopView } from '@shared/contract/shops.js';
import { useFeedback } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { maxLength, required } from '../common/rules.js';
import { leaveFor } from './leave.js';
import { AUTHORISATION, shopFormFailure, useShopFeedback, useShopLabels } from './shared.js';

const MYSHOPIFY = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/**
 * The myshopify domain in what the seller typed: 'my-shop', 'my-shop.myshopify.com' or the
 * shop's admin address all name the same shop.
 */
export function shopifyDomainOf(typed: string): string {
  let value = typed.trim().toLowerCase();
  value = value.replace(/^https?:\/\//, '').replace(/[/?#].*$/, '');
  if (value !== '' && !value.includes('.')) value = `${value}.myshopify.com`;
  return value;
}

/** `authorise(shop)` starts the shop's platform flow; `dialogs` renders the dialog it may open. */
export function useAuthorise() {
  const { t } = useTranslation('shops');
  const { message } = App.useApp();
  const feedback = useShopFeedback();
  const labels = useShopLabels();
  const [domainFor, setDomainFor] = useState<ShopView | null>(null);
  const [keysFor, setKeysFor] = useState<ShopView | null>(null);
  const [startingId, setStartingId] = useState<string | null>(null);

  const redirect = async (shop: ShopView) => {
    setStartingId(shop.id);
    try {
      const envelope = await startAuthorisation({ id: shop.id });
      void message.loading(t('authorise.leaving', { platform: labels.platform(shop.platform) }));
      leaveFor(envelope.result.url);
    } catch (error) {
      feedback.failed(error);
    } finally {
      setStartingId(null);
    }
  };

  const authorise = (shop: ShopView) => {
    const kind = AUTHORISATION[shop.platform];
    if (kind === 'shopify') setDomainFor(shop);
    else if (kind === 'keys') setKeysFor(shop);
    else void redirect(shop);
  };

  const dialogs = (
    <>
      <ShopifyDomainModal shop={domainFor} onClose={() => setDomainFor(null)} />
      <CoupangKeysModal shop={keysFor} onClose={() => setKeysFor(null)} />
    </>
  );
  return { authorise, startingId, dialogs };
}

function ShopifyDomainModal({ shop, onClose }: { shop: ShopView | null; onClose: () => void }) {
  const { t } = useTranslation('shops');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ shopDomain: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const submit = async () => {
    setFailure(null);
    let shopDomain: string;
    try {
      shopDomain = shopifyDomainOf((await form.validateFields()).shopDomain);
    } catch {
      return;
    }
    if (!shop) return;
    setIsSaving(true);
    try {
      const envelope = await startAuthorisation({ id: shop.id, shopDomain });
      void message.loading(t('authorise.leaving', { platform: 'Shopify' }));
      leaveFor(envelope.result.url);
    } catch (error) {
      setFailure(shopFormFailure(error, form));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <FormModal<{ shopDomain: string }>
      title={t('authorise.shopify_title', { alias: shop?.alias ?? '' })}
      open={shop !== null}
      form={form}
      name="shopify"
      initialValues={{ shopDomain: shop?.platformShopId ?? '' }}
      failure={failure}
      isSaving={isSaving}
      saveLabel={t('authorise.continue')}
      intro={<Typography.Paragraph type="secondary">{t('authorise.shopify_intro')}</Typography.Paragraph>}
      onSave={() => void submit()}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
    >
      <Form.Item
        name="shopDomain"
        label={t('authorise.shopify_domain')}
        extra={t('authorise.shopify_domain_hint')}
        rules={[
          { required: true, whitespace: true, message: t('errors:shop.domain_required') },
          {
            validator: (_rule, value: unknown) =>
              typeof value !== 'string' || value.trim() === '' || MYSHOPIFY.test(shopifyDomainOf(value))
                ? Promise.resolve()
                : Promise.reject(new Error(t('authorise.shopify_domain_invalid'))),
          },
        ]}
      >
        <Input placeholder="my-shop.myshopify.com" autoComplete="off" spellCheck={false} />
      </Form.Item>
    </FormModal>
  );
}

interface KeysValues {
  vendorId: string;
  accessKey: string;
  secretKey: string;
}

function CoupangKeysModal({ shop, onClose }: { shop: ShopView | null; onClose: () => void }) {
  const { t } = useTranslation('shops');
  const [form] = Form.useForm<KeysValues>();
  const save = useShopChange(saveShopKeys);
  const feedback = useFeedback();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    setFailure(null);
    let values: KeysValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      feedback.done(
        await save.mutateAsync({
          id: shop?.id ?? '',
          vendorId: values.vendorId.trim(),
          accessKey: values.accessKey.trim(),
          secretKey: values.secretKey.trim(),
        }),
      );
      onClose();
    } catch (error) {
      setFailure(shopFormFailure(error, form));
    }
  };
  // Keys are typed, never offered by the browser's password manager nor shown once typed.
  const secret = { autoComplete: 'new-password', visibilityToggle: false, spellCheck: false } as const;
  return (
    <FormModal<KeysValues>
      title={t('keys.title', { alias: shop?.alias ?? '' })}
      open={shop !== null}
      form={form}
      name="coupang"
      initialValues={{ vendorId: shop?.platformShopId ?? '' }}
      failure={failure}
      isSaving={save.isPending}
      saveLabel={t('keys.connect')}
      intro={<Typography.Paragraph type="secondary">{t('keys.intro')}</Typography.Paragraph>}
      onSave={() => void submit()}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
    >
      <Form.Item
        name="vendorId"
        label={t('keys.vendor_id')}
        rules={[required(t, t('keys.vendor_id')), maxLength(t, 32)]}
      >
        <Input placeholder="A00012345" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="accessKey"
        label={t('keys.access_key')}
        rules={[required(t, t('keys.access_key')), maxLength(t, 128)]}
      >
        <Input.Password {...secret} />
      </Form.Item>
      <Form.Item
        name="secretKey"
        label={t('keys.secret_key')}
        extra={t('keys.never_shown')}
        rules={[required(t, t('keys.secret_key')), maxLength(t, 128)]}
      >
        <Input.Password {...secret} />
      </Form.Item>
    </FormModal>
  );
}
