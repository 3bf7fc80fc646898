/**
 * Composing an announcement (a draft until released): title, category, priority, audience (all,
 * users of some roles, or chosen users), abstract and rich-text content with a sanitised preview.
 */
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { FormDrawer } from '../common/FormDrawer.js';
import { useTranslation } from 'react-i18next';
import {
  addAnnouncement,
  editAnnouncement,
  useSystemChange,
  type AnnouncementInput,
} from '@api/modules/system.js';
import type { AnnouncementRecord } from '@shared/contract/announcements.js';
import {
  ANNOUNCEMENT_LIMITS,
  MSG_CATEGORIES,
  MSG_TYPES,
  PRIORITIES,
  type MsgCategory,
  type MsgType,
  type Priority,
} from '@shared/domain/announcements.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { HtmlEditor } from '../common/HtmlEditor.js';
import { useRoleLabels } from '../common/roles.js';
import { maxLength, required, requiredChoice } from '../common/rules.js';
import { UserPicker } from './UserPicker.js';

interface AnnouncementValues {
  titile: string;
  msgCategory: MsgCategory;
  priority: Priority;
  msgType: MsgType;
  roleCodes?: UserRole[];
  userIds?: string[];
  msgAbstract?: string;
  msgContent?: string;
}

function bodyOf(values: AnnouncementValues): AnnouncementInput {
  return {
    titile: values.titile.trim(),
    msgCategory: values.msgCategory,
    priority: values.priority,
    msgType: values.msgType,
    roleCodes: values.msgType === 'ROLE' ? (values.roleCodes ?? []) : [],
    userIds: values.msgType === 'USER' ? (values.userIds ?? []) : [],
    msgAbstract: values.msgAbstract?.trim() || undefined,
    msgContent: values.msgContent ?? '',
  };
}

export function AnnouncementFormDrawer({
  open,
  announcement,
  onClose,
}: {
  open: boolean;
  announcement: AnnouncementRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const roles = useRoleLabels();
  const [form] = Form.useForm<AnnouncementValues>();
  const msgType = Form.useWatch('msgType', form);
  const add = useSystemChange(addAnnouncement, ['announcements']);
  const edit = useSystemChange(editAnnouncement, ['announcements']);
  const canPickUsers = hasAuth(PERMISSIONS.userList);
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) =>
      announcement
        ? edit.mutateAsync({ id: announcement.id, ...bodyOf(values) })
        : add.mutateAsync(bodyOf(values)),
    onClose,
  );
  const initialValues: Partial<AnnouncementValues> = announcement
    ? { ...announcement }
    : { msgCategory: '1', priority: 'M', msgType: 'ALL', roleCodes: [], userIds: [], msgContent: '' };

  return (
    <FormDrawer
      title={announcement ? t('announcement.edit_title') : t('announcement.add_title')}
      open={open}
      width={760}
      isSaving={isSaving}
      saveLabel={t('announcement.save_draft')}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <FormFailure text={failure} />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        name="announcement-form"
      >
        <Form.Item
          name="titile"
          label={t('announcement.title')}
          rules={[required(t, t('announcement.title')), maxLength(t, ANNOUNCEMENT_LIMITS.titile)]}
        >
          <Input showCount maxLength={ANNOUNCEMENT_LIMITS.titile} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="msgCategory" label={t('announcement.category')}>
              <Radio.Group
                optionType="button"
                options={MSG_CATEGORIES.map((value) => ({
                  value,
                  label: t(`announcement.category_${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="priority" label={t('announcement.priority')}>
              <Radio.Group
                optionType="button"
                options={PRIORITIES.map((value) => ({ value, label: t(`announcement.priority_${value}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="msgType" label={t('announcement.audience')}>
          <Radio.Group
            options={MSG_TYPES.map((value) => ({
              value,
              label: t(`announcement.audience_${value}`),
              disabled: value === 'USER' && !canPickUsers,
            }))}
          />
        </Form.Item>
        {msgType === 'ROLE' && (
          <Form.Item
            name="roleCodes"
            label={t('announcement.roles')}
            rules={[{ ...requiredChoice(t, t('announcement.roles')), type: 'array', min: 1 }]}
          >
            <Select mode="multiple" options={roles.options} placeholder={t('common.choose')} />
          </Form.Item>
        )}
        {msgType === 'USER' && (
          <Form.Item
            name="userIds"
            label={t('announcement.users')}
            rules={[
              { ...requiredChoice(t, t('announcement.users')), type: 'array', min: 1 },
              {
                type: 'array',
                max: ANNOUNCEMENT_LIMITS.recipients,
                message: t('validation.max_items', { max: ANNOUNCEMENT_LIMITS.recipients }),
              },
            ]}
          >
            <UserPicker />
          </Form.Item>
        )}
        <Form.Item
          name="msgAbstract"
          label={t('announcement.abstract')}
          extra={t('announcement.abstract_hint')}
          rules={[maxLength(t, ANNOUNCEMENT_LIMITS.msgAbstract)]}
        >
          <Input.TextArea rows={2} showCount maxLength={ANNOUNCEMENT_LIMITS.msgAbstract} />
        </Form.Item>
        <Form.Item
          name="msgContent"
          label={t('announcement.content')}
          rules={[maxLength(t, ANNOUNCEMENT_LIMITS.msgContent)]}
        >
          <HtmlEditor />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
