import { centsToYuan, type TAdminMaterial, type TAdminMaterialPatch, yuanToCents } from '@gemstock/contract';
import type { Dayjs } from 'dayjs';
import { chinaInstantOf, chinaWallDayjs } from './china-picker';

/** The edit drawer's form: money in yuan as operators type it, converted to cents only here. */
export interface EditValues {
  keywords: string[];
  /** Yuan, by licence type; empty means the licence table's price. */
  prices: Record<string, number | null | undefined>;
  specials: Record<string, number | null | undefined>;
  customPrice: number | null | undefined;
  freeRange: [Dayjs, Dayjs] | null | undefined;
  featured: boolean;
  /** 上架: the inverse of `disabled`, which reads better on a switch. */
  listed: boolean;
  remark: string | undefined;
  /** Facet codes; null (or cleared: undefined) means not set. */
  metal: string | null | undefined;
  gem: string | null | undefined;
  piece: string | null | undefined;
  scene: string | null | undefined;
}

export function initialValues(material: TAdminMaterial): EditValues {
  const yuan = (map: Record<string, number>) =>
    Object.fromEntries(
      material.authTypes.map((t) => [String(t), map[String(t)] != null ? centsToYuan(map[String(t)]!) : null]),
    );
  return {
    keywords: material.keywords,
    prices: yuan(material.pricesCents),
    specials: yuan(material.specialPricesCents),
    customPrice: material.customPriceCents != null ? centsToYuan(material.customPriceCents) : null,
    freeRange:
      material.freeFrom && material.freeUntil
        ? [chinaWallDayjs(material.freeFrom), chinaWallDayjs(material.freeUntil)]
        : null,
    featured: material.featured,
    listed: !material.disabled,
    remark: material.remark ?? '',
    ...material.facets,
  };
}

/** Form values → the PATCH body: yuan to cents through the contract's money helper, only set prices. */
export function toPatch(material: TAdminMaterial, values: EditValues): TAdminMaterialPatch {
  const cents = (map: EditValues['prices']) => {
    const out: Record<string, number> = {};
    for (const type of material.authTypes) {
      const value = map?.[String(type)];
      if (value !== null && value !== undefined) out[String(type)] = yuanToCents(value);
    }
    return out;
  };
  return {
    keywords: values.keywords.map((k) => k.trim()).filter(Boolean),
    pricesCents: cents(values.prices),
    specialPricesCents: cents(values.specials),
    customPriceCents: values.customPrice == null ? null : yuanToCents(values.customPrice),
    freeFrom: values.freeRange ? chinaInstantOf(values.freeRange[0]) : null,
    freeUntil: values.freeRange ? chinaInstantOf(values.freeRange[1]) : null,
    featured: values.featured,
    disabled: !values.listed,
    remark: values.remark?.trim() ? values.remark.trim() : null,
    metal: values.metal ?? null,
    gem: values.gem ?? null,
    piece: values.piece ?? null,
    scene: values.scene ?? null,
  };
}

/**
 * Only what the operator changed against `loaded` (the material as the form was filled from),
 * with the version it was loaded at: a field left alone is never sent, so it cannot undo someone
 * else's edit, and the server refuses the save if the material was edited since. Null when
 * nothing changed.
 */
export function changedPatch(loaded: TAdminMaterial, values: EditValues): TAdminMaterialPatch | null {
  const before = toPatch(loaded, initialValues(loaded)) as Record<string, unknown>;
  const after = toPatch(loaded, values) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(before[field])) changed[field] = value;
  }
  // The free window is one field on the form and must be sent with both ends.
  if ('freeFrom' in changed || 'freeUntil' in changed) {
    changed.freeFrom = after.freeFrom;
    changed.freeUntil = after.freeUntil;
  }
  if (Object.keys(changed).length === 0) return null;
  return { ...(changed as TAdminMaterialPatch), version: loaded.version };
}

/** Server field paths (pricesCents.2, freeUntil …) → this form's fields. */
export function formFieldOf(path: string): (string | number)[] | null {
  const [head, type] = path.split('.');
  if (head === 'pricesCents' && type) return ['prices', type];
  if (head === 'specialPricesCents' && type) return ['specials', type];
  if (head === 'freeFrom' || head === 'freeUntil') return ['freeRange'];
  if (head === 'customPriceCents') return ['customPrice'];
  if (head === 'keywords' || head === 'remark' || head === 'featured') return [head];
  if (head === 'metal' || head === 'gem' || head === 'piece' || head === 'scene') return [head];
  return null;
}
