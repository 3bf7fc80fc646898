/**
 * The department switch dialog of the user menu: a user of several
 * departments picks the one to work in; confirming without a choice puts the select in its
 * error state.
 */
import { App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUserDeparts, useSelectDepart } from '@api/modules/session.js';
import { sessionStore } from '@api/storage.js';
import { DepartPicker } from '../auth/forms/DepartPicker.js';

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
      <DepartPicker
        namespace="shell"
        departs={departs.data?.list ?? []}
        value={value}
        isMissing={isMissing}
        isLoading={departs.isLoading}
        onChange={(next) => {
          setChosen(next);
          setIsMissing(false);
        }}
      />
    </Modal>
  );
}
