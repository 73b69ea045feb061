import type { ReactNode } from 'react';
import { Icon } from './ui/icon';
import { ClockCircleOutlined } from './ui/icon-paths';

interface NotYetAvailableProps {
  title: string;
  description?: ReactNode;
  extra?: ReactNode;
}

/**
 * The honest state of a page whose feature is not built yet: its frame is in place, its data
 * is not. Never fill it with sample data. Plain elements: no antd.
 */
export function NotYetAvailable({ title, description, extra }: NotYetAvailableProps) {
  return (
    <div className="gs-card gs-not-yet">
      <Icon icon={ClockCircleOutlined} className="gs-not-yet__icon" />
      <h2 className="gs-not-yet__title">{title}</h2>
      {description && <p className="gs-text-secondary gs-not-yet__text">{description}</p>}
      {extra}
    </div>
  );
}
