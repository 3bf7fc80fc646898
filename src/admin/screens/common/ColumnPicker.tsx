/**
 * Which columns a wide list shows: the essential ones by default, the rest one tick away in the
 * list's column picker. What each user picks is remembered per list in this browser
 * (localStorage, `list-columns:<user id>:<list>`: the keys shown), so a list reads at 1366 px
 * without sideways scrolling and still offers every figure.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../layout/use-session-user.js';

/** A column's key in the picker: its `key`, else its dataIndex. */
export function columnKey<T>(column: ColumnsType<T>[number]): string {
  if (column.key !== undefined) return String(column.key);
  const index = 'dataIndex' in column ? column.dataIndex : undefined;
  return Array.isArray(index) ? index.join('.') : String(index ?? '');
}

function storageKey(userId: string, list: string): string {
  return `list-columns:${userId}:${list}`;
}

/** The keys a user chose to show for a list, or null when they never chose. */
function storedKeys(key: string): string[] | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return Array.isArray(parsed) && parsed.every((item) => typeof item === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The list's columns as the user picked them (or, never picked, all but `hiddenByDefault`),
 * and the picker that changes them. Columns marked `fixed` (the row's identity, its actions)
 * are always shown and not offered.
 */
export function usePickedColumns<T>(
  list: string,
  columns: ColumnsType<T>,
  hiddenByDefault: readonly string[],
): { columns: ColumnsType<T>; picker: ReactElement } {
  const { t } = useTranslation('system');
  const user = useSessionUser();
  const key = storageKey(user?.id ?? 'anonymous', list);
  const pickable = columns.filter((column) => !column.fixed);
  const defaults = pickable.map((column) => columnKey(column)).filter((k) => !hiddenByDefault.includes(k));
  const [shown, setShown] = useState<string[]>(() => storedKeys(key) ?? defaults);
  const choose = (next: string[]) => {
    setShown(next);
    localStorage.setItem(key, JSON.stringify(next));
  };
  const reset = () => {
    setShown(defaults);
    localStorage.removeItem(key);
  };
  const visible = columns.filter((column) => column.fixed || shown.includes(columnKey(column)));
  const options = pickable.map((column) => ({
    value: columnKey(column),
    label: (typeof column.title === 'function' ? columnKey(column) : column.title) as ReactNode,
  }));
  const picker = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('common.columns')}
      content={
        <Space direction="vertical" data-testid={`column-picker-${list}`}>
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            value={shown}
            options={options}
            onChange={(values) => choose(values.map(String))}
          />
          <Button size="small" type="link" onClick={reset} style={{ padding: 0 }}>
            {t('common.columns_reset')}
          </Button>
        </Space>
      }
    >
      <Button icon={<SettingOutlined />}>{t('common.columns')}</Button>
    </Popover>
  );
  return { columns: visible, picker };
}
