/** The items of one dictionary, server-paged and filtered by text, with their per-language labels. */
import { Badge, Drawer, Input, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageParams } from '@api/client.js';
import { fetchDictItemPage, useSystemQuery } from '@api/modules/system.js';
import type { DictItemView, DictView } from '@shared/contract/system-admin.js';
import { LANGUAGES } from '@shared/i18n/languages.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { DictItemFormModal } from './DictItemFormModal.js';

export function DictItemsDrawer({ dict, onClose }: { dict: DictView | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const [page, setPage] = useState<PageParams>(DEFAULT_PAGE);
  const [itemText, setItemText] = useState<string | undefined>(undefined);
  const items = useSystemQuery(
    'dictItems',
    { dictId: dict?.id ?? '', ...page, itemText },
    fetchDictItemPage,
    { enabled: dict !== null, keepPrevious: true },
  );
  const [editing, setEditing] = useState<DictItemView | 'new' | null>(null);
  const dictId = dict?.id;
  useEffect(() => {
    setPage(DEFAULT_PAGE);
    setItemText(undefined);
  }, [dictId]);
  const canAdd = hasAuth(PERMISSIONS.dictAdd);
  const canEdit = hasAuth(PERMISSIONS.dictEdit);

  const columns: ColumnsType<DictItemView> = [
    { title: t('dict.item_value'), dataIndex: 'itemValue', width: 160 },
    { title: t('dict.item_text'), dataIndex: 'itemText', width: 180 },
    {
      title: t('dict.item_texts'),
      dataIndex: 'texts',
      render: (texts: Record<string, string>) => {
        const present = LANGUAGES.filter((language) => texts[language]);
        return present.length === 0 ? (
          <Typography.Text type="secondary">{t('dict.no_texts')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {present.map((language) => (
              <Tooltip key={language} title={texts[language]}>
                <Tag>{`${language}: ${texts[language] ?? ''}`}</Tag>
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
    { title: t('common.sort_no'), dataIndex: 'sortOrder', width: 80 },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number) => (
        <Badge
          status={status === 1 ? 'success' : 'default'}
          text={t(status === 1 ? 'common.enabled' : 'common.disabled')}
        />
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_value, item) => (
        <Typography.Link onClick={() => setEditing(item)}>{t('common.edit')}</Typography.Link>
      ),
    });
  }

  return (
    <Drawer
      title={dict ? t('dict.items_title', { name: dict.dictName, code: dict.dictCode }) : ''}
      open={dict !== null}
      onClose={onClose}
      width={960}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('dict.item_search')}
          onSearch={(value) => {
            setItemText(value.trim() || undefined);
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
          style={{ width: 240 }}
        />
        {canAdd && (
          <AddButton isInToolbar onClick={() => setEditing('new')}>
            {t('dict.item_add')}
          </AddButton>
        )}
      </Space>
      <PagedTable<DictItemView>
        size="small"
        columns={columns}
        query={items}
        page={page}
        onPageChange={setPage}
      />
      {dict && (
        <DictItemFormModal
          dictId={dict.id}
          item={editing === 'new' ? null : editing}
          open={editing !== null}
          onClose={() => setEditing(null)}
        />
      )}
    </Drawer>
  );
}
