/** /404: the failure page, with a way back to the home page. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('not_found.text')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('not_found.back_home')}
        </Button>
      }
    />
  );
}
