import {
  type LicenceSpec,
  type LicenceType,
  MaterialFormat,
  Orientation,
  type TMaterial,
  isCents,
  licenceCovers,
  licenceSpec,
  licenceTableFor,
  listPriceCents,
  unitPriceCents,
} from '@gemstock/contract';

/**
 * Pure rules for showing a material's licences and prices (spec §3). Money stays in integer
 * cents here; only PriceText / formatYuan turn it into yuan.
 */

export interface LicencePrice {
  /** The list price of the type: the material's own per-type price, or the licence table's. */
  listCents: number;
  /** The special price when it is below the list price (shown as a promotion), else null. */
  promoCents: number | null;
  /** What the buyer pays for this type before member discounts and coupons. */
  payCents: number;
}

type PricedFields = 'price' | 'specialPrice' | 'authType' | 'customPrice';

/**
 * Price of one licence type. `price` may be a number (every type then costs its licence-table
 * price) or a map by type (see `listPriceCents` in the contract). What is charged comes from the
 * contract's `unitPriceCents` — the function order preview and payment use — so what is shown is
 * what is charged: the special price when set, else the list price. A special price is shown as a
 * promotion (list price struck through) only when it is lower. A type the material does not
 * offer gets the same rule, for display only.
 */
export function resolveLicencePrice(material: Pick<TMaterial, PricedFields>, type: LicenceType): LicencePrice {
  const listCents = listPriceCents(material, type);
  const raw = material.specialPrice[String(type)];
  const special = isCents(raw) && raw >= 0 ? raw : null;
  const payCents = unitPriceCents(material, type) ?? special ?? listCents;
  return { listCents, promoCents: payCents < listCents ? payCents : null, payCents };
}

/** The lowest price among the types the material is offered with ("¥198 起"). */
export function lowestPayCents(material: Pick<TMaterial, PricedFields>): number | null {
  if (material.authType.length === 0) return null;
  return Math.min(...material.authType.map((type) => resolveLicencePrice(material, type).payCents));
}

export function longSideOf(material: Pick<TMaterial, 'width' | 'height'>): number {
  return Math.max(material.width, material.height);
}

/** Why a licence type cannot be chosen for a material of this size. */
export function licenceUnavailableReason(material: Pick<TMaterial, 'width' | 'height'>, spec: LicenceSpec): string {
  const longSide = longSideOf(material);
  if (spec.minLongSide !== null && longSide < spec.minLongSide) {
    return `素材长边 ${longSide}px，低于该授权要求的 ${spec.minLongSide}px`;
  }
  const shortSide = Math.min(material.width, material.height);
  if (spec.minShortSide !== null && shortSide < spec.minShortSide) {
    return `视频分辨率 ${shortSide}p，低于该授权要求的 ${spec.minShortSide}p`;
  }
  return '该素材暂不提供此授权';
}

export interface LicenceOption {
  spec: LicenceSpec;
  available: boolean;
  /** Shown beside a disabled type; null when available. */
  reason: string | null;
  price: LicencePrice;
}

/**
 * Every row of the licence table of the material's format (images and videos have their own
 * uses and size rules): the types in `authType` (the ones the server says it qualifies for) are
 * available, the others disabled with the reason.
 */
export function licenceOptions(
  material: Pick<TMaterial, PricedFields | 'width' | 'height'> & Partial<Pick<TMaterial, 'format'>>,
): LicenceOption[] {
  return licenceTableFor(material.format).map((spec) => {
    const available = material.authType.includes(spec.type);
    return {
      spec,
      available,
      reason: available ? null : licenceUnavailableReason(material, spec),
      price: resolveLicencePrice(material, spec.type),
    };
  });
}

/** The type selected at first: the first of `authType` (spec §3), or null when none is offered. */
export function defaultLicenceType(material: Pick<TMaterial, 'authType'>): LicenceType | null {
  return material.authType[0] ?? null;
}

export const ORIENTATION_LABEL: Record<Orientation, string> = {
  [Orientation.PORTRAIT]: '竖图',
  [Orientation.LANDSCAPE]: '横图',
  [Orientation.SQUARE]: '方图',
};

export const FORMAT_LABEL: Record<MaterialFormat, string> = {
  [MaterialFormat.IMAGE]: '图片',
  [MaterialFormat.VIDEO]: '视频',
};

/** Seconds → "0:08", "12:30", "1:02:03". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Alt text and accessible name of a material: its keywords. */
/** The short name a list shows for a material: its first keywords, else its number. */
export function materialTitle(material: Pick<TMaterial, 'sid' | 'keywords'>): string {
  return material.keywords.slice(0, 4).join('、') || `素材 ${material.sid}`;
}

export function materialLabel(material: Pick<TMaterial, 'keywords' | 'format'>): string {
  const kind = FORMAT_LABEL[material.format];
  const words = material.keywords.slice(0, 5).join('、');
  return words ? `${words}${kind}` : `珠宝${kind}素材`;
}

/**
 * "已购 · 标准授权": what the signed-in buyer's company owns of a material (main and sub-accounts
 * share it), or null when nothing (or a visitor's view, which never says).
 */
export function ownedLicenceText(material: Pick<TMaterial, 'ownedSpecs'>): string | null {
  const owned = material.ownedSpecs ?? [];
  if (owned.length === 0) return null;
  return `已购 · ${owned.map((type) => licenceSpec(type).name).join('、')}`;
}

/** The owned licence that already grants `type` (the same or a wider one), or null: buying it again is refused. */
export function owningLicence(material: Pick<TMaterial, 'ownedSpecs'>, type: LicenceType): LicenceType | null {
  return (material.ownedSpecs ?? []).find((owned) => licenceCovers(owned, type)) ?? null;
}
