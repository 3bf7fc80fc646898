/**
 * The order drawer's building blocks: a titled section and how an empty text field reads ('-').
 */
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A titled part of the drawer, named for screen readers by its title. */
export function Section({
  title,
  children,
  extra,
}: {
  title: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <section style={{ marginBottom: 24 }} aria-label={title}>
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Space>
      {children}
    </section>
  );
}

/** An empty text field reads as a dash. */
export const text = (value: string | null | undefined) => (value ? value : '-');
