/**
 * Login with the same accounts as the admin; only warehouse roles may use the PDA, others get
 * a clear refusal, and so does a worker while another worker's scans wait to be sent. The
 * language can be chosen here, before anyone is logged in.
 */
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@api/client.js';
import type { UserInfo } from '@shared/contract/identity.js';
import { isLanguage, LANGUAGES, type Language } from '@shared/i18n/languages.js';
import { switchPdaLanguage } from '../i18n.js';
import { login, QueuedByOtherError, RoleRefusedError } from '../app/session.js';
import { usePdaServices } from '../app/sync-context.js';

const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'th-TH': 'ไทย',
  'vn-VN': 'Tiếng Việt',
  'zh-TC': '繁體中文',
  'ru-RU': 'Русский',
};

export function LoginScreen({ onLoggedIn }: { onLoggedIn: (user: UserInfo) => void }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const { db } = usePdaServices();

  const submit = async (values: { username?: string; password?: string }) => {
    setError(null);
    setBusy(true);
    try {
      onLoggedIn(await login(db, values.username ?? '', values.password ?? ''));
    } catch (failure) {
      if (failure instanceof RoleRefusedError) setError(t('login.roleRefused'));
      else if (failure instanceof QueuedByOtherError)
        setError(t('login.othersQueued', { name: failure.workerName, count: failure.count }));
      else if (failure instanceof ApiError && failure.status === 0) setError(t('login.offline'));
      else if (failure instanceof ApiError)
        setError(t(`errors:${failure.code}`, { ...failure.params, defaultValue: failure.message }));
      else setError(t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pda-screen pda-login">
      <h1 className="pda-title">{t('login.title')}</h1>
      <Form
        layout="vertical"
        onFinish={(values: { username?: string; password?: string }) => void submit(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={isBusy}>
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, message: t('login.required') }]}
        >
          <Input placeholder={t('login.username')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.required') }]}
        >
          <Input placeholder={t('login.password')} type="password" autoComplete="current-password" />
        </Form.Item>
      </Form>
      {error && (
        <div className="pda-feedback pda-feedback-error" role="alert">
          {error}
        </div>
      )}
      <Selector
        className="pda-languages"
        columns={3}
        options={LANGUAGES.map((language) => ({ label: LANGUAGE_NAMES[language], value: language }))}
        value={[i18n.language]}
        onChange={(values) => {
          const [chosen] = values;
          if (isLanguage(chosen) && chosen !== i18n.language) switchPdaLanguage(chosen);
        }}
      />
    </div>
  );
}
