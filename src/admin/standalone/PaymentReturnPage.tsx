/**
 * /alipay: takes the payment gateway's form from the query parameter htmlData and submits it,
 * when payment-form.ts accepts it; otherwise explains why nothing happens.
 */
import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { parsePaymentForm, submitPaymentForm } from './payment-form.js';

export function PaymentReturnPage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const htmlData = params.get('htmlData');
  const checked = useMemo(() => parsePaymentForm(htmlData, window.location.origin), [htmlData]);

  const hasSubmitted = useRef(false);

  useEffect(() => {
    if (!checked.ok || hasSubmitted.current) return;
    hasSubmitted.current = true;
    submitPaymentForm(checked.form);
  }, [checked]);

  if (checked.ok) {
    return (
      <div
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', paddingTop: 120, gap: 16 }}
      >
        <Spin size="large" />
        <span>{t('payment.redirecting')}</span>
      </div>
    );
  }
  return (
    <Result
      status="error"
      title={t('payment.failed_title')}
      subTitle={t(`payment.problems.${checked.problem}`)}
      extra={
        <Button type="primary" href="/">
          {t('not_found.back_home')}
        </Button>
      }
    />
  );
}
