import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from './rules.js';

/** A new password and its confirmation, with the password hint (8+ characters, case-sensitive). */
export function PasswordFields({
  passwordLabel,
  confirmLabel,
}: {
  passwordLabel: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item name="password" rules={newPasswordRules(t)} extra={t('fields.password_hint')}>
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={passwordLabel}
          aria-label={passwordLabel}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={['password']}
        rules={confirmPasswordRules(t, 'password')}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={confirmLabel}
          aria-label={confirmLabel}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
