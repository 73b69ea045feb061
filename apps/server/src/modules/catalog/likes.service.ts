import { ErrorCode, type TLikeResponse, type TPagedMaterialsResponse } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../user/user.repository.js';
import type { CatalogService, PageInput } from './catalog.service.js';
import { countLikedMaterials, likeMaterial, listLikedMaterials, unlikeMaterial } from './likes.repository.js';

export class LikesService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  async like(user: UserRow, materialSid: string): Promise<TLikeResponse> {
    const state = await likeMaterial(this.db, user.sid, materialSid);
    if (!state) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
    return state;
  }

  async unlike(user: UserRow, materialSid: string): Promise<TLikeResponse> {
    const state = await unlikeMaterial(this.db, user.sid, materialSid);
    if (!state) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
    return state;
  }

  async listLiked(user: UserRow, input: PageInput): Promise<TPagedMaterialsResponse> {
    const page = { offset: (input.page - 1) * input.page_size, limit: input.page_size };
    const [rows, total] = await Promise.all([
      listLikedMaterials(this.db, user.sid, page),
      countLikedMaterials(this.db, user.sid),
    ]);
    return { total, materials: await this.catalog.toWire(rows, user) };
  }
}
