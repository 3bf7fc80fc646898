/**
 * The notification popover of pending order questions: a badge with the
 * total, 10 a page with 'load more', each entry with order number, creation time and note,
 * linking to the role's order list (one the user's menu routes) and feedback page.
 */
import { MessageOutlined } from '@ant-design/icons';
import { Button, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePendingQuestions } from '@api/modules/shell.js';
import { pendingFlagFor } from '@shared/domain/questions.js';
import type { UserRole } from '@shared/domain/roles.js';
import { orderLandingLink } from './order-list-landing.js';
import { feedbackLink } from './question-links.js';
import { BadgePopover } from './BadgePopover.js';
import { useRoutedPaths } from './use-routed-paths.js';

export function QuestionNotice({ role }: { role: UserRole }) {
  const { t } = useTranslation('shell');
  const [isOpen, setIsOpen] = useState(false);
  const questions = usePendingQuestions(pendingFlagFor(role));
  const routed = useRoutedPaths();
  const records = questions.data?.pages.flatMap((page) => page.records) ?? [];
  const total = questions.data?.pages[0]?.total ?? 0;
  const close = () => setIsOpen(false);

  const content = (
    <div style={{ width: 340, maxHeight: 420, overflow: 'auto' }}>
      <List
        size="small"
        loading={questions.isLoading}
        dataSource={records}
        locale={{ emptyText: t('questions.empty') }}
        renderItem={(question) => (
          <List.Item key={question.id}>
            <Space direction="vertical" size={2} style={{ width: '100%' }}>
              <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                <Link to={orderLandingLink(role, question.ordersn, routed)} onClick={close}>
                  {question.ordersn}
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {dayjs(question.createTime).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </Space>
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                {question.note}
              </Typography.Paragraph>
              <Link to={feedbackLink(role, question.ordersn)} onClick={close}>
                {t('questions.feedback')}
              </Link>
            </Space>
          </List.Item>
        )}
        loadMore={
          questions.hasNextPage ? (
            <div style={{ textAlign: 'center', marginTop: 8 }}>
              <Button
                type="link"
                loading={questions.isFetchingNextPage}
                onClick={() => void questions.fetchNextPage()}
              >
                {t('questions.load_more')}
              </Button>
            </div>
          ) : null
        }
      />
    </div>
  );

  return (
    <BadgePopover
      title={t('questions.title')}
      count={total}
      icon={<MessageOutlined style={{ fontSize: 16 }} />}
      content={content}
      open={isOpen}
      onOpenChange={setIsOpen}
    />
  );
}
