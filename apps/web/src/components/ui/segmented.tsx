import { ChoiceGroup } from './choice-group';
import './segmented.css';

interface SegmentedProps<V extends string | number> {
  /** Names the group for assistive technology: a text, or a label element's id. */
  label?: string;
  labelledBy?: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** Fills its container, the options sharing the width equally. */
  block?: boolean;
}

/**
 * antd Segmented's look (a grey track, the chosen option raised in white) on ChoiceGroup's native
 * radios: a radiogroup reached with Tab, the arrow keys move the choice.
 */
export function Segmented<V extends string | number>({
  label,
  labelledBy,
  value,
  options,
  onChange,
  block,
}: SegmentedProps<V>) {
  return (
    <ChoiceGroup
      look="buttons"
      className={`gs-segmented${block ? ' gs-segmented--block' : ''}`}
      label={label}
      labelledBy={labelledBy}
      value={value}
      choices={options}
      onChange={onChange}
    />
  );
}
