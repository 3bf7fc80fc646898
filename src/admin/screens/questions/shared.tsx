/** What the question screens share: a question's status as the viewer's side reads it. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isWaitingFor, QUESTION_FLAG } from '@shared/domain/questions.js';
import type { UserRole } from '@shared/domain/roles.js';

/**
 * 'Waiting for you' when the question waits for the viewer's side, else for whom it waits, or
 * 'Handled' once resolved.
 */
export function QuestionStatusTag({ flag, role }: { flag: number; role: UserRole }) {
  const { t } = useTranslation('questions');
  if (flag === QUESTION_FLAG.resolved) return <Tag>{t('status.resolved')}</Tag>;
  if (isWaitingFor(role, flag)) return <Tag color="orange">{t('status.waiting_you')}</Tag>;
  return (
    <Tag color="blue">
      {flag === QUESTION_FLAG.waitingForSeller ? t('status.waiting_seller') : t('status.waiting_warehouse')}
    </Tag>
  );
}
