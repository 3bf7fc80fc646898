/**
 * The default printers modal: a printer for each marketplace kind, and the print type (the
 * paper labels print on; 6, the 100 × 150 mm label, by default). A browser cannot list the
 * computer's printers; the print helper can, so its printers are offered when it runs. Names typed
 * here before stay offered, and a new name can be added.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Divider, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelperPrinter } from '@shared/contract/print-helper.js';
import { PRINT_HELPER, PRINT_TYPES, type PrintType } from '@shared/domain/print-helper.js';
import { useHelperPrinters } from '../print/use-helper-printers.js';
import {
  PRINTER_KINDS,
  readKnownPrinters,
  readPrinterPreferences,
  readPrintType,
  savePrinterPreferences,
  savePrintType,
  type PrinterPreferences,
} from './printer-store.js';

type PrinterSettings = PrinterPreferences & { printType: PrintType };

function PrinterSelect({
  value,
  onChange,
  names,
  helperPrinters,
  onAddName,
  label,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  names: string[];
  helperPrinters: HelperPrinter[];
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
      options={[
        ...helperPrinters.map((printer) => ({
          value: printer.name,
          label:
            printer.kind === 'folder' ? `${printer.name} (${t('printers_helper.folder')})` : printer.name,
        })),
        ...names
          .filter((name) => !helperPrinters.some((printer) => printer.name === name))
          .map((name) => ({ value: name, label: name })),
      ]}
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
  const [form] = Form.useForm<PrinterSettings>();
  const [names, setNames] = useState(readKnownPrinters);
  const helper = useHelperPrinters(open);
  const helperPrinters = helper?.state === 'ready' ? helper.status.printers : [];

  const handleOk = () => {
    const values = form.getFieldsValue();
    const preferences = readPrinterPreferences();
    for (const kind of PRINTER_KINDS) preferences[kind] = values[kind] ?? null;
    savePrinterPreferences(preferences);
    savePrintType(values.printType);
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
      {helper && (
        <Alert
          style={{ marginBottom: 16 }}
          type={helper.state === 'ready' ? 'success' : 'info'}
          showIcon
          message={
            helper.state === 'ready'
              ? t('printers_helper.ready', { version: helper.status.version })
              : helper.state === 'outdated'
                ? t('print_agent.upgrade', { version: PRINT_HELPER.minimumVersion })
                : t('printers_helper.missing')
          }
        />
      )}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 8 }}
        wrapperCol={{ span: 16 }}
        preserve={false}
        initialValues={{ ...readPrinterPreferences(), printType: readPrintType() }}
      >
        {PRINTER_KINDS.map((kind) => (
          <Form.Item key={kind} name={kind} label={t(`printers.kinds.${kind}`)}>
            <PrinterSelect
              names={names}
              helperPrinters={helperPrinters}
              label={t(`printers.kinds.${kind}`)}
              onAddName={(name) => setNames((known) => (known.includes(name) ? known : [...known, name]))}
            />
          </Form.Item>
        ))}
        <Form.Item name="printType" label={t('printers.print_type')} extra={t('printers.print_type_hint')}>
          <Select<PrintType>
            aria-label={t('printers.print_type')}
            options={PRINT_TYPES.map((type) => ({ value: type, label: t(`printers.print_types.${type}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
