import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Depart } from '@shared/contract/identity.js';

interface DepartPickerProps {
  /** Whose texts: the login page's question or the user menu's switch. */
  namespace: 'auth' | 'shell';
  departs: readonly Depart[];
  value: string | undefined;
  /** The user confirmed without a choice: the select shows its error state. */
  isMissing: boolean;
  isLoading?: boolean;
  onChange: (orgCode: string) => void;
}

/** Which department a user of several works in: a hint and a required select. */
export function DepartPicker({
  namespace,
  departs,
  value,
  isMissing,
  isLoading = false,
  onChange,
}: DepartPickerProps) {
  const { t } = useTranslation(namespace);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('depart.hint')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('depart.label')}
          required
          validateStatus={isMissing ? 'error' : undefined}
          help={isMissing ? t('depart.required') : undefined}
        >
          <Select
            aria-label={t('depart.label')}
            loading={isLoading}
            value={value}
            status={isMissing ? 'error' : undefined}
            placeholder={t('depart.placeholder')}
            options={departs.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
            onChange={onChange}
          />
        </Form.Item>
      </Form>
    </>
  );
}
