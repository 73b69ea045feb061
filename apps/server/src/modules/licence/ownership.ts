import {
  ErrorCode,
  isLicenceType,
  licenceCovers,
  licenceSpec,
  LicenceType,
  OrderStateMachine,
  type TMaterial,
  ownerSidOf,
} from '@gemstock/contract';
import { AppError } from '../../lib/app-error.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { listCustomCredits, listOwnedSpecs } from './licence.repository.js';

/**
 * What a company owns, for showing 已购 and refusing a licence bought twice. Ownership is per
 * company (the main account and its sub-accounts share licences), so it is read per request and
 * merged into materials after any shared cache, never stored in a cached page.
 */

export interface MaterialOwnership {
  /** Owned licence types, widest first. */
  specs: LicenceType[];
  /** The latest purchase. */
  buyTime: Date;
}

/** The company's licences of these materials, by material sid (absent: none owned). */
export async function findCompanyOwnership(
  db: DbOrTx,
  user: Pick<UserRow, 'sid' | 'level' | 'parentSid'>,
  materialSids: readonly string[],
): Promise<Map<string, MaterialOwnership>> {
  return findOwnershipOf(db, ownerSidOf(user), materialSids);
}

/** The same by the owning (main) account's sid, e.g. `orders.owner_sid`. */
export async function findOwnershipOf(
  db: DbOrTx,
  ownerSid: string,
  materialSids: readonly string[],
): Promise<Map<string, MaterialOwnership>> {
  const owned = new Map<string, MaterialOwnership>();
  if (materialSids.length === 0) return owned;
  for (const row of await listOwnedSpecs(db, ownerSid, materialSids)) {
    if (!isLicenceType(row.spec)) continue;
    const entry = owned.get(row.materialSid) ?? { specs: [], buyTime: row.boughtAt };
    entry.specs.push(row.spec);
    if (row.boughtAt > entry.buyTime) entry.buyTime = row.boughtAt;
    owned.set(row.materialSid, entry);
  }
  for (const entry of owned.values()) entry.specs.sort((a, b) => a - b);
  return owned;
}

/**
 * Refuses a licence the company already holds, or holds a wider one of (LICENCE_ALREADY_OWNED,
 * naming the material and the licence). A wider licence than the one owned may be bought at its
 * full price, or as an upgrade for the difference (modules/order/order-upgrade.ts). Licences
 * superseded by an upgrade do not count.
 */
export async function assertLicencesNotOwned(
  db: DbOrTx,
  ownerSid: string,
  items: readonly { materialSid: string; spec: number; label?: string }[],
): Promise<void> {
  const owned = await findOwnershipOf(
    db,
    ownerSid,
    items.map((i) => i.materialSid),
  );
  refuseOwnedLicences(items.map((i) => ({ ...i, ownedSpecs: owned.get(i.materialSid)?.specs ?? [] })));
}

/**
 * assertLicencesNotOwned with the licence types owned of each material already read (the
 * payment reads them with the order's items, `listItemsToPay`).
 */
export function refuseOwnedLicences(
  items: readonly { materialSid: string; spec: number; label?: string; ownedSpecs: readonly number[] }[],
): void {
  for (const item of items) {
    // Widest first, as findOwnershipOf answers them: the message names the widest covering licence.
    const specs = item.ownedSpecs.filter(isLicenceType).sort((a, b) => a - b);
    const covering = specs.find((s) => licenceCovers(s, item.spec));
    if (covering === undefined) continue;
    const what = item.label ? `「${item.label}」（编号 ${item.materialSid}）` : `编号 ${item.materialSid}`;
    throw new AppError(
      ErrorCode.LICENCE_ALREADY_OWNED,
      `您的公司已购买素材${what}的${licenceSpec(covering).name}，无需重复购买`,
    );
  }
}

/** Materials as the signed-in buyer sees them: `buyTime` and `ownedSpecs` from the company's licences. */
export async function withOwnership<T extends TMaterial>(
  db: DbOrTx,
  user: Pick<UserRow, 'sid' | 'level' | 'parentSid'>,
  materials: T[],
): Promise<T[]> {
  const owned = await findCompanyOwnership(
    db,
    user,
    materials.map((m) => m.sid),
  );
  return materials.map((m) => {
    const entry = owned.get(m.sid);
    return entry
      ? { ...m, buyTime: entry.buyTime.toISOString(), ownedSpecs: entry.specs }
      : { ...m, buyTime: null, ownedSpecs: [] };
  });
}

/** What a held 高级定制授权 does for a custom order of its material. */
export type CustomDesignCredit =
  | { kind: 'available'; licenceSid: string }
  /** Its credit holds an unpaid custom order: a second one would be sold twice or refused later. */
  | { kind: 'held' }
  | { kind: 'none' };

/**
 * Spec §3's 高级定制授权 stands for the custom service of its material: the company's first
 * custom order of that material is paid by it, once (docs/decisions/0023). A credit used by a
 * paid order is spent; one held by an unpaid order is freed when that order is cancelled.
 */
export async function findCustomDesignCredit(
  db: DbOrTx,
  ownerSid: string,
  materialSid: string,
): Promise<CustomDesignCredit> {
  const credits = await listCustomCredits(db, ownerSid, materialSid, LicenceType.PREMIUM_CUSTOM);
  const free = credits.find((c) => c.usedByStatus === null);
  if (free) return { kind: 'available', licenceSid: free.licenceSid };
  if (credits.some((c) => c.usedByStatus !== null && OrderStateMachine.may('pay', c.usedByStatus))) {
    return { kind: 'held' };
  }
  return { kind: 'none' };
}
