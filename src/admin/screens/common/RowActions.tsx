/**
 * A list row's links (Edit, the screen's own, a red Delete), each shown only to whom it is for,
 * and greyed out, saying why, where the row's status does not allow it yet.
 */
import { Space, Tooltip, Typography, type SpaceProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete, type DeleteQuestion } from './feedback.js';

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  /** Red for what destroys, amber for what takes back. */
  type?: 'danger' | 'warning';
  /** Leave the link out (a missing permission, a status that does not allow it); shown when absent. */
  show?: boolean;
  /** Grey the link out, with this reason as its tooltip (a status that does not allow it yet). */
  disabledReason?: string;
}

export function RowActions({
  actions,
  size = 12,
  wrap = false,
}: {
  actions: RowAction[];
  size?: SpaceProps['size'];
  /** Let the links take a second line in a narrow column. */
  wrap?: boolean;
}) {
  return (
    <Space size={size} wrap={wrap}>
      {actions
        .filter((action) => action.show !== false)
        .map((action) =>
          action.disabledReason ? (
            <Tooltip key={action.key} title={action.disabledReason}>
              <Typography.Link disabled aria-disabled="true" aria-description={action.disabledReason}>
                {action.label}
              </Typography.Link>
            </Tooltip>
          ) : (
            <Typography.Link key={action.key} type={action.type} onClick={action.onClick}>
              {action.label}
            </Typography.Link>
          ),
        )}
    </Space>
  );
}

/** The Actions column of a list: its title, then the row's links. */
export function actionsColumn<T>(
  t: TFunction,
  layout: Pick<ColumnType<T>, 'width' | 'fixed'>,
  actionsOf: (row: T) => RowAction[],
): ColumnType<T> {
  return {
    title: t('common.actions'),
    key: 'actions',
    ...layout,
    render: (_value, row) => <RowActions actions={actionsOf(row)} />,
  };
}

/** A row's danger Delete link, which asks before it deletes and reports the server's answer. */
export function useDeleteAction() {
  const { t } = useTranslation('system');
  const confirmDelete = useConfirmDelete();
  return useCallback(
    ({ show, ...question }: DeleteQuestion & { show?: boolean }): RowAction => ({
      key: 'delete',
      label: t('common.delete'),
      type: 'danger',
      show,
      onClick: () => confirmDelete(question),
    }),
    [t, confirmDelete],
  );
}
