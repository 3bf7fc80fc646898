/**
 * Products and SKUs: server-paged, filtered by name, a comma-separated SKU batch
 * search and, for the warehouse side, the seller. Each product unfolds into its SKUs. Sellers
 * add and edit products (with photos and SKUs) and delete them after a confirmation; SKU labels
 * print as a PDF for the selected products. The HS code and declared value are one tick away in
 * the column picker (remembered per user), so the list reads at 1366 px without sideways scroll.
 */
import { PrinterOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteProduct, fetchProducts, printSkuLabels, type ProductFilter } from '@api/modules/catalog.js';
import { batchValues, useInventoryChange, useInventoryQuery } from '@api/modules/inventory.js';
import type { ProductView, SkuView } from '@shared/contract/catalog.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { formatDateTime } from '../common/format.js';
import { usePickedColumns } from '../common/ColumnPicker.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { actionsColumn, useDeleteAction } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { isSellerSide, SellerSelect, sellersOf } from '../inventory/shared.js';
import { StoredImage } from './PhotoUpload.js';
import { ProductExcel } from './ProductExcel.js';
import { ProductFormDrawer } from './ProductFormDrawer.js';

interface Filter {
  name?: string;
  skuSearch?: string;
  sellerId?: string;
}

const INITIAL = { ...DEFAULT_PAGE, filter: {} as Filter };
const money = (value: number | null, currency: string) =>
  value === null ? '-' : `${(value / 100).toFixed(2)} ${currency}`;
const size = (sku: SkuView) =>
  sku.lengthMm === null && sku.widthMm === null && sku.heightMm === null
    ? '-'
    : `${sku.lengthMm ?? '-'}×${sku.widthMm ?? '-'}×${sku.heightMm ?? '-'}`;

/** Shown only when picked: the rest fit a 1366 px screen without them. */
const PRODUCT_HIDDEN_COLUMNS = ['hsCode', 'declared'];

export function ProductList() {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const deleteAction = useDeleteAction();
  const me = useSessionUser();
  const [state, setState, search] = useListState('catalog/ProductList', INITIAL);
  const params: ProductFilter = {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...state.filter,
    skuSearch: batchValues(state.filter.skuSearch),
  };
  const products = useInventoryQuery('products', params, fetchProducts, { keepPrevious: true });
  const remove = useInventoryChange(deleteProduct);
  const [editing, setEditing] = useState<ProductView | 'new' | null>(null);
  const [selected, setSelected] = useState<ProductView[]>([]);
  const [isPrinting, setIsPrinting] = useState(false);
  const canEdit = hasAuth(PERMISSIONS.productEdit);
  const showSeller = !isSellerSide(me?.userRole);

  const print = async () => {
    if (selected.length === 0) {
      void message.warning(t('product.select_one'));
      return;
    }
    setIsPrinting(true);
    try {
      await printSkuLabels(selected.flatMap((product) => product.skus.map((sku) => sku.id)));
    } catch {
      // The error catalogue has said what went wrong.
    } finally {
      setIsPrinting(false);
    }
  };

  const columns: ColumnsType<ProductView> = [
    {
      title: t('product.photo'),
      dataIndex: 'photos',
      width: 72,
      render: (photos: string[]) => (photos[0] ? <StoredImage photoKey={photos[0]} /> : '-'),
    },
    { title: t('product.name'), dataIndex: 'name', ellipsis: true },
    ...(showSeller ? [{ title: t('stock.seller'), dataIndex: 'sellerName', width: 130 }] : []),
    {
      title: t('product.skus'),
      dataIndex: 'skus',
      width: 260,
      render: (skus: SkuView[]) => (
        <Space size={[4, 4]} wrap>
          {skus.slice(0, 4).map((sku) => (
            <Tag key={sku.id}>{sku.sellerSku}</Tag>
          ))}
          {skus.length > 4 && <Typography.Text type="secondary">+{skus.length - 4}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('product.hs_code'), dataIndex: 'hsCode', width: 110, render: (code: string) => code || '-' },
    {
      title: t('product.declared_value'),
      key: 'declared',
      width: 130,
      render: (_value, row) => money(row.declaredValue, row.declaredCurrency),
    },
    { title: t('common.created_at'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn<ProductView>(t, { width: 120, fixed: 'right' }, (row) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing(row) },
        deleteAction({
          title: t('product.delete_title'),
          content: t('product.delete_confirm', { name: row.name, count: row.skus.length }),
          remove: () => remove.mutateAsync(row.id),
        }),
      ]),
    );
  }

  const picked = usePickedColumns('catalog/ProductList', columns, PRODUCT_HIDDEN_COLUMNS);

  const skuColumns: ColumnsType<SkuView> = [
    { title: t('stock.sku'), dataIndex: 'sellerSku' },
    { title: t('stock.sys_code'), dataIndex: 'sysCode' },
    { title: t('stock.local_code'), dataIndex: 'localCode', render: (code: string | null) => code ?? '-' },
    { title: t('stock.variation'), dataIndex: 'variation', render: (text: string) => text || '-' },
    {
      title: t('product.barcodes'),
      dataIndex: 'barcodes',
      render: (codes: string[]) => codes.join(', ') || '-',
    },
    { title: t('product.weight_g'), dataIndex: 'weightG', render: (value: number | null) => value ?? '-' },
    { title: t('product.size_mm'), key: 'size', render: (_value, sku) => size(sku) },
    { title: t('product.cost'), key: 'cost', render: (_value, sku) => money(sku.cost, sku.costCurrency) },
    { title: t('stock.safety_stock'), dataIndex: 'safetyStock' },
  ];

  return (
    <>
      <SearchBar<Filter> initialValues={state.filter} onSearch={search}>
        <Form.Item name="name" label={t('product.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="skuSearch" label={t('stock.sku')} tooltip={t('common.batch_hint')}>
          <Input allowClear placeholder={t('common.batch_placeholder')} style={{ width: 240 }} />
        </Form.Item>
        {showSeller && (
          <Form.Item name="sellerId" label={t('stock.seller')}>
            <SellerSelect known={sellersOf(products.data?.records)} />
          </Form.Item>
        )}
      </SearchBar>
      <Space style={{ marginBottom: 16 }} wrap>
        {canEdit && (
          <AddButton isInToolbar onClick={() => setEditing('new')}>
            {t('product.add')}
          </AddButton>
        )}
        <Button icon={<PrinterOutlined />} loading={isPrinting} onClick={() => void print()}>
          {t('product.print_labels')}
        </Button>
        <ProductExcel
          filter={{ name: params.name, skuSearch: params.skuSearch, sellerId: params.sellerId }}
          canImport={canEdit && !showSeller}
        />
        {picked.picker}
        {selected.length > 0 && (
          <Typography.Text type="secondary">
            {t('common.selected', { count: selected.length })}
          </Typography.Text>
        )}
      </Space>
      <PagedTable<ProductView>
        columns={picked.columns}
        query={products}
        page={state}
        onPageChange={setState}
        rowSelection={{
          selectedRowKeys: selected.map((row) => row.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        expandable={{
          expandedRowRender: (row) => (
            <Table<SkuView>
              rowKey="id"
              size="small"
              pagination={false}
              columns={skuColumns}
              dataSource={row.skus}
            />
          ),
        }}
      />
      <ProductFormDrawer editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
