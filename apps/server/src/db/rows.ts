import type { operators, orders, users } from './schema/index.js';

/*
 * The rows most modules name: an account, an operator, an order. A row type is the table's
 * shape, not the owning module's behaviour, so naming one creates no dependency on the module
 * that reads and writes it (its repository re-exports it).
 */

export type UserRow = typeof users.$inferSelect;
export type OperatorRow = typeof operators.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** A material as the catalogue reads it (catalog.repository.ts MATERIAL_COLUMNS): what its wire shape is built from. */
export interface MaterialRow {
  sid: string;
  seq: number;
  format: string;
  keywords: string[];
  width: number;
  height: number;
  durationMs: number | null;
  aspectRatio: string | null;
  resolution: string | null;
  authTypes: number[];
  originalKey: string;
  thumbKey: string | null;
  thumbSmallKey: string | null;
  placeholderColor: string | null;
  coverKey: string | null;
  watermarkKey: string | null;
  previewKey: string | null;
  likeCount: number;
  disabled: boolean;
  freeFrom: Date | null;
  freeUntil: Date | null;
  pricesCents: Record<string, number>;
  specialPricesCents: Record<string, number>;
  customPriceCents: number | null;
  remark: string | null;
  metal: string | null;
  gem: string | null;
  piece: string | null;
  scene: string | null;
  createdAt: Date;
}

/** What a material's wire shape is made from: the row without its private original's key. */
export type WireMaterialRow = Omit<MaterialRow, 'originalKey'>;
