import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { Link } from 'react-router';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/** The tab the arrow keys, Home and End move to from `index` (wrapping around, as antd does). */
export function tabIndexAfter(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tabs that switch what the panel below them shows (antd Tabs' look, line type): a tablist of
 * tabs of which only the selected one is in the Tab order; the arrow keys, Home and End select
 * and focus another, as antd's do.
 */
export function Tabs<K extends string>({
  label,
  items,
  activeKey,
  onChange,
  children,
}: {
  /** Names the tablist. */
  label: string;
  items: readonly TabItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  /** The selected tab's panel. */
  children?: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === activeKey);
    const next = tabIndexAfter(event.key, Math.max(index, 0), items.length);
    if (next === null) return;
    event.preventDefault();
    const item = items[next]!;
    if (item.key !== activeKey) onChange(item.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <>
      <div className="gs-tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === activeKey;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={tabId(item.key)}
              className={`gs-tabs__tab${selected ? ' is-active' : ''}`}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                if (!selected) onChange(item.key);
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(activeKey)}>
        {children}
      </div>
    </>
  );
}

/**
 * Tabs that go to pages (antd Tabs' look): links in a named navigation, the current one marked
 * with `aria-current="page"`, so each tab is a page of its own with its own address.
 */
export function TabLinks({
  label,
  items,
  activeTo,
}: {
  label: string;
  items: readonly { to: string; label: ReactNode }[];
  activeTo: string;
}) {
  return (
    <nav className="gs-tabs" aria-label={label}>
      {items.map((item) => {
        const current = item.to === activeTo;
        return (
          <Link
            key={item.to}
            to={item.to}
            className={`gs-tabs__tab${current ? ' is-active' : ''}`}
            aria-current={current ? 'page' : undefined}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
