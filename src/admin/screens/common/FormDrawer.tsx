import { Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormDrawerProps {
  title: ReactNode;
  open: boolean;
  width: number;
  isSaving: boolean;
  isSaveDisabled?: boolean;
  /** The save button's label; 'Save' unless the form saves something more specific (a draft). */
  saveLabel?: string;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The side drawer every edit form of the admin uses: the form, then Cancel and Save at the bottom. */
export function FormDrawer({
  title,
  open,
  width,
  isSaving,
  isSaveDisabled = false,
  saveLabel,
  onSave,
  onClose,
  children,
}: FormDrawerProps) {
  const { t } = useTranslation('system');
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      width={width}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={isSaving} disabled={isSaveDisabled} onClick={onSave}>
            {saveLabel ?? t('common.save')}
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
