/** Pieces the wave screens share: status labels and tag, order states and short-pick reasons. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  WAVE_STATUSES,
  type ShortPickReason,
  type WaveOrderState,
  type WaveStatus,
} from '@shared/domain/picking.js';

const STATUS_COLOURS: Record<WaveStatus, string> = {
  open: 'default',
  picking: 'processing',
  picked: 'success',
  short: 'warning',
};

export function useWaveLabels() {
  const { t } = useTranslation('waves');
  return {
    status: (status: WaveStatus) => t(`status.${status}`),
    orderState: (state: WaveOrderState) => t(`order_state.${state}`),
    reason: (reason: ShortPickReason) => t(`reason.${reason}`),
    statusOptions: WAVE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
  };
}

export function WaveStatusTag({ status }: { status: WaveStatus }) {
  const labels = useWaveLabels();
  return <Tag color={STATUS_COLOURS[status]}>{labels.status(status)}</Tag>;
}
