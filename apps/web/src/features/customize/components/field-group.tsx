import { type ReactNode, useId } from 'react';

/**
 * A labelled block for what is not one text control: the label names the block as a group, or,
 * given `labelId`, the one control inside that refers to it (a radio group).
 */
export function FieldGroup({
  label,
  labelId,
  required,
  children,
}: {
  label: ReactNode;
  labelId?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const ownId = useId();
  const id = labelId ?? ownId;
  return (
    <div role={labelId ? undefined : 'group'} aria-labelledby={labelId ? undefined : id} className="gs-field">
      <span id={id} className={`gs-field__label${required ? ' is-required' : ''}`}>
        {label}
      </span>
      {children}
    </div>
  );
}
