/**
 * The date range of a list's search bar, with the date shortcuts of spec 02 §9 as presets
 * (last 7, 15, 30, 90 days; this or last week, month, year): the order list, stock records and
 * returns share it. A list that shows only recent days passes `earliest`, and is offered only
 * the shortcuts inside that window and cannot pick a day before it.
 */
import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { shortcutDays, shortcutsFrom } from './date-shortcuts.js';

export function DateRangePicker({
  earliest,
  ...picker
}: Omit<RangePickerProps, 'presets' | 'disabledDate'> & { earliest?: Dayjs }) {
  const { t } = useTranslation('system');
  return (
    <DatePicker.RangePicker
      {...picker}
      presets={shortcutsFrom(earliest).map((shortcut) => ({
        label: t(`common.shortcut.${shortcut}`),
        value: shortcutDays(shortcut),
      }))}
      disabledDate={
        earliest ? (day) => day.isBefore(earliest, 'day') || day.isAfter(dayjs().endOf('day')) : undefined
      }
    />
  );
}
