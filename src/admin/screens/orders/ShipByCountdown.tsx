/**
 * The time left to ship an order (its ship-by date), counting down live: one timer for the
 * whole page, ticking once a second while any countdown is on screen. Red when overdue, amber
 * within a day.
 */
import { Space, Typography } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../common/format.js';

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The clock, in milliseconds, as of the last tick. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

const DAY = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** "2d 03:15:09" style parts of a span of milliseconds. */
export function spanParts(ms: number): { days: number; clock: string } {
  const seconds = Math.floor(Math.abs(ms) / 1000);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  return {
    days,
    clock: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}

export function ShipByCountdown({ shipBy, isRunning }: { shipBy: string | null; isRunning: boolean }) {
  if (!shipBy) return <>-</>;
  if (!isRunning) return <>{formatDateTime(shipBy)}</>;
  return <RunningCountdown shipBy={shipBy} />;
}

function RunningCountdown({ shipBy }: { shipBy: string }) {
  const { t } = useTranslation('orders');
  const clock = useNow();
  const left = new Date(shipBy).getTime() - clock;
  const { days, clock: time } = spanParts(left);
  const span = days > 0 ? t('countdown.span', { days, time }) : time;
  const type = left < 0 ? 'danger' : left < DAY ? 'warning' : undefined;
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text type={type} strong={left < DAY} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {left < 0 ? t('countdown.overdue', { span }) : t('countdown.left', { span })}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(shipBy)}
      </Typography.Text>
    </Space>
  );
}
