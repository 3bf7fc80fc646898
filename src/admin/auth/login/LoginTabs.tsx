import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface LoginTab {
  key: string;
  label: string;
  icon: ReactNode;
  children: ReactNode;
}

interface LoginTabsProps {
  items: LoginTab[];
  activeKey: string;
  onChange: (key: string) => void;
}

/**
 * The login page's two tabs (account, mobile) as a WAI-ARIA tab list: arrow keys, Home and End
 * move between tabs. Every panel stays mounted (hidden when not chosen), so what was typed in
 * one survives a look at the other. Written here rather than antd's Tabs,
 * whose overflow menu would add about 26 KB gzipped to the login page's first load.
 */
export function LoginTabs({ items, activeKey, onChange }: LoginTabsProps) {
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const active = items.find((item) => item.key === activeKey) ?? items[0];

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === active?.key);
    const next = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    tabs.current[next]?.focus();
  };

  return (
    <div className="auth-tabs">
      <div className="auth-tabs-list" role="tablist" onKeyDown={handleKeyDown}>
        {items.map((item, index) => {
          const isActive = item.key === active?.key;
          return (
            <button
              key={item.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={isActive}
              aria-controls={`${baseId}-panel-${item.key}`}
              tabIndex={isActive ? 0 : -1}
              className={isActive ? 'auth-tab auth-tab-active' : 'auth-tab'}
              onClick={() => onChange(item.key)}
            >
              {item.icon}
              <span>{item.label}</span>
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${baseId}-panel-${item.key}`}
          aria-labelledby={`${baseId}-tab-${item.key}`}
          hidden={item.key !== active?.key}
        >
          {item.children}
        </div>
      ))}
    </div>
  );
}
