import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonKind = 'default' | 'primary' | 'text' | 'link';
export type ButtonSize = 'small' | 'middle' | 'large';

interface LookProps {
  kind?: ButtonKind;
  size?: ButtonSize;
  icon?: ReactNode;
  block?: boolean;
  round?: boolean;
}

function lookClass({ kind = 'default', size = 'middle', block, round }: LookProps, extra?: string): string {
  return [
    'gs-btn',
    `gs-btn--${kind}`,
    size !== 'middle' && `gs-btn--${size}`,
    block && 'gs-btn--block',
    round && 'gs-btn--round',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = LookProps & ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean };

/**
 * A button with antd's look (default, primary, text, link; three sizes) in plain HTML and CSS, for
 * the pages a first visit lands on, which do not load the component library.
 */
export function Button({ kind, size, icon, block, round, loading, className, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={lookClass({ kind, size, block, round }, loading ? `is-loading ${className ?? ''}` : className)}
      aria-busy={loading || undefined}
      {...rest}
      disabled={rest.disabled || loading}
    >
      {loading ? <span className="gs-btn__spinner" aria-hidden /> : icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  );
}

/** A link that looks like a Button (one element: no button nested in a link). */
export function ButtonLink({ kind, size, icon, block, round, className, children, ...rest }: LookProps & LinkProps) {
  return (
    <Link className={lookClass({ kind, size, block, round }, className)} {...rest}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}
