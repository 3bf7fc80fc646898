/**
 * The order list's search bar: order or tracking numbers, warehouse, seller (not for the seller
 * side), status and remaining ship time; behind 'More filters' platform, shop, tags and date.
 */
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useOrderShops } from '@api/modules/orders.js';
import { TAG_MATCHES, type TagMatch } from '@shared/contract/orders.js';
import { LOCAL_STATUSES, ORDER_TAGS, PLATFORMS, SHIP_TIME_FILTERS } from '@shared/domain/order.js';
import { DateRangePicker } from '../common/DateRangePicker.js';
import { SearchBar } from '../common/SearchBar.js';
import { SellerSelect, WarehouseSelect } from '../inventory/shared.js';
import { DATE_FIELDS, type OrderFilterValues } from './order-filters.js';
import { useOrderLabels } from './shared.js';

/** The filters as the list's state holds them; hidden filters stay in the form, so one in use still applies. */
export function OrderSearchBar({
  filter,
  onSearch,
  showSeller,
  knownSellers,
  shops,
  showMore,
  onToggleMore,
}: {
  filter: OrderFilterValues;
  onSearch: (values: Partial<OrderFilterValues>) => void;
  showSeller: boolean;
  knownSellers: { id: string; name: string }[];
  shops: ReturnType<typeof useOrderShops>;
  showMore: boolean;
  onToggleMore: () => void;
}) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  return (
    <SearchBar<OrderFilterValues> initialValues={filter} onSearch={onSearch}>
      <Form.Item name="numbers" label={t('filter.numbers')} tooltip={t('filter.numbers_hint')}>
        <Input allowClear placeholder={t('filter.numbers_placeholder')} style={{ width: 250 }} />
      </Form.Item>
      <Form.Item name="warehouseId" label={t('field.warehouse')}>
        <WarehouseSelect style={{ width: 170 }} />
      </Form.Item>
      {showSeller && (
        <Form.Item name="sellerId" label={t('field.seller')}>
          <SellerSelect known={knownSellers} />
        </Form.Item>
      )}
      <Form.Item name="status" label={t('field.status')}>
        <Select
          allowClear
          placeholder={t('filter.all')}
          style={{ width: 150 }}
          options={LOCAL_STATUSES.map((status) => ({ value: status, label: labels.status.label(status) }))}
        />
      </Form.Item>
      <Form.Item name="shipTime" label={t('filter.ship_time')} tooltip={t('filter.ship_time_hint')}>
        <Select
          allowClear
          placeholder={t('filter.all')}
          style={{ width: 150 }}
          options={SHIP_TIME_FILTERS.map((filter) => ({
            value: filter,
            label: labels.shipTime.label(filter),
          }))}
        />
      </Form.Item>
      {/* Kept in the form while hidden, so a filter in use still applies. */}
      <Form.Item hidden={!showMore} name="platform" label={t('field.platform')}>
        <Select
          allowClear
          placeholder={t('filter.all')}
          style={{ width: 130 }}
          options={PLATFORMS.map((platform) => ({
            value: platform,
            label: labels.platform.label(platform),
          }))}
        />
      </Form.Item>
      <Form.Item hidden={!showMore} name="shopName" label={t('field.shop')}>
        <Select
          allowClear
          showSearch
          placeholder={t('filter.all')}
          style={{ width: 170 }}
          loading={shops.isLoading}
          options={[...new Set((shops.data ?? []).map((shop) => shop.shopName))].map((shopName) => ({
            value: shopName,
            label: shopName,
          }))}
        />
      </Form.Item>
      <Form.Item hidden={!showMore} label={t('field.tags')} htmlFor="order-filter-tags">
        <Space.Compact>
          <Form.Item name="tags" noStyle>
            <Select
              id="order-filter-tags"
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('filter.all')}
              style={{ width: 220 }}
              options={ORDER_TAGS.map((tag) => ({ value: tag, label: labels.tag.label(tag) }))}
            />
          </Form.Item>
          <Form.Item name="tagMatch" noStyle>
            <Select<TagMatch>
              style={{ width: 150 }}
              placeholder={t('filter.tag_match.any')}
              aria-label={t('filter.tag_match_label')}
              options={TAG_MATCHES.map((match) => ({
                value: match,
                label: t(`filter.tag_match.${match}`),
              }))}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item hidden={!showMore} label={t('filter.date')}>
        <Space.Compact>
          <Form.Item name="dateField" noStyle>
            <Select
              style={{ width: 120 }}
              placeholder={t('filter.date_field.ordered')}
              aria-label={t('filter.date_field_label')}
              options={DATE_FIELDS.map((field) => ({
                value: field,
                label: t(`filter.date_field.${field}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="dateRange" noStyle>
            <DateRangePicker style={{ width: 240 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Button type="link" onClick={onToggleMore} aria-expanded={showMore}>
          {showMore ? t('filter.fewer') : t('filter.more')} {showMore ? <UpOutlined /> : <DownOutlined />}
        </Button>
      </Form.Item>
    </SearchBar>
  );
}
