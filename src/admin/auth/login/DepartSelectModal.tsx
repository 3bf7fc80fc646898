import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectDepart } from '@api/modules/session.js';
import type { Depart } from '@shared/contract/identity.js';
import { DepartPicker } from '../forms/DepartPicker.js';

interface DepartSelectModalProps {
  open: boolean;
  departs: Depart[];
  username: string;
  onSelected: () => void;
}

/**
 * Asks a user of several departments which one to work in. A department must be chosen:
 * confirming without one puts the select in its error state.
 */
export function DepartSelectModal({ open, departs, username, onSelected }: DepartSelectModalProps) {
  const { t } = useTranslation('auth');
  const [orgCode, setOrgCode] = useState<string>();
  const [isMissing, setIsMissing] = useState(false);
  const select = useSelectDepart();

  const handleOk = () => {
    if (!orgCode) {
      setIsMissing(true);
      return;
    }
    select.mutate({ orgCode, username }, { onSuccess: onSelected });
  };

  return (
    <Modal
      open={open}
      title={t('depart.title')}
      okText={t('depart.ok')}
      onOk={handleOk}
      confirmLoading={select.isPending}
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      <DepartPicker
        namespace="auth"
        departs={departs}
        value={orgCode}
        isMissing={isMissing}
        onChange={(value) => {
          setOrgCode(value);
          setIsMissing(false);
        }}
      />
    </Modal>
  );
}
