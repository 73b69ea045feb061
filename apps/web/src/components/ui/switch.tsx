import type { KeyboardEvent, ReactNode } from 'react';
import './switch.css';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The change is being saved: the switch shows a spinner and ignores clicks until it is done. */
  loading?: boolean;
  disabled?: boolean;
  /** Text inside the track when on / off (antd's checkedChildren / unCheckedChildren). */
  checkedChildren?: ReactNode;
  unCheckedChildren?: ReactNode;
  /** The switch's name; without it, name it with a <label> or aria-labelledby. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  className?: string;
}

/**
 * An on/off switch with antd Switch's look on a native button with role="switch": Space and Enter
 * toggle it as they press the button, and the arrow keys turn it off (←) or on (→) as in antd.
 * While `loading` it stays focusable (aria-disabled, not disabled), so the keyboard keeps its
 * place when the change comes back.
 */
export function Switch({
  checked,
  onChange,
  loading = false,
  disabled = false,
  checkedChildren,
  unCheckedChildren,
  className,
  ...names
}: SwitchProps) {
  const inert = disabled || loading;
  const set = (next: boolean) => {
    if (!inert && next !== checked) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowLeft') set(false);
    else if (event.key === 'ArrowRight') set(true);
  };
  const inner = checked ? checkedChildren : unCheckedChildren;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-disabled={inert || undefined}
      aria-busy={loading || undefined}
      disabled={disabled}
      className={['gs-switch', checked && 'is-checked', loading && 'is-loading', disabled && 'is-disabled', className]
        .filter(Boolean)
        .join(' ')}
      onClick={() => set(!checked)}
      onKeyDown={onKeyDown}
      {...names}
    >
      <span className="gs-switch__handle" aria-hidden>
        {loading && <span className="gs-switch__spinner" />}
      </span>
      {inner !== undefined && inner !== null && <span className="gs-switch__inner">{inner}</span>}
    </button>
  );
}
