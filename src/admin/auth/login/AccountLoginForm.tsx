import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLogin } from '@api/modules/session.js';
import type { LoginResult } from '@shared/contract/identity.js';
import { useAgentCode, useAuthLink } from '../forms/auth-links.js';
import { FormError } from '../forms/FormError.js';
import { loginPasswordRules, usernameRules } from '../forms/rules.js';
import { rememberedUsername, rememberUsername } from './remember.js';

interface AccountLoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/** Account and password login; 'remember me' keeps the account name for the next visit. */
export function AccountLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const { t } = useTranslation('auth');
  const agentCode = useAgentCode();
  const authLink = useAuthLink();
  const login = useLogin();

  const handleFinish = (values: AccountLoginValues) => {
    login.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        remember_me: values.remember,
        agentCode,
      },
      {
        onSuccess: (result) => {
          rememberUsername(values.remember ? result.userInfo.username : null);
          onLoggedIn(result);
        },
      },
    );
  };

  return (
    <Form<AccountLoginValues>
      name="account-login"
      initialValues={{ username: rememberedUsername(), remember: true }}
      onFinish={handleFinish}
      onValuesChange={() => login.reset()}
      size="large"
    >
      <Form.Item name="username" rules={usernameRules(t)}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('fields.username')}
          aria-label={t('fields.username')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={loginPasswordRules(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('fields.password')}
          aria-label={t('fields.password')}
          autoComplete="current-password"
        />
      </Form.Item>
      <div className="auth-form-row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        <Link to={authLink('/user/alteration')}>{t('login.forgot')}</Link>
      </div>
      <FormError error={login.error} />
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
