import { MobileOutlined, UserOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthLink } from '../forms/auth-links.js';
import { AuthPageHeading } from '../layout/AuthPageHeading.js';
import { AccountLoginForm } from './AccountLoginForm.js';
import { LoginTabs } from './LoginTabs.js';
import { PhoneLoginForm } from './PhoneLoginForm.js';
import { useLoginCompletion } from './useLoginCompletion.js';

/**
 * Loaded only for a user of several departments, after sign-in: its select and dialog stay
 * out of the login page's first load.
 */
const DepartSelectModal = lazy(() =>
  import('./DepartSelectModal.js').then((module) => ({ default: module.DepartSelectModal })),
);

/** /user/login: account or mobile login, then the department choice when there are several. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const authLink = useAuthLink();
  const { complete, pending, finish } = useLoginCompletion();
  const [tab, setTab] = useState('account');

  return (
    <div className="auth-form">
      <AuthPageHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <LoginTabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'account',
            label: t('login.tab_account'),
            icon: <UserOutlined />,
            children: <AccountLoginForm onLoggedIn={complete} />,
          },
          {
            key: 'phone',
            label: t('login.tab_phone'),
            icon: <MobileOutlined />,
            children: <PhoneLoginForm onLoggedIn={complete} />,
          },
        ]}
      />
      <p className="auth-switch">
        {t('login.no_account')} <Link to={authLink('/user/register')}>{t('login.register')}</Link>
      </p>
      {pending !== null && (
        <Suspense fallback={null}>
          <DepartSelectModal
            open
            departs={pending.departs}
            username={pending.userInfo.username}
            onSelected={finish}
          />
        </Suspense>
      )}
    </div>
  );
}
