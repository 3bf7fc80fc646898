import { SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSendSmsCode } from '@api/modules/session.js';
import type { SmsMode } from '@shared/contract/identity.js';
import { SMS_RESEND_MS } from '@shared/domain/session.js';
import { useAgentCode } from './auth-links.js';
import { captchaRules } from './rules.js';
import { useCountdown } from './useCountdown.js';

interface SmsCodeFieldProps {
  form: FormInstance;
  /** 0 login, 1 register, 2 retrieve password. */
  smsmode: SmsMode;
  onError: (error: unknown) => void;
  mobileField?: string;
}

/** The SMS code input and its send button, which waits 60 s before it may send again. */
export function SmsCodeField({ form, smsmode, onError, mobileField = 'mobile' }: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const agentCode = useAgentCode();
  const countdown = useCountdown(SMS_RESEND_MS / 1000);
  const send = useSendSmsCode();

  const handleSend = async () => {
    onError(null);
    try {
      await form.validateFields([mobileField]);
    } catch {
      return;
    }
    const mobile = String(form.getFieldValue(mobileField)).trim();
    send.mutate(
      { mobile, smsmode, agentCode },
      {
        onSuccess: (reply) => {
          countdown.start();
          void message.success(reply.message || t('sms.sent'));
        },
        onError,
      },
    );
  };

  return (
    <Form.Item required>
      <div className="auth-sms-row">
        <Form.Item name="captcha" rules={captchaRules(t)} noStyle>
          <Input
            size="large"
            prefix={<SafetyCertificateOutlined />}
            placeholder={t('fields.captcha')}
            aria-label={t('fields.captcha')}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <Button
          size="large"
          className="auth-sms-button"
          disabled={countdown.isRunning}
          loading={send.isPending}
          onClick={() => void handleSend()}
        >
          {countdown.isRunning ? t('sms.resend_in', { seconds: countdown.remaining }) : t('sms.get_code')}
        </Button>
      </div>
    </Form.Item>
  );
}
