/**
 * The video tutorial side panel: the seller list for the seller side,
 * the warehouse list (and the seller list on request) for everyone else, and a link to more
 * help documents.
 */
import { PlayCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { Drawer, Empty, List, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInBranding } from '@api/modules/session.js';
import { useVideos } from '@api/modules/shell.js';
import type { UserRole } from '@shared/domain/roles.js';
import { defaultVideoAudience, videoAudiencesFor, type VideoAudience } from '@shared/domain/videos.js';
import { DEFAULT_HELP_LINK } from '../auth/layout/AuthFooter.js';

export function VideoTutorialPanel({
  open,
  onClose,
  role,
}: {
  open: boolean;
  onClose: () => void;
  role: UserRole;
}) {
  const { t } = useTranslation('shell');
  const audiences = videoAudiencesFor(role);
  const [audience, setAudience] = useState<VideoAudience>(defaultVideoAudience(role));
  const videos = useVideos(audience, open);
  const helpLink = useSignedInBranding().data?.helpLink || DEFAULT_HELP_LINK;

  return (
    <Drawer
      title={t('videos.title')}
      open={open}
      onClose={onClose}
      width={380}
      footer={
        <a href={helpLink} target="_blank" rel="noopener noreferrer">
          <ReadOutlined /> {t('videos.more_docs')}
        </a>
      }
    >
      {audiences.length > 1 && (
        <Segmented<VideoAudience>
          block
          style={{ marginBottom: 16 }}
          value={audience}
          onChange={setAudience}
          options={audiences.map((value) => ({ value, label: t(`videos.audiences.${value}`) }))}
        />
      )}
      {videos.isLoading ? (
        <Spin />
      ) : (
        <List
          dataSource={videos.data ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('videos.empty')} />,
          }}
          renderItem={(video) => (
            <List.Item>
              <a href={video.url} target="_blank" rel="noopener noreferrer">
                <PlayCircleOutlined /> {video.title}
              </a>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
