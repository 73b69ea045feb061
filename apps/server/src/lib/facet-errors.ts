import { ErrorCode, type Facet, FACET_LABEL, type ErrorSpec } from '@gemstock/contract';
import { AppError } from './app-error.js';

const UNKNOWN_FACET_ERROR: Record<Facet, ErrorSpec> = {
  metal: ErrorCode.FACET_METAL_UNKNOWN,
  gem: ErrorCode.FACET_GEM_UNKNOWN,
  piece: ErrorCode.FACET_PIECE_UNKNOWN,
  scene: ErrorCode.FACET_SCENE_UNKNOWN,
};

/**
 * The refusal of facet codes the vocabulary does not have, naming them, with the facet's own
 * code (4400–4403): the same answer for a search filter, an upload, an edit and a bulk edit.
 */
export function unknownFacetError(facet: Facet, values: string[]): AppError {
  return new AppError(UNKNOWN_FACET_ERROR[facet], `不支持的${FACET_LABEL[facet]}筛选值：${values.join('、')}`);
}
