import './feedback-more.css';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from './icon-paths';
import type { CSSProperties, ReactNode } from 'react';
import { Icon, type IconPaths } from './icon';
import './tag-default.css';
import './alert-error.css';

/** A small spinning ring, inline with text. */
export function Spinner({ size = 'small' }: { size?: 'small' | 'middle' }) {
  return <span className={`gs-spin gs-spin--${size}`} aria-hidden />;
}

/** A grey placeholder block that shimmers while content loads. */
export function SkeletonBlock({ style, className }: { style?: CSSProperties; className?: string }) {
  return <span className={`gs-skeleton${className ? ` ${className}` : ''}`} style={style} aria-hidden />;
}

/** Lines of text to come: a title bar and `rows` paragraph lines. */
export function SkeletonText({ rows = 3 }: { rows?: number }) {
  return (
    <div className="gs-skeleton-text" aria-hidden>
      <SkeletonBlock className="gs-skeleton--title" />
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonBlock key={i} className={i === rows - 1 ? 'gs-skeleton--last' : undefined} />
      ))}
    </div>
  );
}

export type TagColor = 'default' | 'geekblue' | 'gold' | 'red' | 'green' | 'red-solid';

/** antd's other preset and status colours (./feedback-more.css). */
export type MoreTagColor = 'blue' | 'cyan' | 'orange' | 'magenta' | 'processing' | 'success' | 'warning' | 'error';

export function Tag({
  color = 'default',
  children,
  className,
}: {
  color?: TagColor | MoreTagColor;
  children: ReactNode;
  className?: string;
}) {
  return <span className={`gs-tag gs-tag--${color}${className ? ` ${className}` : ''}`}>{children}</span>;
}

type AlertType = 'info' | 'success' | 'warning' | 'error';

const ALERT_ICON: Record<AlertType, IconPaths> = {
  info: InfoCircleFilled,
  success: CheckCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/**
 * A tinted notice with its icon (antd Alert's look); with a `description`, the children are its
 * title above it. `role="alert"` for a refusal the reader must hear at once (an error is one, as
 * antd's); `action` is what to do about it, at the end of the line (重试).
 */
export function Alert({
  type,
  children,
  description,
  role = type === 'error' ? 'alert' : 'status',
  action,
  className,
}: {
  type: AlertType;
  children: ReactNode;
  description?: ReactNode;
  role?: 'status' | 'alert';
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`gs-alert gs-alert--${type}${description ? ' gs-alert--described' : ''}${className ? ` ${className}` : ''}`}
      role={role}
    >
      <Icon icon={ALERT_ICON[type]} className="gs-alert__icon" />
      <div className="gs-alert__message">
        {description ? (
          <>
            <div className="gs-alert__title">{children}</div>
            <div className="gs-alert__description">{description}</div>
          </>
        ) : (
          children
        )}
      </div>
      {action && <div className="gs-alert__action">{action}</div>}
    </div>
  );
}

/** Nothing to show: antd Empty's simple picture, a line of text and what to do instead. */
export function Empty({ description, children }: { description: ReactNode; children?: ReactNode }) {
  return (
    <div className="gs-empty">
      <svg className="gs-empty__image" width="64" height="41" viewBox="0 0 64 41" aria-hidden focusable="false">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke="#d9d9d9">
            <path d="M55 12.76 44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
            <path
              d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
              fill="#fafafa"
            />
          </g>
        </g>
      </svg>
      <div className="gs-empty__description">{description}</div>
      {children && <div className="gs-empty__footer">{children}</div>}
    </div>
  );
}
