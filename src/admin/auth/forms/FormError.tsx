import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text.js';

/** The refusal of the form's last call, above its submit button. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return <Alert className="auth-form-error" type="error" showIcon message={errorText(error, t)} />;
}
