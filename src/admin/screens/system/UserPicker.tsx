/**
 * Chooses users by name for an announcement's audience: the first 200 of the tenant, then the
 * server's answer to what is typed. Names of chosen users are remembered across searches.
 */
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUsers, useSystemQuery } from '@api/modules/system.js';

export function UserPicker({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}) {
  const { t } = useTranslation('system');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const users = useSystemQuery(
    'users',
    { pageNo: 1, pageSize: search ? 50 : 200, username: search || undefined },
    fetchUsers,
    {
      keepPrevious: true,
    },
  );
  const [names, setNames] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    const records = users.data?.records ?? [];
    if (records.length === 0) return;
    setNames((current) => {
      const next = new Map(current);
      for (const user of records) next.set(user.id, `${user.realname} (${user.username})`);
      return next;
    });
  }, [users.data]);

  const options = useMemo(() => {
    const shown = new Set((users.data?.records ?? []).map((user) => user.id));
    const chosen = (value ?? []).filter((id) => !shown.has(id));
    return [...(users.data?.records ?? []).map((user) => user.id), ...chosen].map((id) => ({
      value: id,
      label: names.get(id) ?? id,
    }));
  }, [users.data, value, names]);

  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={setTyped}
      loading={users.isFetching}
      options={options}
      placeholder={t('announcement.users_placeholder')}
      notFoundContent={t('announcement.no_users_found')}
    />
  );
}
