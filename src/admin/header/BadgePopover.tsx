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

/** What the badge shows: antd caps the count at 99. */
const BADGE_CAP = 99;

/**
 * A header icon with a count badge that opens a list in a popover on click. Its accessible name
 * is the title with the count the badge shows, so the name contains the visible text (WCAG 2.5.3).
 */
export function BadgePopover({ title, count, icon, content, open, onOpenChange }: BadgePopoverProps) {
  const shown = count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={title}
      content={content}
      open={open}
      onOpenChange={onOpenChange}
    >
      <Button type="text" aria-label={count > 0 ? `${title} ${shown}` : title} data-count={count}>
        <Badge count={count} overflowCount={BADGE_CAP} size="small" offset={[4, -2]}>
          {icon}
        </Badge>
      </Button>
    </Popover>
  );
}
