import { MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuthLink } from '../forms/auth-links.js';
import { AuthPageHeading } from '../layout/AuthPageHeading.js';
import { AccountLoginForm } from './AccountLoginForm.js';
import { DepartSelectModal } from './DepartSelectModal.js';
import { PhoneLoginForm } from './PhoneLoginForm.js';
import { useLoginCompletion } from './useLoginCompletion.js';

/** /user/login: account or mobile login, then the department choice when there are several. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const authLink = useAuthLink();
  const { complete, pending, finish } = useLoginCompletion();

  return (
    <div className="auth-form">
      <AuthPageHeading title={t('login.title')} subtitle={t('login.subtitle')} />
      <Tabs
        className="auth-tabs"
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
      <DepartSelectModal
        open={pending !== null}
        departs={pending?.departs ?? []}
        username={pending?.userInfo.username ?? ''}
        onSelected={finish}
      />
    </div>
  );
}
