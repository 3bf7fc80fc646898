/**
 * The department switch dialog of the user menu (spec 01 §2 'Header', §5): a user of several
 * departments picks the one to work in; confirming without a choice puts the select in its
 * error state.
 */
import { App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUserDeparts, useSelectDepart } from '../../api/modules/session.js';
import { sessionStore } from '../../api/storage.js';

export function DepartSwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const departs = useCurrentUserDeparts(open);
  const select = useSelectDepart();
  const [chosen, setChosen] = useState<string>();
  const [isMissing, setIsMissing] = useState(false);
  const value = chosen ?? departs.data?.orgCode ?? undefined;

  const handleOk = () => {
    if (!value) {
      setIsMissing(true);
      return;
    }
    const username = sessionStore.userInfo()?.username;
    select.mutate(
      { orgCode: value, username },
      {
        onSuccess: () => {
          void message.success(t('depart.switched'));
          setChosen(undefined);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title={t('depart.title')}
      open={open}
      onOk={handleOk}
      onCancel={() => {
        setChosen(undefined);
        setIsMissing(false);
        onClose();
      }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={select.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('depart.hint')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('depart.label')}
          required
          validateStatus={isMissing ? 'error' : undefined}
          help={isMissing ? t('depart.required') : undefined}
        >
          <Select
            aria-label={t('depart.label')}
            loading={departs.isLoading}
            value={value}
            status={isMissing ? 'error' : undefined}
            placeholder={t('depart.placeholder')}
            options={(departs.data?.list ?? []).map((depart) => ({
              value: depart.orgCode,
              label: depart.departName,
            }))}
            onChange={(next: string) => {
              setChosen(next);
              setIsMissing(false);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
