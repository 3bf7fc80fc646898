/** Pieces the stock check screens share: status and type labels, the status tag, opening a PDF. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COUNT_STATUSES,
  type CountLineState,
  type CountStatus,
  type CountType,
} from '@shared/domain/counts.js';

const STATUS_COLOURS: Record<CountStatus, string> = {
  to_count: 'default',
  counting: 'processing',
  counted: 'success',
};

const LINE_COLOURS: Record<CountLineState, string> = {
  not_counted: 'orange',
  no_variance: 'default',
  pending: 'warning',
  passed: 'success',
  rejected: 'error',
};

export function useCountLabels() {
  const { t } = useTranslation('counts');
  return {
    status: (status: CountStatus) => t(`status.${status}`),
    type: (type: CountType) => t(`type.${type}`),
    line: (state: CountLineState) => t(`line_state.${state}`),
    statusOptions: COUNT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
  };
}

export function CountStatusTag({ status }: { status: CountStatus }) {
  const labels = useCountLabels();
  return <Tag color={STATUS_COLOURS[status]}>{labels.status(status)}</Tag>;
}

export function LineStateTag({ state }: { state: CountLineState }) {
  const labels = useCountLabels();
  return <Tag color={LINE_COLOURS[state]}>{labels.line(state)}</Tag>;
}

/** Opens a PDF the server made in a new tab, where the browser prints it. */
export function openPdf(blob: Blob) {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
