import { type InputHTMLAttributes, type ReactNode, useEffect, useRef } from 'react';
import './checkbox.css';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  /** Half-ticked: some, not all, of what the box stands for is chosen (a select-all box). */
  indeterminate?: boolean;
  /** The visible label beside the box; without it, give the box an `aria-label`. */
  children?: ReactNode;
};

/**
 * A checkbox with antd Checkbox's look on a native input: the browser gives it its role, its
 * keyboard (Space) and its name (the label around it, or `aria-label`); `onChange` receives the
 * native event, so `event.target.checked` reads as with antd.
 */
export function Checkbox({ indeterminate = false, children, className, disabled, ...input }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // no attribute for it: the half-ticked state is a property of the element only
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={['gs-checkbox', disabled && 'is-disabled', className].filter(Boolean).join(' ')}>
      <span className="gs-checkbox__control">
        <input ref={ref} type="checkbox" className="gs-checkbox__input" disabled={disabled} {...input} />
        <span className="gs-checkbox__box" aria-hidden />
      </span>
      {children !== undefined && children !== null && children !== false && (
        <span className="gs-checkbox__label">{children}</span>
      )}
    </label>
  );
}
