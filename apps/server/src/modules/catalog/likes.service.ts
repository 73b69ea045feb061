import { ErrorCode, type TLikedMaterialsResponse, type TLikeResponse } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
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

  async listLiked(user: UserRow, input: PageInput & { cursor?: string | undefined }): Promise<TLikedMaterialsResponse> {
    const [found, counted] = await Promise.all([
      listLikedMaterials(this.db, user.sid, listPageOf(input)),
      countLikedMaterials(this.db, user.sid),
    ]);
    const { rows, nextCursor } = pageWithCursor(found, input.page_size, (m) => ({ at: m.position, sid: m.sid }));
    return { ...cappedTotal(counted), nextCursor, materials: await this.catalog.toWire(rows, user) };
  }
}
