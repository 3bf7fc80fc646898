import { Badge, Button, Popover } from 'antd';
import type { ReactNode } from 'react';

interface BadgePopoverProps {
  title: string;
  count: number;
  icon: ReactNode;
  content: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A header icon with a count badge that opens a list in a popover on click. */
export function BadgePopover({ title, count, icon, content, open, onOpenChange }: BadgePopoverProps) {
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={title}
      content={content}
      open={open}
      onOpenChange={onOpenChange}
    >
      <Button type="text" aria-label={title} data-count={count}>
        <Badge count={count} size="small" offset={[4, -2]}>
          {icon}
        </Badge>
      </Button>
    </Popover>
  );
}
