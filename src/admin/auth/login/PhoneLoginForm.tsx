import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePhoneLogin } from '@api/modules/session.js';
import type { LoginResult } from '@shared/contract/identity.js';
import { useAgentCode, useAuthLink } from '../forms/auth-links.js';
import { FormError } from '../forms/FormError.js';
import { MobileField } from '../forms/MobileField.js';
import { SmsCodeField } from '../forms/SmsCodeField.js';

interface PhoneLoginValues {
  mobile: string;
  captcha: string;
}

/** Login with a mobile number and the SMS code sent to it. */
export function PhoneLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<PhoneLoginValues>();
  const [smsError, setSmsError] = useState<unknown>(null);
  const agentCode = useAgentCode();
  const authLink = useAuthLink();
  const login = usePhoneLogin();

  const handleFinish = (values: PhoneLoginValues) => {
    setSmsError(null);
    login.mutate(
      { mobile: values.mobile.trim(), captcha: values.captcha.trim(), agentCode },
      { onSuccess: onLoggedIn },
    );
  };

  return (
    <Form<PhoneLoginValues>
      form={form}
      name="phone-login"
      onFinish={handleFinish}
      onValuesChange={() => {
        login.reset();
        setSmsError(null);
      }}
      size="large"
    >
      <MobileField />
      <SmsCodeField form={form} smsmode="0" onError={setSmsError} />
      <div className="auth-form-row auth-form-row-end">
        <Link to={authLink('/user/alteration')}>{t('login.forgot')}</Link>
      </div>
      <FormError error={login.error ?? smsError} />
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
