import { ErrorCode, type TLikeResponse, type TPagedMaterialsResponse } from '@gemstock/contract';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../user/user.repository.js';
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

export async function listLiked(deps: CatalogDeps, user: UserRow, input: PageInput): Promise<TPagedMaterialsResponse> {
  const page = { offset: (input.page - 1) * input.page_size, limit: input.page_size };
  const [rows, total] = await Promise.all([
    listLikedMaterials(deps.db, user.sid, page),
    countLikedMaterials(deps.db, user.sid),
  ]);
  return { total, materials: await toWire(deps, rows, user) };
}
