/**
 * One order's questions and feedback (spec 01 §2): every note on the order, oldest first, with
 * who wrote it, when, and whom it waits for; a reply box that asks the other side (or leaves a
 * note that needs no answer); and 'Mark handled' on what waits for the viewer's side. Writing
 * answers what waited for the writer's side on this order (the server resolves it). Used by
 * the feedback pages and embedded in the order detail drawer.
 */
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  List,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addQuestion, setQuestionFlag, useConversation, useQuestionChange } from '@api/modules/questions.js';
import type { QuestionOrder, QuestionRow } from '@shared/contract/questions.js';
import {
  askingFlagFor,
  isWaitingFor,
  QUESTION_FLAG,
  QUESTION_NOTE_MAX,
  sideOf,
} from '@shared/domain/questions.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { refusalText, useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { QuestionStatusTag } from './shared.js';

export interface OrderQuestionsProps {
  /** The order, when the caller knows it (the order detail); else it is found by its number. */
  orderId?: string;
  ordersn: string;
}

export function OrderQuestions({ orderId, ordersn }: OrderQuestionsProps) {
  const { t } = useTranslation('questions');
  const me = useSessionUser();
  // When several orders the viewer sees share the number, the one they chose (for this number).
  const [chosen, setChosen] = useState<{ ordersn: string; orderId: string } | null>(null);
  const pickedId = orderId ?? (chosen?.ordersn === ordersn ? chosen.orderId : undefined);
  const conversation = useConversation(ordersn.trim(), pickedId);
  const role: UserRole = me?.userRole ?? 'seller';

  if (conversation.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (conversation.isError) {
    const refusal = refusalText(conversation.error);
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={refusal ?? t('conversation.failed')}
        style={{ margin: '24px 0' }}
      />
    );
  }
  const { order, candidates, notes } = conversation.data;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {candidates.length > 0 && (
        <Alert
          type="info"
          showIcon
          message={t('conversation.several', { ordersn })}
          description={
            <Select<string>
              style={{ width: '100%', marginTop: 8 }}
              placeholder={t('conversation.choose_order')}
              aria-label={t('conversation.choose_order')}
              onChange={(id) => setChosen({ ordersn, orderId: id })}
              options={candidates.map((candidate) => ({
                value: candidate.id,
                label: `${candidate.orderNo} · ${candidate.systemNo} · ${candidate.sellerName} · ${candidate.warehouseCode}`,
              }))}
            />
          }
        />
      )}
      {order && <OrderHeading order={order} showSeller={sideOf(role) !== 'seller'} />}
      {candidates.length === 0 && (
        <NoteList notes={notes} role={role} canWrite={hasAuth(PERMISSIONS.orderQuestion)} />
      )}
      {order && hasAuth(PERMISSIONS.orderQuestion) && <ReplyBox order={order} role={role} />}
      {!order && candidates.length === 0 && (
        <Alert type="warning" showIcon message={t('conversation.no_order')} />
      )}
    </Space>
  );
}

function OrderHeading({ order, showSeller }: { order: QuestionOrder; showSeller: boolean }) {
  const { t } = useTranslation(['questions', 'system']);
  return (
    <Space wrap size={[12, 4]}>
      <Typography.Text strong>{t('conversation.title', { orderNo: order.orderNo })}</Typography.Text>
      <Typography.Text type="secondary">
        {t('conversation.system_no')}: {order.systemNo}
      </Typography.Text>
      {showSeller && (
        <Typography.Text type="secondary">
          {t('conversation.seller')}: {order.sellerName}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">
        {t('conversation.warehouse')}: {order.warehouseCode}
      </Typography.Text>
      <Tag>{t(`system:download.order_status.${order.localStatus}`)}</Tag>
    </Space>
  );
}

function NoteList({ notes, role, canWrite }: { notes: QuestionRow[]; role: UserRole; canWrite: boolean }) {
  const { t } = useTranslation('questions');
  const feedback = useFeedback();
  const markHandled = useQuestionChange(setQuestionFlag);
  return (
    <List<QuestionRow>
      size="small"
      bordered
      dataSource={notes}
      locale={{ emptyText: t('conversation.empty') }}
      renderItem={(note) => (
        <List.Item
          key={note.id}
          data-testid="question-note"
          actions={
            canWrite && isWaitingFor(role, note.questionFlag)
              ? [
                  <Button
                    key="handled"
                    size="small"
                    type="link"
                    loading={markHandled.isPending && markHandled.variables?.id === note.id}
                    onClick={() =>
                      markHandled
                        .mutateAsync({ id: note.id, questionFlag: QUESTION_FLAG.resolved })
                        .then(feedback.done, feedback.failed)
                    }
                  >
                    {t('conversation.mark_handled')}
                  </Button>,
                ]
              : []
          }
        >
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <Space wrap size={[8, 0]}>
              <Typography.Text strong>{note.authorName ?? t('conversation.unknown_author')}</Typography.Text>
              {note.authorSide && (
                <Tag color={note.authorSide === 'seller' ? 'purple' : 'cyan'}>
                  {t(`side.${note.authorSide}`)}
                </Tag>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(note.createTime)}
              </Typography.Text>
              <QuestionStatusTag flag={note.questionFlag} role={role} />
            </Space>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {note.note}
            </Typography.Paragraph>
          </Space>
        </List.Item>
      )}
    />
  );
}

interface ReplyValues {
  note: string;
  needsAnswer: boolean;
}

function ReplyBox({ order, role }: { order: QuestionOrder; role: UserRole }) {
  const { t } = useTranslation('questions');
  const feedback = useFeedback();
  const [form] = Form.useForm<ReplyValues>();
  const send = useQuestionChange(addQuestion);
  const submit = (values: ReplyValues) =>
    send
      .mutateAsync({
        ordersn: order.orderNo,
        orderId: order.id,
        note: values.note,
        questionFlag: values.needsAnswer ? askingFlagFor(role) : QUESTION_FLAG.resolved,
      })
      .then((envelope) => {
        form.resetFields();
        feedback.done(envelope);
      }, feedback.failed);
  const otherSide = sideOf(role) === 'seller' ? 'warehouse' : 'seller';
  return (
    <Form<ReplyValues>
      form={form}
      layout="vertical"
      initialValues={{ note: '', needsAnswer: true }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="note"
        label={t('conversation.reply_label')}
        rules={[{ required: true, whitespace: true, message: t('conversation.reply_required') }]}
        // Room under the box for its character count.
        style={{ marginBottom: 28 }}
      >
        <Input.TextArea
          rows={3}
          maxLength={QUESTION_NOTE_MAX}
          showCount
          placeholder={t(`conversation.reply_placeholder_${sideOf(role)}`)}
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Form.Item name="needsAnswer" valuePropName="checked" noStyle>
          <Checkbox>{t(`conversation.needs_answer_${otherSide}`)}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {t('conversation.send')}
        </Button>
      </Space>
    </Form>
  );
}
