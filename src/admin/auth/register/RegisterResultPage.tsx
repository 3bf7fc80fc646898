import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { chosenAgentCode, useBranding } from '@api/modules/session.js';
import { useAuthLink } from '../forms/auth-links.js';

/** /user/register-result: the account just registered, with the way to log in. */
export function RegisterResultPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const authLink = useAuthLink();
  const navigate = useNavigate();
  const homeUrl = useBranding(chosenAgentCode(useLocation().search)).data?.homeUrl;
  const account = params.get('account') ?? '';

  return (
    <div className="auth-form auth-result">
      <Result
        status="success"
        title={t('register_result.title')}
        subTitle={account ? t('register_result.account', { account }) : t('register_result.no_account')}
        extra={[
          <Button key="login" type="primary" size="large" onClick={() => navigate(authLink('/user/login'))}>
            {t('register_result.to_login')}
          </Button>,
          homeUrl ? (
            <Button key="home" size="large" href={homeUrl}>
              {t('register_result.home')}
            </Button>
          ) : null,
        ]}
      />
    </div>
  );
}
