/**
 * The default printers modal: a printer for each marketplace kind. A browser cannot list the
 * computer's printers, so the choice is among names typed here before, and a new name can be added.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Divider, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRINTER_KINDS,
  readKnownPrinters,
  readPrinterPreferences,
  savePrinterPreferences,
  type PrinterPreferences,
} from './printer-store.js';

function PrinterSelect({
  value,
  onChange,
  names,
  onAddName,
  label,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  names: string[];
  onAddName: (name: string) => void;
  label: string;
}) {
  const { t } = useTranslation('shell');
  const [draft, setDraft] = useState('');
  const add = () => {
    const name = draft.trim();
    if (!name) return;
    onAddName(name);
    onChange?.(name);
    setDraft('');
  };
  return (
    <Select
      aria-label={label}
      allowClear
      showSearch
      value={value ?? undefined}
      placeholder={t('printers.placeholder')}
      onChange={(next?: string) => onChange?.(next ?? null)}
      options={names.map((name) => ({ value: name, label: name }))}
      popupRender={(menu) => (
        <>
          {menu}
          <Divider style={{ margin: '8px 0' }} />
          <Space style={{ padding: '0 8px 4px' }}>
            <Input
              size="small"
              value={draft}
              maxLength={128}
              placeholder={t('printers.new_name')}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => event.stopPropagation()}
            />
            <Button size="small" type="text" icon={<PlusOutlined />} onClick={add}>
              {t('printers.add')}
            </Button>
          </Space>
        </>
      )}
    />
  );
}

export function PrinterSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<PrinterPreferences>();
  const [names, setNames] = useState(readKnownPrinters);

  const handleOk = () => {
    const values = form.getFieldsValue();
    const preferences = readPrinterPreferences();
    for (const kind of PRINTER_KINDS) preferences[kind] = values[kind] ?? null;
    savePrinterPreferences(preferences);
    void message.success(t('printers.saved'));
    onClose();
  };

  return (
    <Modal
      title={t('printers.title')}
      open={open}
      onOk={handleOk}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      afterOpenChange={(isOpen) => {
        if (isOpen) setNames(readKnownPrinters());
      }}
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 8 }}
        wrapperCol={{ span: 16 }}
        preserve={false}
        initialValues={readPrinterPreferences()}
      >
        {PRINTER_KINDS.map((kind) => (
          <Form.Item key={kind} name={kind} label={t(`printers.kinds.${kind}`)}>
            <PrinterSelect
              names={names}
              label={t(`printers.kinds.${kind}`)}
              onAddName={(name) => setNames((known) => (known.includes(name) ? known : [...known, name]))}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
