/** A location of one warehouse, searched by code on the server (a warehouse holds thousands). */
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryQuery } from '@api/modules/inventory.js';
import { fetchLocations } from '@api/modules/warehouse.js';

export function LocationSelect({
  warehouseId,
  exclude,
  ...props
}: Omit<SelectProps<string>, 'options'> & { warehouseId: string; exclude?: string }) {
  const { t } = useTranslation('inventory');
  const [code, setCode] = useState('');
  const locations = useInventoryQuery(
    'locations',
    { warehouseId, code: code.trim() || undefined, pageNo: 1, pageSize: 50 },
    fetchLocations,
    { keepPrevious: true },
  );
  return (
    <Select<string>
      showSearch
      filterOption={false}
      onSearch={setCode}
      placeholder={t('location.pick')}
      loading={locations.isFetching}
      options={(locations.data?.records ?? [])
        .filter((location) => location.id !== exclude)
        .map((location) => ({
          value: location.id,
          label: location.partitionCode ? `${location.code} (${location.partitionCode})` : location.code,
        }))}
      {...props}
    />
  );
}
