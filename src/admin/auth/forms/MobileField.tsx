import { MobileOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { mobileRules } from './rules.js';

export function MobileField() {
  const { t } = useTranslation('auth');
  return (
    <Form.Item name="mobile" rules={mobileRules(t)}>
      <Input
        size="large"
        prefix={<MobileOutlined />}
        placeholder={t('fields.mobile')}
        aria-label={t('fields.mobile')}
        inputMode="tel"
        autoComplete="tel"
      />
    </Form.Item>
  );
}
