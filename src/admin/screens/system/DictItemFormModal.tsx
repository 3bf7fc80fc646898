/**
 * Adding a dictionary item (its value is set once) or editing it: the default text, a text
 * per interface language, order, description and whether it is offered.
 */
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDictItem, editDictItem, useSystemChange } from '@api/modules/system.js';
import { sortNo, type DictItemView } from '@shared/contract/system-admin.js';
import { useDuplicateRule } from '../common/duplicate-check.js';
import { useFormSubmit } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { cleanTexts, LanguageTexts, type LanguageTextValues } from '../common/LanguageTexts.js';
import { CODE_PATTERN, codeRule, contractRule, maxLength, required } from '../common/rules.js';

interface ItemValues {
  itemValue: string;
  itemText: string;
  texts?: LanguageTextValues;
  description?: string;
  sortOrder?: number;
  isEnabled: boolean;
}

export function DictItemFormModal({
  dictId,
  item,
  open,
  onClose,
}: {
  dictId: string;
  item: DictItemView | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<ItemValues>();
  const add = useSystemChange(addDictItem, ['dictItems']);
  const edit = useSystemChange(editDictItem, ['dictItems']);
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) => {
      const common = {
        itemText: values.itemText.trim(),
        texts: cleanTexts(values.texts),
        sortOrder: values.sortOrder ?? 0,
        status: values.isEnabled ? (1 as const) : (0 as const),
      };
      const description = values.description?.trim() ?? '';
      return item
        ? edit.mutateAsync({ id: item.id, ...common, description: description || null })
        : add.mutateAsync({
            dictId,
            itemValue: values.itemValue.trim(),
            ...common,
            description: description || undefined,
          });
    },
    onClose,
  );
  // A new item's value is unique in its dictionary.
  const duplicateValue = useDuplicateRule(
    { tableName: 'sys_dict_item', fieldName: 'itemValue', scopeId: dictId },
    CODE_PATTERN,
  );
  const initialValues: Partial<ItemValues> = item
    ? {
        itemValue: item.itemValue,
        itemText: item.itemText,
        texts: item.texts,
        description: item.description ?? undefined,
        sortOrder: item.sortOrder,
        isEnabled: item.status === 1,
      }
    : { sortOrder: 0, isEnabled: true };
  return (
    <FormModal
      title={item ? t('dict.item_edit_title', { name: item.itemText }) : t('dict.item_add_title')}
      open={open}
      form={form}
      name="dict-item-form"
      initialValues={initialValues}
      failure={failure}
      isSaving={isSaving}
      width={600}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="itemValue"
            label={t('dict.item_value')}
            rules={
              item ? [] : [required(t, t('dict.item_value')), codeRule(t), maxLength(t, 64), duplicateValue]
            }
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input disabled={item !== null} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="itemText"
            label={t('dict.item_text')}
            rules={[required(t, t('dict.item_text')), maxLength(t, 128)]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="sortOrder"
            label={t('common.sort_no')}
            rules={[contractRule(t, sortNo, t('common.sort_no'))]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="isEnabled" label={t('common.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={t('common.description')} rules={[maxLength(t, 500)]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <LanguageTexts name="texts" label={t('dict.item_texts')} />
    </FormModal>
  );
}
