/**
 * Materials as the order module prices them. The lookups are the catalogue's (its front door,
 * modules/catalog/materials.service.ts); this file keeps the names the cart imports.
 */
export { findMaterialsBySids, pricedMaterialOf } from '../catalog/materials.service.js';
