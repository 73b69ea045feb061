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
import { type PublicUrlOf, toWireMaterial } from '../catalog/material.mapper.js';
import { withOwnership } from '../licence/ownership.js';
import { findLikedMaterialSids, findMaterialsBySids, pricedMaterialOf } from '../catalog/materials.service.js';
import type { UserRow } from '../user/user.repository.js';
import {
  countCartItems,
  deleteCartItems,
  hasCartItem,
  listCartItems,
  setCartChosen,
  upsertCartItem,
} from './cart.repository.js';

export interface CartDeps {
  db: Db;
  publicUrlOf: PublicUrlOf;
  now?: () => Date;
}

/** The signed-in account's cart. Prices shown here are only informative: orders re-price from the database. */
export class CartService {
  constructor(private readonly deps: CartDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async listCart(user: UserRow): Promise<TCartResponse> {
    const items = await listCartItems(this.deps.db, user.sid);
    const found = await findMaterialsBySids(
      this.deps.db,
      items.map((i) => i.materialSid),
    );
    const lines = items.flatMap((item) => {
      const material = found.get(item.materialSid);
      return material ? [{ ...item, material }] : [];
    });
    const liked = await findLikedMaterialSids(
      this.deps.db,
      user.sid,
      lines.map((l) => l.material.sid),
    );
    const now = this.now();
    const materials: TCartItem[] = [];
    for (const line of lines) {
      const wire = toWireMaterial(line.material, {
        liked: liked.has(line.material.sid),
        now,
        publicUrlOf: this.deps.publicUrlOf,
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
    return { materials: await withOwnership(this.deps.db, user, materials) };
  }

  async addToCart(user: UserRow, input: { material: string; spec: LicenceType }): Promise<TCartCountResponse> {
    const material = (await findMaterialsBySids(this.deps.db, [input.material])).get(input.material);
    if (!material || material.disabled) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
    if (unitPriceCents(pricedMaterialOf(material), input.spec) === null) {
      throw new AppError(ErrorCode.LICENCE_TYPE_NOT_OFFERED);
    }
    const isInCart = await hasCartItem(this.deps.db, user.sid, material.sid);
    if (!isInCart && (await countCartItems(this.deps.db, user.sid)) >= CART_MAX_ITEMS) {
      throw new AppError(ErrorCode.CART_FULL);
    }
    await upsertCartItem(this.deps.db, user.sid, material.sid, input.spec);
    return { count: await countCartItems(this.deps.db, user.sid) };
  }

  async removeFromCart(user: UserRow, materialSids: string[]): Promise<TCartCountResponse> {
    await deleteCartItems(this.deps.db, user.sid, materialSids);
    return { count: await countCartItems(this.deps.db, user.sid) };
  }

  /** Choosing a disabled material is refused; un-choosing anything is fine. */
  async chooseInCart(user: UserRow, input: { materials: string[]; chosen: boolean }): Promise<TCartCountResponse> {
    if (input.chosen) {
      const found = await findMaterialsBySids(this.deps.db, input.materials);
      if ([...found.values()].some((m) => m.disabled)) throw new AppError(ErrorCode.MATERIAL_DISABLED);
    }
    await setCartChosen(this.deps.db, user.sid, input.materials, input.chosen);
    return { count: await countCartItems(this.deps.db, user.sid) };
  }
}
