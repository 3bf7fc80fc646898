/**
 * /logistics/channels: the channels parcels leave by (spec 02 §3 Logistics channel) — a
 * marketplace's own logistics or a carrier of ours — with its company, authorisation (why the
 * last check failed), the key's last characters, whether it is enabled, and the warehouses and
 * shops it serves (all when none is chosen). Channels are added, edited, enabled or disabled,
 * their authorisation checked again, and deleted; the server refuses to delete one that
 * waybills use, and its words are shown.
 */
import { Form, Input, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  authoriseChannel,
  deleteChannel,
  enableChannel,
  useChannels,
  useLogisticsChange,
} from '@api/modules/logistics.js';
import { useShopOptions } from '@api/modules/shops.js';
import { useWarehouseOptions } from '@api/modules/warehouse.js';
import type { ChannelListQuery, ChannelView } from '@shared/contract/logistics.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { useFeedback } from '../common/feedback.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { RowActions, useDeleteAction, type RowAction } from '../common/RowActions.js';
import { useListState, type ListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import { ChannelFormModal } from './ChannelForm.js';
import { useLogisticsLabels } from './shared.js';

type ChannelFilterValues = Partial<Pick<ChannelListQuery, 'kind' | 'isEnabled' | 'name'>>;
type ChannelListState = ListState & { filter: ChannelFilterValues };

const INITIAL: ChannelListState = { ...DEFAULT_PAGE, filter: {} };

export function ChannelList() {
  const { t } = useTranslation('logistics');
  const labels = useLogisticsLabels();
  const feedback = useFeedback();
  const [state, setState, search] = useListState<ChannelListState>('logistics/ChannelList', INITIAL);
  const channels = useChannels({ pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter });
  const warehouses = useWarehouseOptions();
  // Shops are the seller side's (shop:list): without it the shops column counts them, unnamed.
  const canReadShops = hasAuth(PERMISSIONS.shopList);
  const shops = useShopOptions(canReadShops);
  const [editing, setEditing] = useState<ChannelView | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [checkingId, setCheckingId] = useState<string | null>(null);
  const enable = useLogisticsChange(enableChannel);
  const authorise = useLogisticsChange(authoriseChannel);
  const deleteAction = useDeleteAction();
  const canEdit = hasAuth(PERMISSIONS.channelEdit);

  const warehouseName = (id: string) => warehouses.data?.find((warehouse) => warehouse.id === id)?.name ?? id;
  const shopName = (id: string) => shops.data?.records.find((shop) => shop.id === id)?.alias ?? id;

  const setEnabled = async (channel: ChannelView, isEnabled: boolean) => {
    try {
      feedback.done(await enable.mutateAsync({ id: channel.id, isEnabled }));
    } catch (error) {
      feedback.failed(error);
    }
  };

  const recheck = async (channel: ChannelView) => {
    setCheckingId(channel.id);
    try {
      feedback.done(await authorise.mutateAsync(channel.id));
    } catch (error) {
      feedback.failed(error);
    } finally {
      setCheckingId(null);
    }
  };

  const actionsOf = (channel: ChannelView): RowAction[] => [
    { key: 'edit', label: t('action.edit'), onClick: () => setEditing(channel), show: canEdit },
    {
      key: 'authorise',
      label: checkingId === channel.id ? t('action.checking') : t('action.recheck'),
      onClick: () => void recheck(channel),
      show: canEdit,
      disabledReason: checkingId === channel.id ? t('action.checking') : undefined,
    },
    deleteAction({
      show: canEdit,
      title: t('delete.title', { name: channel.name }),
      content: t('delete.content'),
      remove: () => deleteChannel(channel.id),
    }),
  ];

  const scopeText = (ids: string[] | null, nameOf: (id: string) => string, all: string) =>
    ids === null || ids.length === 0 ? (
      <Typography.Text type="secondary">{all}</Typography.Text>
    ) : (
      <Typography.Text ellipsis={{ tooltip: ids.map(nameOf).join(', ') }}>
        {ids.map(nameOf).join(', ')}
      </Typography.Text>
    );

  const columns: ColumnsType<ChannelView> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      width: 180,
      fixed: 'left',
      render: (name: string, channel) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {labels.kind(channel.kind)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('field.platform_or_carrier'),
      key: 'source',
      width: 140,
      render: (_value, channel) =>
        channel.platform
          ? labels.platform(channel.platform)
          : channel.carrier
            ? labels.carrier(channel.carrier)
            : '—',
    },
    {
      title: t('field.company'),
      key: 'company',
      width: 160,
      render: (_value, channel) => (
        <Space direction="vertical" size={0}>
          <span>{channel.companyName || '—'}</span>
          {channel.companyCode && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {channel.companyCode}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('field.auth_status'),
      dataIndex: 'authStatus',
      width: 180,
      render: (status: ChannelView['authStatus'], channel) => (
        <Space direction="vertical" size={2}>
          <Tag color={status === 'authorised' ? 'green' : 'red'}>{t(`auth_status.${status}`)}</Tag>
          {channel.authError && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t(`errors:${channel.authError}`, {
                name: channel.name,
                carrier: '',
                defaultValue: channel.authError,
              })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('field.key_hint'),
      dataIndex: 'keyHint',
      responsive: WIDE_SCREENS_ONLY,
      width: 100,
      render: (hint: string) => hint || '—',
    },
    {
      title: t('field.enabled'),
      dataIndex: 'isEnabled',
      width: 90,
      render: (isEnabled: boolean, channel) => (
        <Tooltip title={canEdit ? undefined : t(isEnabled ? 'flag.enabled' : 'flag.disabled')}>
          <Switch
            checked={isEnabled}
            disabled={!canEdit}
            loading={enable.isPending && enable.variables.id === channel.id}
            aria-label={t('list.enable_label', { name: channel.name })}
            onChange={(checked) => void setEnabled(channel, checked)}
          />
        </Tooltip>
      ),
    },
    {
      title: t('field.warehouses'),
      dataIndex: 'warehouseIds',
      width: 160,
      render: (ids: string[] | null) => scopeText(ids, warehouseName, t('scope.all_warehouses')),
    },
    {
      title: t('field.shops'),
      dataIndex: 'shopIds',
      width: 160,
      render: (ids: string[] | null) =>
        canReadShops || ids === null || ids.length === 0
          ? scopeText(ids, shopName, t('scope.all_shops'))
          : t('scope.chosen_shops', { count: ids.length }),
    },
    {
      title: t('common.actions', { ns: 'system' }),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_value, channel) => <RowActions wrap size={[12, 2]} actions={actionsOf(channel)} />,
    },
  ];

  return (
    <>
      <SearchBar<ChannelFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="name" label={t('field.name')}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="kind" label={t('field.kind')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 170 }}
            options={labels.kindOptions}
          />
        </Form.Item>
        <Form.Item name="isEnabled" label={t('field.enabled')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 120 }}
            options={[
              { value: 'true', label: t('flag.enabled') },
              { value: 'false', label: t('flag.disabled') },
            ]}
          />
        </Form.Item>
      </SearchBar>
      {canEdit && <AddButton onClick={() => setIsAdding(true)}>{t('action.add')}</AddButton>}
      <PagedTable<ChannelView>
        bordered
        columns={columns}
        query={channels}
        page={state}
        onPageChange={setState}
        locale={{ emptyText: canEdit ? t('list.empty_add') : t('list.empty_channels') }}
      />
      <ChannelFormModal
        open={isAdding || editing !== null}
        channel={editing}
        onClose={() => {
          setIsAdding(false);
          setEditing(null);
        }}
      />
    </>
  );
}
