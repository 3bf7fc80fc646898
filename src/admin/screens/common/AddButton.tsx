/** The primary Add button of a list screen; on its own line it keeps the list's 16px below it. */
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

export function AddButton({
  onClick,
  isInToolbar = false,
  children,
}: {
  onClick: () => void;
  /** Inside a toolbar `Space` that already keeps the margin. */
  isInToolbar?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={onClick}
      style={isInToolbar ? undefined : { marginBottom: 16 }}
    >
      {children}
    </Button>
  );
}
