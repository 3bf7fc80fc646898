/**
 * Login with the same accounts as the admin; only warehouse roles may use the PDA, others get
 * a clear refusal, and so does a worker while another worker's scans wait to be sent. The
 * language can be chosen here, before anyone is logged in.
 *
 * A plain form rather than antd-mobile's Form: this is the first screen a handheld loads, and
 * that Form brings a validator, a field store and a popover engine (about 60 KB gzipped) for
 * two required fields.
 */
import { Button, Input, Selector } from 'antd-mobile';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@api/client.js';
import { isLanguage, LANGUAGES, type Language } from '@shared/i18n/languages.js';
import { switchPdaLanguage } from '../i18n.js';
import { login, QueuedByOtherError, RoleRefusedError, type SignedIn } from '../shell/session.js';
import { usePdaServices } from '../shell/sync-context.js';

const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'th-TH': 'ไทย',
  'vn-VN': 'Tiếng Việt',
  'zh-TC': '繁體中文',
  'ru-RU': 'Русский',
};

export function LoginScreen({ onLoggedIn }: { onLoggedIn: (signedIn: SignedIn) => void }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const { db } = usePdaServices();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isChecked, setChecked] = useState(false);
  const ids = useId();

  const submit = async () => {
    setError(null);
    setBusy(true);
    try {
      onLoggedIn(await login(db, username, password));
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

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (!username.trim() || !password) return;
    void submit();
  };

  return (
    <div className="pda-screen pda-login">
      <h1 className="pda-title">{t('login.title')}</h1>
      <form className="pda-login-form" noValidate onSubmit={handleSubmit}>
        <LoginField
          id={`${ids}-username`}
          label={t('login.username')}
          missing={isChecked && !username.trim() ? t('login.required') : null}
        >
          <Input
            id={`${ids}-username`}
            placeholder={t('login.username')}
            autoComplete="username"
            clearable
            value={username}
            onChange={setUsername}
          />
        </LoginField>
        <LoginField
          id={`${ids}-password`}
          label={t('login.password')}
          missing={isChecked && !password ? t('login.required') : null}
        >
          <Input
            id={`${ids}-password`}
            placeholder={t('login.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
        </LoginField>
        <Button block type="submit" color="primary" size="large" loading={isBusy}>
          {t('login.submit')}
        </Button>
      </form>
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

/** A labelled field with its "required" message under it, tied to the input for screen readers. */
function LoginField({
  id,
  label,
  missing,
  children,
}: {
  id: string;
  label: string;
  missing: string | null;
  children: ReactNode;
}) {
  return (
    <div className={missing ? 'pda-login-field pda-login-field-missing' : 'pda-login-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {missing && (
        <div className="pda-login-missing" role="alert">
          {missing}
        </div>
      )}
    </div>
  );
}
