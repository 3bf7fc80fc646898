/**
 * Someone else sets an account's password (an administrator for a user, a seller for a staff
 * member): the new password twice, at least 8 characters with letters and digits. The
 * account's sessions end.
 */
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@api/client.js';
import type { SetPasswordInput } from '@shared/contract/system-admin.js';
import { useFormSubmit } from './feedback.js';
import { FormModal } from './FormModal.js';
import { ConfirmPasswordField, PasswordField } from './UserFields.js';

interface PasswordValues {
  password: string;
  confirmpassword: string;
}

export function PasswordModal({
  username,
  onClose,
  save,
}: {
  username: string | null;
  onClose: () => void;
  save: (input: SetPasswordInput) => Promise<Envelope<null>>;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<PasswordValues>();
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) => save({ username: username ?? '', ...values }),
    onClose,
  );
  return (
    <FormModal
      title={t('user.reset_password')}
      open={username !== null}
      form={form}
      failure={failure}
      isSaving={isSaving}
      intro={
        <Typography.Paragraph type="secondary">
          {t('user.reset_password_hint', { username })}
        </Typography.Paragraph>
      }
      onSave={() => void submit()}
      onClose={onClose}
    >
      <PasswordField label={t('user.new_password')} />
      <ConfirmPasswordField />
    </FormModal>
  );
}
