/**
 * Someone else sets an account's password (an administrator for a user, a seller for a staff
 * member): the new password twice, with the rule of spec 01 §5. The account's sessions end.
 */
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../api/client.js';
import type { SetPasswordInput } from '../../../shared/contract/system-admin.js';
import { FormFailure, useFormSubmit } from './feedback.js';
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
    <Modal
      title={t('user.reset_password')}
      open={username !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('user.reset_password_hint', { username })}
      </Typography.Paragraph>
      <FormFailure text={failure} />
      <Form form={form} layout="vertical" preserve={false}>
        <PasswordField label={t('user.new_password')} />
        <ConfirmPasswordField />
      </Form>
    </Modal>
  );
}
