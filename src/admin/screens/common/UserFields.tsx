/**
 * The account fields the user, staff and password forms share, with their rules: the username
 * (checked free while typing, fixed once the account exists), names, a new password and its
 * confirmation, phone and e-mail.
 */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isUsernameFree } from '@api/modules/system.js';
import {
  confirmRules,
  emailRule,
  freeRule,
  maxLength,
  passwordRules,
  phoneRule,
  required,
  usernameRule,
  USERNAME_PATTERN,
} from './rules.js';

/** The username: required, well formed and free for a new account; read-only for an existing one. */
export function UsernameField({ isExisting }: { isExisting: boolean }) {
  const { t } = useTranslation('system');
  return (
    <Form.Item
      name="username"
      label={t('user.username')}
      validateTrigger={['onChange', 'onBlur']}
      hasFeedback={!isExisting}
      rules={
        isExisting
          ? []
          : [
              required(t, t('user.username')),
              usernameRule(t),
              freeRule((value) => isUsernameFree(value), t('validation.username_taken'), USERNAME_PATTERN),
            ]
      }
    >
      <Input disabled={isExisting} autoComplete="off" />
    </Form.Item>
  );
}

export function RealnameField() {
  const { t } = useTranslation('system');
  return (
    <Form.Item
      name="realname"
      label={t('user.realname')}
      rules={[required(t, t('user.realname')), maxLength(t, 64)]}
    >
      <Input />
    </Form.Item>
  );
}

export function NicknameField() {
  const { t } = useTranslation('system');
  return (
    <Form.Item name="nickname" label={t('user.nickname')} rules={[maxLength(t, 64)]}>
      <Input />
    </Form.Item>
  );
}

/** A new password under the password rules; `label` names it (a password, or a new one). */
export function PasswordField({ label }: { label: string }) {
  const { t } = useTranslation('system');
  return (
    <Form.Item name="password" label={label} rules={passwordRules(t)} hasFeedback>
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}

export function ConfirmPasswordField() {
  const { t } = useTranslation('system');
  return (
    <Form.Item
      name="confirmpassword"
      label={t('user.confirm_password')}
      dependencies={['password']}
      rules={confirmRules(t)}
      hasFeedback
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}

export function PhoneField() {
  const { t } = useTranslation('system');
  return (
    <Form.Item name="phone" label={t('user.phone')} rules={[phoneRule(t)]}>
      <Input />
    </Form.Item>
  );
}

export function EmailField() {
  const { t } = useTranslation('system');
  return (
    <Form.Item name="email" label={t('user.email')} rules={[emailRule(t), maxLength(t, 128)]}>
      <Input />
    </Form.Item>
  );
}
