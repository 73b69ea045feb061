import type { CSSProperties, SelectHTMLAttributes } from 'react';
import './select.css';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

type SelectProps<V extends string | number> = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'defaultValue' | 'onChange' | 'multiple' | 'children'
> & {
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  style?: CSSProperties;
};

/**
 * One value among a few, on a native <select> with antd Select's look: the phone's own picker, the
 * keyboard and the combobox role come with the element; name it with `aria-label` or a <label>.
 */
export function Select<V extends string | number>({ value, options, onChange, className, ...rest }: SelectProps<V>) {
  return (
    <select
      className={`gs-select${className ? ` ${className}` : ''}`}
      value={String(value)}
      onChange={(event) => {
        const chosen = options.find((option) => String(option.value) === event.target.value);
        if (chosen) onChange(chosen.value);
      }}
      {...rest}
    >
      {options.map((option) => (
        <option key={option.value} value={String(option.value)} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
