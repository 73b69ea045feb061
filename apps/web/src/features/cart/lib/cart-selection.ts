import type { LicenceType, TCartItem } from '@gemstock/contract';

type CartLine = Pick<TCartItem, 'sid' | 'chosen' | 'disabled' | 'spec'>;

/** Lines that can be chosen: every line whose material is still on sale (spec §4 select-all). */
export function selectableSids(items: readonly CartLine[]): string[] {
  return items.filter((i) => !i.disabled).map((i) => i.sid);
}

/** Chosen lines that can be bought (a withdrawn material is never bought, whatever its flag says). */
export function chosenItems<T extends CartLine>(items: readonly T[]): T[] {
  return items.filter((i) => i.chosen && !i.disabled);
}

/** The select-all checkbox: ticked when every selectable line is chosen, half-ticked when some are. */
export function selectAllState(items: readonly CartLine[]): { checked: boolean; indeterminate: boolean } {
  const selectable = items.filter((i) => !i.disabled);
  const chosen = selectable.filter((i) => i.chosen).length;
  return {
    checked: selectable.length > 0 && chosen === selectable.length,
    indeterminate: chosen > 0 && chosen < selectable.length,
  };
}

/** `{sid: licenceType}` of the chosen lines: what the order and the total preview are asked for. */
export function selectionOf(items: readonly CartLine[]): Record<string, LicenceType> {
  return Object.fromEntries(chosenItems(items).map((i) => [i.sid, i.spec]));
}
