/**
 * What the material feature offers the others (lint: another feature imports only this file).
 * The detail page's own modules stay private.
 */
export { addToCartAndReport } from './api/add-to-cart';
export { useMaterial } from './api/get-material';
