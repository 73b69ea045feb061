/**
 * The colours offered as swatches in the filter panel: those jewellery is shot in and matched
 * to (metals, stones, the usual backgrounds). Values are what `color=` sends (six lower-case
 * hexadecimal digits); any other colour comes from the picker and is named by its value.
 */
export const COLOUR_SWATCHES: readonly { value: string; label: string }[] = [
  { value: 'd4af37', label: '金' },
  { value: 'b76e79', label: '玫瑰金' },
  { value: 'e5e4e2', label: '银白' },
  { value: '8c8c8c', label: '铂灰' },
  { value: '00a86b', label: '翡翠绿' },
  { value: '0f52ba', label: '宝蓝' },
  { value: 'e0115f', label: '红宝石红' },
  { value: 'f8f6f0', label: '珍珠白' },
  { value: 'f4c2c2', label: '粉' },
  { value: '9966cc', label: '紫晶' },
  { value: 'c19a6b', label: '香槟' },
  { value: '111111', label: '黑' },
];

/** What a chosen colour is called: its swatch's name, else its value (`#1A2B3C`). */
export function colourLabel(value: string): string {
  return COLOUR_SWATCHES.find((s) => s.value === value)?.label ?? `#${value.toUpperCase()}`;
}
