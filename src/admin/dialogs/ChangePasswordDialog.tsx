/**
 * The change-password dialog: old password, new password (letters and digits,
 * at least 8, case-sensitive) and its confirmation. A refusal shows the server's message as a
 * warning; success shows the server's message and closes.
 */
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdatePassword } from '@api/modules/session.js';
import { ApiError } from '@api/client.js';
import { sessionStore } from '@api/storage.js';
import { isStrongPassword } from '@shared/domain/password.js';

interface PasswordForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const update = useUpdatePassword();

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const user = sessionStore.userInfo();
    if (!user) {
      void message.warning(t('password.no_user'));
      return;
    }
    try {
      const reply = await update.mutateAsync({ username: user.username, ...values });
      void message.success(reply.message || t('password.changed'));
      onClose();
    } catch (error) {
      void message.warning(error instanceof ApiError ? error.message : t('password.failed'));
    }
  };

  return (
    <Modal
      title={t('password.title')}
      open={open}
      onOk={() => void handleOk()}
      onCancel={onClose}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} autoComplete="off">
        <Form.Item
          name="oldpassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.old_required') }]}
        >
          <Input.Password autoComplete="current-password" placeholder={t('password.old_placeholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.new')}
          extra={t('password.hint')}
          rules={[
            { required: true, message: t('password.rule') },
            {
              validator: (_, value: string) =>
                !value || isStrongPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.rule'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('password.new_placeholder')} />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('password.confirm_required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('password.confirm_placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
