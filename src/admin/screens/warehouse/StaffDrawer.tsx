/**
 * The staff of a warehouse: who works there (warehouse staff see only their warehouses);
 * assign more from the tenant's warehouse people, remove one after a confirmation.
 */
import { App, Button, Drawer, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange, useInventoryQuery } from '@api/modules/inventory.js';
import { assignStaff, fetchStaff, fetchStaffCandidates, removeStaff } from '@api/modules/warehouse.js';
import type { StaffView, WarehouseView } from '@shared/contract/warehouse.js';
import { FormFailure, formFailure, useFeedback } from '../common/feedback.js';
import { ROLE_COLORS, useRoleLabels } from '../common/roles.js';

export function StaffDrawer({
  warehouse,
  canEdit,
  onClose,
}: {
  warehouse: WarehouseView | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const roles = useRoleLabels();
  const warehouseId = warehouse?.id ?? '';
  const staff = useInventoryQuery('staff', warehouseId, fetchStaff, { enabled: warehouse !== null });
  const [keyword, setKeyword] = useState('');
  const candidates = useInventoryQuery(
    'staffCandidates',
    { pageNo: 1, pageSize: 50, keyword: keyword.trim() || undefined },
    fetchStaffCandidates,
    { enabled: warehouse !== null && canEdit, keepPrevious: true },
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const assign = useInventoryChange(assignStaff);
  const remove = useInventoryChange(removeStaff);
  const present = new Set((staff.data ?? []).map((person) => person.userId));

  const handleAssign = async () => {
    setFailure(null);
    try {
      feedback.done(await assign.mutateAsync({ warehouseId, userIds: chosen }));
      setChosen([]);
    } catch (error) {
      setFailure(formFailure(error));
    }
  };

  const confirmRemove = (person: StaffView) =>
    modal.confirm({
      title: t('staff.remove_title'),
      content: t('staff.remove_confirm', {
        name: person.realname || person.username,
        warehouse: warehouse?.code ?? '',
      }),
      okText: t('staff.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          feedback.done(await remove.mutateAsync({ warehouseId, userId: person.userId }));
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  return (
    <Drawer
      open={warehouse !== null}
      width={640}
      title={t('staff.title', { warehouse: warehouse?.code ?? '' })}
      onClose={() => {
        setFailure(null);
        setChosen([]);
        onClose();
      }}
      destroyOnHidden
    >
      {canEdit && (
        <>
          <FormFailure text={failure} />
          <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              value={chosen}
              onChange={setChosen}
              placeholder={t('staff.pick')}
              style={{ flex: 1 }}
              loading={candidates.isFetching}
              options={(candidates.data?.records ?? [])
                .filter((person) => !present.has(person.userId))
                .map((person) => ({
                  value: person.userId,
                  label: `${person.realname || person.username} (${person.username})`,
                }))}
            />
            <Button
              type="primary"
              disabled={chosen.length === 0}
              loading={assign.isPending}
              onClick={() => void handleAssign()}
            >
              {t('staff.assign')}
            </Button>
          </Space.Compact>
        </>
      )}
      <Table<StaffView>
        rowKey="userId"
        size="small"
        pagination={false}
        loading={staff.isFetching}
        dataSource={staff.data}
        columns={[
          { title: t('staff.username'), dataIndex: 'username' },
          { title: t('staff.realname'), dataIndex: 'realname' },
          {
            title: t('staff.role'),
            dataIndex: 'userRole',
            render: (role: StaffView['userRole']) => <Tag color={ROLE_COLORS[role]}>{roles.label(role)}</Tag>,
          },
          ...(canEdit
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 90,
                  render: (_value: unknown, row: StaffView) => (
                    <Typography.Link type="danger" onClick={() => confirmRemove(row)}>
                      {t('staff.remove')}
                    </Typography.Link>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
