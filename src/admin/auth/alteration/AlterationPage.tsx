import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useForgePassword } from '@api/modules/session.js';
import { useAgentCode, useAuthLink } from '../forms/auth-links.js';
import { FormError } from '../forms/FormError.js';
import { MobileField } from '../forms/MobileField.js';
import { PasswordFields } from '../forms/PasswordFields.js';
import { SmsCodeField } from '../forms/SmsCodeField.js';
import { AuthPageHeading } from '../layout/AuthPageHeading.js';

interface AlterationValues {
  mobile: string;
  captcha: string;
  password: string;
  confirmPassword: string;
}

/** /user/alteration: a new password for the account of a mobile number, confirmed by SMS. */
export function AlterationPage() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<AlterationValues>();
  const [smsError, setSmsError] = useState<unknown>(null);
  const navigate = useNavigate();
  const agentCode = useAgentCode();
  const authLink = useAuthLink();
  const forgePassword = useForgePassword();

  const handleFinish = (values: AlterationValues) => {
    setSmsError(null);
    forgePassword.mutate(
      {
        mobile: values.mobile.trim(),
        captcha: values.captcha.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        agentCode,
      },
      {
        onSuccess: (reply) => {
          void message.success(reply.message || t('alteration.done'));
          navigate(authLink('/user/login'), { replace: true });
        },
      },
    );
  };

  return (
    <div className="auth-form">
      <AuthPageHeading title={t('alteration.title')} subtitle={t('alteration.subtitle')} />
      <Form<AlterationValues>
        form={form}
        name="alteration"
        onFinish={handleFinish}
        onValuesChange={() => {
          forgePassword.reset();
          setSmsError(null);
        }}
        size="large"
      >
        <MobileField />
        <SmsCodeField form={form} smsmode="2" onError={setSmsError} />
        <PasswordFields
          passwordLabel={t('fields.new_password')}
          confirmLabel={t('fields.confirm_new_password')}
        />
        <FormError error={forgePassword.error ?? smsError} />
        <Button type="primary" htmlType="submit" block loading={forgePassword.isPending}>
          {t('alteration.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        <Link to={authLink('/user/login')}>{t('alteration.back')}</Link>
      </p>
    </div>
  );
}
