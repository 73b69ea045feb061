import {
  CART_MAX_ITEMS,
  ErrorCode,
  type LicenceType,
  type TCartCountResponse,
  type TCartItem,
  type TCartResponse,
  unitPriceCents,
} from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/event-bus.js';
import {
  findLikedSids,
  findMaterialsBySids,
  pricedMaterialOf,
  toWireMaterial,
  type PublicUrlOf,
} from '../catalog/index.js';
import { withOwnership } from '../licence/index.js';
import type { UserRow } from '../../db/rows.js';
import {
  countCartItems,
  deleteCartItems,
  hasCartItem,
  listCartItems,
  lockCartOwner,
  setCartChosen,
  upsertCartItem,
} from './cart.repository.js';

/** The signed-in account's cart. Prices shown here are only informative: orders re-price from the database. */
export interface CartDeps {
  db: Db;
  publicUrlOf: PublicUrlOf;
  now?: () => Date;
  /** Announces additions (analytics listens). */
  events: Pick<EventBus, 'emit'>;
}

function nowOf(deps: CartDeps): Date {
  return deps.now?.() ?? new Date();
}

export async function listCart(deps: CartDeps, user: UserRow): Promise<TCartResponse> {
  const items = await listCartItems(deps.db, user.sid);
  const found = await findMaterialsBySids(
    deps.db,
    items.map((i) => i.materialSid),
  );
  const lines = items.flatMap((item) => {
    const material = found.get(item.materialSid);
    return material ? [{ ...item, material }] : [];
  });
  const liked = await findLikedSids(
    deps.db,
    user.sid,
    lines.map((l) => l.material.sid),
  );
  const now = nowOf(deps);
  const materials: TCartItem[] = [];
  for (const line of lines) {
    const wire = toWireMaterial(line.material, {
      liked: liked.has(line.material.sid),
      now,
      publicUrlOf: deps.publicUrlOf,
    });
    const priced = pricedMaterialOf(line.material);
    // A licence type the material no longer offers falls back to its first (selected) one.
    const spec = (unitPriceCents(priced, line.spec) !== null ? line.spec : priced.authType[0]) as
      LicenceType | undefined;
    if (spec === undefined) continue;
    materials.push({
      ...wire,
      spec,
      chosen: line.chosen && !line.material.disabled,
      unitPrice: unitPriceCents(priced, spec) ?? 0,
      addedAt: line.addedAt.toISOString(),
    });
  }
  return { materials: await withOwnership(deps.db, user, materials) };
}

export async function addToCart(
  deps: CartDeps,
  user: UserRow,
  input: { material: string; spec: LicenceType },
): Promise<TCartCountResponse> {
  const material = (await findMaterialsBySids(deps.db, [input.material])).get(input.material);
  if (!material || material.disabled) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  if (unitPriceCents(pricedMaterialOf(material), input.spec) === null) {
    throw new AppError(ErrorCode.LICENCE_TYPE_NOT_OFFERED);
  }
  await deps.db.transaction(async (tx) => {
    await lockCartOwner(tx, user.sid);
    const isInCart = await hasCartItem(tx, user.sid, material.sid);
    if (!isInCart && (await countCartItems(tx, user.sid)) >= CART_MAX_ITEMS) {
      throw new AppError(ErrorCode.CART_FULL);
    }
    await upsertCartItem(tx, user.sid, material.sid, input.spec);
  });
  await deps.events.emit('cart.added', { materialSid: material.sid, userSid: user.sid });
  return { count: await countCartItems(deps.db, user.sid) };
}

/**
 * Puts several materials (each with its licence type) into the cart in one go, or none of them
 * when they would not all fit: answers the new count, or null when refused for room.
 */
export async function addManyToCart(
  deps: CartDeps,
  user: UserRow,
  items: readonly { materialSid: string; spec: LicenceType }[],
): Promise<number | null> {
  const fitted = await deps.db.transaction(async (tx) => {
    await lockCartOwner(tx, user.sid);
    const present = new Set((await listCartItems(tx, user.sid)).map((i) => i.materialSid));
    const fresh = items.filter((i) => !present.has(i.materialSid)).length;
    if (present.size + fresh > CART_MAX_ITEMS) return false;
    for (const item of items) await upsertCartItem(tx, user.sid, item.materialSid, item.spec);
    return true;
  });
  if (!fitted) return null;
  for (const item of items) await deps.events.emit('cart.added', { materialSid: item.materialSid, userSid: user.sid });
  return countCartItems(deps.db, user.sid);
}

export async function removeFromCart(
  deps: CartDeps,
  user: UserRow,
  materialSids: string[],
): Promise<TCartCountResponse> {
  await deleteCartItems(deps.db, user.sid, materialSids);
  return { count: await countCartItems(deps.db, user.sid) };
}

/** Choosing a disabled material is refused; un-choosing anything is fine. */
export async function chooseInCart(
  deps: CartDeps,
  user: UserRow,
  input: { materials: string[]; chosen: boolean },
): Promise<TCartCountResponse> {
  if (input.chosen) {
    const found = await findMaterialsBySids(deps.db, input.materials);
    if ([...found.values()].some((m) => m.disabled)) throw new AppError(ErrorCode.MATERIAL_DISABLED);
  }
  await setCartChosen(deps.db, user.sid, input.materials, input.chosen);
  return { count: await countCartItems(deps.db, user.sid) };
}
