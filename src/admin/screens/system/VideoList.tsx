/**
 * Video tutorials of the help panel: the seller and warehouse lists,
 * ordered; add, edit and delete (after a confirmation) for those who manage them.
 */
import { Form, Input, InputNumber, Radio, Segmented, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addVideo,
  deleteVideo,
  editVideo,
  fetchVideoList,
  useSystemChange,
  useSystemQuery,
} from '@api/modules/system.js';
import { videoAddBody, type VideoRecord } from '@shared/contract/videos.js';
import { VIDEO_AUDIENCES, type VideoAudience } from '@shared/domain/videos.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { useFormSubmit } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { QueryTable } from '../common/PagedTable.js';
import { actionsColumn, useDeleteAction } from '../common/RowActions.js';
import { contractRule, maxLength, required } from '../common/rules.js';

interface VideoValues {
  audience: VideoAudience;
  title: string;
  url: string;
  sortNo?: number;
}

function VideoFormModal({
  video,
  defaultAudience,
  open,
  onClose,
}: {
  video: VideoRecord | null;
  defaultAudience: VideoAudience;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<VideoValues>();
  const add = useSystemChange(addVideo, ['videos']);
  const edit = useSystemChange(editVideo, ['videos']);
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) => {
      const body = {
        ...values,
        title: values.title.trim(),
        url: values.url.trim(),
        sortNo: values.sortNo ?? 0,
      };
      return video ? edit.mutateAsync({ id: video.id, ...body }) : add.mutateAsync(body);
    },
    onClose,
  );
  return (
    <FormModal
      title={video ? t('video.edit_title') : t('video.add_title')}
      open={open}
      form={form}
      name="video-form"
      initialValues={video ?? { audience: defaultAudience, sortNo: 0 }}
      failure={failure}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Form.Item name="audience" label={t('video.audience')}>
        <Radio.Group
          options={VIDEO_AUDIENCES.map((value) => ({ value, label: t(`video.audience_${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label={t('video.title')}
        rules={[required(t, t('video.title')), maxLength(t, 128)]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('video.url')}
        rules={[
          required(t, t('video.url')),
          { type: 'url', message: t('validation.url') },
          { pattern: /^https?:\/\//i, message: t('validation.url') },
          maxLength(t, 512),
        ]}
      >
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item
        name="sortNo"
        label={t('common.sort_no')}
        rules={[contractRule(t, videoAddBody.shape.sortNo, t('common.sort_no'))]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

export function VideoList() {
  const { t } = useTranslation('system');
  const deleteAction = useDeleteAction();
  const [audience, setAudience] = useState<VideoAudience>('seller');
  const videos = useSystemQuery('videos', audience, fetchVideoList, { keepPrevious: true });
  const remove = useSystemChange(deleteVideo, ['videos']);
  const [editing, setEditing] = useState<VideoRecord | 'new' | null>(null);
  const canEdit = hasAuth(PERMISSIONS.videoEdit);

  const columns: ColumnsType<VideoRecord> = [
    {
      title: t('video.audience'),
      dataIndex: 'audience',
      width: 130,
      render: (value: VideoAudience) => (
        <Tag color={value === 'seller' ? 'green' : 'blue'}>{t(`video.audience_${value}`)}</Tag>
      ),
    },
    { title: t('video.title'), dataIndex: 'title' },
    {
      title: t('video.url'),
      dataIndex: 'url',
      ellipsis: true,
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </Typography.Link>
      ),
    },
    { title: t('common.sort_no'), dataIndex: 'sortNo', width: 90 },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn<VideoRecord>(t, { width: 140 }, (video) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing(video) },
        deleteAction({
          title: t('video.delete_title'),
          content: t('video.delete_confirm', { title: video.title }),
          remove: () => remove.mutateAsync(video.id),
        }),
      ]),
    );
  }

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented
          value={audience}
          onChange={(value) => setAudience(value === 'warehouse' ? 'warehouse' : 'seller')}
          options={VIDEO_AUDIENCES.map((value) => ({ value, label: t(`video.audience_${value}`) }))}
        />
        {canEdit && (
          <AddButton isInToolbar onClick={() => setEditing('new')}>
            {t('video.add')}
          </AddButton>
        )}
      </Space>
      <QueryTable<VideoRecord>
        columns={columns}
        query={videos}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('video.empty') }}
      />
      <VideoFormModal
        defaultAudience={audience}
        video={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
