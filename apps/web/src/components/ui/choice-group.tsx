import { type ReactNode, useId } from 'react';

type ChoiceValue = string | number;

interface Choice<V extends ChoiceValue> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
  className?: string;
}

interface ChoiceGroupProps<V extends ChoiceValue> {
  /** Names the group for assistive technology: a label element's id or a text. */
  labelledBy?: string;
  label?: string;
  value: V | null;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  /** `buttons`: a row of small toggle buttons (antd's solid radio buttons); `cards`: stacked rows. */
  look: 'buttons' | 'cards';
  className?: string;
}

/**
 * One choice among several, on native radio inputs: Tab reaches the group, the arrow keys move the
 * choice, and a screen reader announces "radio, 2 of 4" with no script of ours.
 */
export function ChoiceGroup<V extends ChoiceValue>({
  labelledBy,
  label,
  value,
  choices,
  onChange,
  look,
  className,
}: ChoiceGroupProps<V>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      className={`gs-choices gs-choices--${look}${className ? ` ${className}` : ''}`}
    >
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={[
            'gs-choice',
            choice.className,
            choice.value === value && 'is-checked',
            choice.disabled && 'is-disabled',
          ]
            .filter(Boolean)
            .join(' ')}
        >
          <input
            type="radio"
            className="gs-choice__input"
            name={name}
            value={choice.value}
            checked={choice.value === value}
            disabled={choice.disabled}
            onChange={() => onChange(choice.value)}
          />
          {look === 'cards' && <span className="gs-choice__dot" aria-hidden />}
          <span className="gs-choice__label">{choice.label}</span>
        </label>
      ))}
    </div>
  );
}
