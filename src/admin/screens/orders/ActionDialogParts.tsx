/**
 * What every order action dialog shares: the order numbers it is about, and the refusal it keeps
 * to show in the server's words.
 */
import { Alert, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText, useFeedback } from '../common/feedback.js';
import type { ActedOrder } from './acted-order.js';

/** The order numbers a dialog is about, a few then how many more. */
export function OrderNumbers({ orders }: { orders: ActedOrder[] }) {
  const { t } = useTranslation('orders');
  const shown = orders.slice(0, 8).map((order) => order.orderNo);
  return (
    <Typography.Paragraph style={{ marginBottom: 12 }}>
      {shown.join(', ')}
      {orders.length > shown.length
        ? ` ${t('action.and_more', { count: orders.length - shown.length })}`
        : ''}
    </Typography.Paragraph>
  );
}

/** Runs a change, keeping the refusal to show inside the dialog. */
export function useRefusal() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const feedback = useFeedback();
  const run = async <T,>(work: () => Promise<T>): Promise<T | null> => {
    setRefusal(null);
    try {
      return await work();
    } catch (error) {
      const text = refusalText(error);
      // The error catalogue answers what is not a refusal (no session, server down).
      if (text === null) feedback.failed(error);
      else setRefusal(text);
      return null;
    }
  };
  return {
    run,
    refusal,
    clear: () => setRefusal(null),
    alert: refusal ? (
      <Alert type="error" showIcon message={refusal} role="alert" style={{ marginBottom: 12 }} />
    ) : null,
  };
}
