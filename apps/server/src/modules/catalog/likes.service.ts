import { ErrorCode, type TLikedMaterialsResponse, type TLikeResponse } from '@gemstock/contract';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import type { UserRow } from '../../db/rows.js';
import { type CatalogDeps, type PageInput, toWire } from './catalog.service.js';
import { countLikedMaterials, likeMaterial, listLikedMaterials, unlikeMaterial } from './likes.repository.js';

export async function like(deps: Pick<CatalogDeps, 'db'>, user: UserRow, materialSid: string): Promise<TLikeResponse> {
  const state = await likeMaterial(deps.db, user.sid, materialSid);
  if (!state) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  return state;
}

export async function unlike(
  deps: Pick<CatalogDeps, 'db'>,
  user: UserRow,
  materialSid: string,
): Promise<TLikeResponse> {
  const state = await unlikeMaterial(deps.db, user.sid, materialSid);
  if (!state) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  return state;
}

export async function listLiked(
  deps: CatalogDeps,
  user: UserRow,
  input: PageInput & { cursor?: string | undefined },
): Promise<TLikedMaterialsResponse> {
  const [found, counted] = await Promise.all([
    listLikedMaterials(deps.db, user.sid, listPageOf(input)),
    countLikedMaterials(deps.db, user.sid),
  ]);
  const { rows, nextCursor } = pageWithCursor(found, input.page_size, (m) => ({ at: m.position, sid: m.sid }));
  return { ...cappedTotal(counted), nextCursor, materials: await toWire(deps, rows, user) };
}
