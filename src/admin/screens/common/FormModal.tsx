import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from './feedback.js';

interface FormModalProps<V> {
  title: ReactNode;
  open: boolean;
  form: FormInstance<V>;
  /** The form's name: its fields get the ids `<name>_<field>`. */
  name?: string;
  initialValues?: Partial<V>;
  /** The server's refusal, shown above the form until the next attempt. */
  failure: string | null;
  isSaving: boolean;
  width?: number;
  /** The save button's label; 'Save' unless the form does something more specific. */
  saveLabel?: string;
  /** Shown above the refusal and the fields (a hint about what the form does). */
  intro?: ReactNode;
  /** Called as fields change (a field that follows another, say). */
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The modal every short edit form of the admin uses (FormDrawer is its side-drawer sibling):
 * a vertical form that is dropped on close, its refusal above the fields, Cancel and Save below.
 */
export function FormModal<V>({
  title,
  open,
  form,
  name,
  initialValues,
  failure,
  isSaving,
  width,
  saveLabel,
  intro,
  onValuesChange,
  onSave,
  onClose,
  children,
}: FormModalProps<V>) {
  const { t } = useTranslation('system');
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={onSave}
      okText={saveLabel ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      width={width}
      destroyOnHidden
    >
      {intro}
      <FormFailure text={failure} />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        name={name}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
      >
        {children}
      </Form>
    </Modal>
  );
}
