/** The filter row above a list: the screen's fields, Search and Reset (which clears every filter). */
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SearchBar<V extends object>({
  initialValues,
  onSearch,
  children,
}: {
  initialValues: Partial<V>;
  onSearch: (values: Partial<V>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<V>();
  const reset = () => {
    const cleared = Object.fromEntries(
      Object.keys(form.getFieldsValue(true) as object).map((key) => [key, undefined]),
    ) as Partial<V>;
    form.setFieldsValue(cleared as Parameters<typeof form.setFieldsValue>[0]);
    onSearch({});
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={initialValues}
      onFinish={onSearch}
      style={{ marginBottom: 16, rowGap: 12 }}
      role="search"
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button onClick={reset} icon={<ReloadOutlined />}>
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
