import { UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useRegister } from '@api/modules/session.js';
import { useAgentCode, useAuthLink } from '../forms/auth-links.js';
import { FormError } from '../forms/FormError.js';
import { MobileField } from '../forms/MobileField.js';
import { PasswordFields } from '../forms/PasswordFields.js';
import { usernameRules } from '../forms/rules.js';
import { SmsCodeField } from '../forms/SmsCodeField.js';
import { AuthPageHeading } from '../layout/AuthPageHeading.js';

interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  mobile: string;
  captcha: string;
}

/** /user/register: a seller account, confirmed by an SMS code; then the result page. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterValues>();
  const [smsError, setSmsError] = useState<unknown>(null);
  const navigate = useNavigate();
  const agentCode = useAgentCode();
  const authLink = useAuthLink();
  const register = useRegister();

  const handleFinish = (values: RegisterValues) => {
    setSmsError(null);
    register.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        mobile: values.mobile.trim(),
        captcha: values.captcha.trim(),
        agentCode,
      },
      { onSuccess: (result) => navigate(authLink('/user/register-result', { account: result.username })) },
    );
  };

  return (
    <div className="auth-form">
      <AuthPageHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <Form<RegisterValues>
        form={form}
        name="register"
        onFinish={handleFinish}
        onValuesChange={() => {
          register.reset();
          setSmsError(null);
        }}
        size="large"
      >
        <Form.Item name="username" rules={usernameRules(t, true)}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('fields.username')}
            aria-label={t('fields.username')}
            autoComplete="username"
          />
        </Form.Item>
        <PasswordFields passwordLabel={t('fields.password')} confirmLabel={t('fields.confirm_password')} />
        <MobileField />
        <SmsCodeField form={form} smsmode="1" onError={setSmsError} />
        <FormError error={register.error ?? smsError} />
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        {t('register.have_account')} <Link to={authLink('/user/login')}>{t('register.to_login')}</Link>
      </p>
    </div>
  );
}
